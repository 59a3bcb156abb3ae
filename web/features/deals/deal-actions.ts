/**
 * The slots of the catalogue's cards and pages for what other features do with a deal (docs/ARCHITECTURE.md, web/app/).
 * Deals is at the bottom of the shopper features: favourites, cart, checkout, groups, orders and vouchers import it,
 * never it them. Where a card or page of deals shows their buttons (the heart, Add to Cart, Buy Now, Start or Join a
 * group), it takes them as components through these slots and places them itself, with the props written here;
 * web/app/ fills the slots with the features' own components.
 */
import type { ComponentType } from 'react';
import type { Deal } from '../../../contract/deals';
import type { ButtonSize, ButtonVariant } from '../../components/ui/button';

/**
 * What the signed-in customer may still buy of the deal, where the page has read it (GET /api/deals/{id}/allowance):
 * `remaining` units, and the id of the note on screen that says so. At 0 a buying button is disabled and described by
 * that note; above it, Add to Cart puts no more in the cart than `remaining` allows.
 */
export interface AllowanceSlot {
  remaining: number;
  noteId: string;
}

/** Add to Cart: `quantity` units (one unless given); `compact`, the icon alone; `labelWithTitle`, the deal named for screen readers. */
export interface AddToCartSlotProps {
  deal: Deal;
  quantity?: number;
  variant?: ButtonVariant;
  size?: ButtonSize;
  compact?: boolean;
  labelWithTitle?: boolean;
  allowance?: AllowanceSlot;
  className?: string;
}

/** The favourite heart: over a card's picture (`overlay`, the default) or beside the deal page's buttons (`outline`). */
export interface FavoriteSlotProps {
  dealId: string;
  variant?: 'overlay' | 'outline';
}

/** Buy Now for `quantity` units; `alone`, 'Buy alone' beside a group offer. */
export interface BuyNowSlotProps {
  deal: Deal;
  quantity?: number;
  alone?: boolean;
  variant?: 'primary' | 'outline';
  allowance?: AllowanceSlot;
  className?: string;
}

/**
 * Start a group, and the open groups with Join: one unit each, so the customer's allowance decides whether they are
 * offered. `compact`: Start a group in the phone's buy bar, its hint ('3 people · 24 h to fill') read out but not shown.
 */
export interface GroupSlotProps {
  deal: Deal;
  allowance?: AllowanceSlot | undefined;
  compact?: boolean;
  className?: string;
}

/** What a deal's card shows of other features: the heart on its picture and Add to Cart at its foot. */
export interface DealCardActions {
  AddToCart: ComponentType<AddToCartSlotProps>;
  Favorite: ComponentType<FavoriteSlotProps>;
  /** Starts loading the deal page's code (web/app/ loads the page with its slots filled) when a card is pointed at. */
  preloadDealPage: () => void;
}

/** What the deal page shows of other features: the card's, Buy Now, and a group deal's Start a group and open groups. */
export interface DealPageActions extends DealCardActions {
  BuyNow: ComponentType<BuyNowSlotProps>;
  StartGroup: ComponentType<GroupSlotProps>;
  OpenGroups: ComponentType<GroupSlotProps>;
}
