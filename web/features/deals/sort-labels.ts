/** The list's orders as shoppers read them, in the order the filter panel lists them. */
import type { DealSort } from '../../../contract/deals';

export const SORT_LABELS: Record<DealSort, string> = {
  newest: 'Newest',
  popular: 'Most popular',
  price_asc: 'Price low to high',
  price_desc: 'Price high to low',
  ending_soon: 'Ending soon',
  nearest: 'Nearest',
};
