/** The list's orders as shoppers read them, in the order the filter panel lists them. */
import type { DealSort } from '../../../contract/deals';
import { translate } from '../../i18n';

export const SORTS_IN_ORDER: readonly DealSort[] = ['newest', 'popular', 'price_asc', 'price_desc', 'ending_soon', 'nearest'];

/** An order's name in the current language (read when shown, so it follows the language). */
export function sortLabel(sort: DealSort): string {
  switch (sort) {
    case 'newest':
      return translate('deals:sort.newest');
    case 'popular':
      return translate('deals:sort.popular');
    case 'price_asc':
      return translate('deals:sort.priceAsc');
    case 'price_desc':
      return translate('deals:sort.priceDesc');
    case 'ending_soon':
      return translate('deals:sort.endingSoon');
    case 'nearest':
      return translate('deals:sort.nearest');
  }
}
