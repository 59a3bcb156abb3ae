/**
 * The deal form's values, its checks (the server's rules of contract/admin.ts and docs/product/screens.md#deal-management) and the
 * body it sends. The superadmin's form (Chinese by default) and a merchant's own share the fields; a merchant's has no merchant
 * choice and no payment-provider sync, and its screen words the checks in its own language. Prices are typed in US
 * dollars and sent as cents; times are typed in local time and sent as UTC.
 */
import type { AdminDeal, CreateDealBody } from '../../../contract/admin';
import type { MerchantDeal, MerchantDealBody } from '../../../contract/workspace';
import {
  DEAL_GALLERY_MAX,
  DEAL_TEXT_MAX_LENGTH,
  DEAL_TITLE_MAX_LENGTH,
  DEFAULT_INVENTORY,
  DEFAULT_MAX_PER_USER,
  GROUP_SIZE_MAX,
  GROUP_SIZE_MIN,
  GROUP_WINDOW_HOURS_DEFAULT,
  GROUP_WINDOW_HOURS_MAX,
  IMAGE_URL_MAX_LENGTH,
  INVENTORY_MAX,
  MAX_PER_USER_MAX,
  MIN_CHARGE_CENTS,
  PRICE_MAX_CENTS,
} from '../../../contract/constants';
import { isImageUrl } from '../../../contract/urls';
import { translate } from '../../i18n';
import { formatIso, formatLocalDateTime } from '../../lib/date-format';
import { formatMoney } from '../../lib/money';
import { formatCount } from '../../lib/numbers';

/** The server's limits (contract/constants.ts), the same numbers its schemas check. */
export const DEAL_LIMITS = {
  title: DEAL_TITLE_MAX_LENGTH,
  richText: DEAL_TEXT_MAX_LENGTH,
  imageUrl: IMAGE_URL_MAX_LENGTH,
  maxCents: PRICE_MAX_CENTS,
  /** The least the payment provider can charge: a price is 0 (free) or at least this, a group price at least this. */
  minChargeCents: MIN_CHARGE_CENTS,
  inventory: INVENTORY_MAX,
  maxPerUser: MAX_PER_USER_MAX,
  groupSizeMin: GROUP_SIZE_MIN,
  groupSizeMax: GROUP_SIZE_MAX,
  groupWindowHoursMax: GROUP_WINDOW_HOURS_MAX,
  galleryMax: DEAL_GALLERY_MAX,
} as const;

/** The fields every deal form has: the superadmin's and the merchant's own. */
export interface DealFieldValues {
  title: string;
  /** US dollars as typed, e.g. '19.99'. */
  price: string;
  originalPrice: string;
  description: string;
  imageUrl: string;
  inventory: string;
  maxPerUser: string;
  /** datetime-local values ('2026-05-01T09:30'), empty for none. */
  validFrom: string;
  validUntil: string;
  redemptionInstructions: string;
  termsConditions: string;
  /** The deal's refund promises (ADR 027); both on unless turned off. */
  refundAnytime: boolean;
  autoRefundOnExpiry: boolean;
  /**
   * The group offer (docs/product/rules.md#group-deals): people per group, each one's price in US dollars, and the hours a
   * group has to fill up. Size and price are both empty when the deal has no group offer.
   */
  groupSize: string;
  groupPrice: string;
  groupWindowHours: string;
  /** The category's id (GET /api/categories), empty for none. */
  categoryId: string;
  /** More photos after the main picture, as typed; empty ones are dropped when sent. */
  galleryUrls: string[];
}

/** The superadmin's form: the fields, plus the merchant and the payment-provider sync, which merchants never set. */
export interface DealFormValues extends DealFieldValues {
  merchantId: string;
  createStripeProduct: boolean;
}

export type DealField = Exclude<keyof DealFormValues, 'createStripeProduct' | 'refundAnytime' | 'autoRefundOnExpiry'>;
export type DealFormErrors = Partial<Record<DealField, string>>;

interface MoneyMessages {
  required: string;
  invalid: string;
  negative: string;
  tooLarge: string;
}

/** What the checks say, in the language of the screen that shows the form. */
export interface DealFormMessages {
  titleRequired: string;
  titleTooLong: string;
  price: MoneyMessages;
  /** The price is neither free nor what the payment provider can charge (DEAL_LIMITS.minChargeCents or more). */
  priceBelowMinimum: string;
  originalPrice: MoneyMessages;
  imageUrlInvalid: string;
  imageUrlTooLong: string;
  inventory: string;
  maxPerUser: string;
  /** A whole number over its limit (the limit written out, e.g. '1,000'). */
  tooLarge: (max: string) => string;
  dateTime: string;
  untilBeforeFrom: string;
  descriptionTooLong: string;
  redemptionInstructionsTooLong: string;
  termsConditionsTooLong: string;
  /** The group size is not a whole number from GROUP_SIZE_MIN to GROUP_SIZE_MAX. */
  groupSize: string;
  /** A group price without a group size. */
  groupSizeRequired: string;
  /** `required` is for a group size without a group price. */
  groupPrice: MoneyMessages;
  /** The group price is not below the price. */
  groupPriceNotBelow: string;
  /** The group price is below what the payment provider can charge (a group place is never free). */
  groupPriceBelowMinimum: string;
  groupWindowHours: string;
  /** Photo number `n` (from 1) is not a picture address. */
  galleryUrlInvalid: (n: number) => string;
}

type MoneyField = 'price' | 'originalPrice' | 'groupPrice';

/** The checks of one amount, worded in the screen's language when the form is checked. */
function adminMoneyMessages(field: MoneyField): MoneyMessages {
  return {
    required: translate(`adminForms:dealForm.checks.${field}.required`),
    invalid: translate(`adminForms:dealForm.checks.${field}.invalid`),
    negative: translate(`adminForms:dealForm.checks.${field}.negative`),
    tooLarge: translate(`adminForms:dealForm.checks.${field}.tooLarge`),
  };
}

/**
 * The superadmin's deal management (docs/product/screens.md#deal-management): Chinese until a language is chosen. Read
 * at each check, so the words follow the language chosen meanwhile.
 */
export function adminDealFormMessages(): DealFormMessages {
  return {
    titleRequired: translate('adminForms:dealForm.checks.titleRequired'),
    titleTooLong: translate('adminForms:dealForm.checks.titleTooLong', { max: DEAL_LIMITS.title }),
    price: adminMoneyMessages('price'),
    priceBelowMinimum: translate('adminForms:dealForm.checks.priceBelowMinimum', { zero: formatMoney(0), min: formatMoney(DEAL_LIMITS.minChargeCents) }),
    originalPrice: adminMoneyMessages('originalPrice'),
    imageUrlInvalid: translate('adminForms:dealForm.checks.imageUrlInvalid'),
    imageUrlTooLong: translate('adminForms:dealForm.checks.imageUrlTooLong'),
    inventory: translate('adminForms:dealForm.checks.inventory'),
    maxPerUser: translate('adminForms:dealForm.checks.maxPerUser'),
    tooLarge: (max) => translate('adminForms:dealForm.checks.tooLarge', { max }),
    dateTime: translate('adminForms:dealForm.checks.dateTime'),
    untilBeforeFrom: translate('adminForms:dealForm.checks.untilBeforeFrom'),
    descriptionTooLong: translate('adminForms:dealForm.checks.descriptionTooLong', { max: DEAL_LIMITS.richText }),
    redemptionInstructionsTooLong: translate('adminForms:dealForm.checks.redemptionInstructionsTooLong', { max: DEAL_LIMITS.richText }),
    termsConditionsTooLong: translate('adminForms:dealForm.checks.termsConditionsTooLong', { max: DEAL_LIMITS.richText }),
    groupSize: translate('adminForms:dealForm.checks.groupSize', { min: GROUP_SIZE_MIN, max: GROUP_SIZE_MAX }),
    groupSizeRequired: translate('adminForms:dealForm.checks.groupSizeRequired'),
    groupPrice: adminMoneyMessages('groupPrice'),
    groupPriceNotBelow: translate('adminForms:dealForm.checks.groupPriceNotBelow'),
    groupPriceBelowMinimum: translate('adminForms:dealForm.checks.groupPriceBelowMinimum', { min: formatMoney(DEAL_LIMITS.minChargeCents) }),
    groupWindowHours: translate('adminForms:dealForm.checks.groupWindowHours', { max: GROUP_WINDOW_HOURS_MAX }),
    galleryUrlInvalid: (n) => translate('adminForms:dealForm.checks.galleryUrlInvalid', { n }),
  };
}

export function emptyDealFields(): DealFieldValues {
  return {
    title: '',
    price: '',
    originalPrice: '',
    description: '',
    imageUrl: '',
    inventory: String(DEFAULT_INVENTORY),
    maxPerUser: String(DEFAULT_MAX_PER_USER),
    validFrom: '',
    validUntil: '',
    redemptionInstructions: '',
    termsConditions: '',
    refundAnytime: true,
    autoRefundOnExpiry: true,
    groupSize: '',
    groupPrice: '',
    groupWindowHours: String(GROUP_WINDOW_HOURS_DEFAULT),
    categoryId: '',
    galleryUrls: [],
  };
}

export function emptyDealForm(merchantId = ''): DealFormValues {
  return { ...emptyDealFields(), merchantId, createStripeProduct: false };
}

/** docs/product/screens.md#deal-management: dollars to cents by multiplying by 100 and rounding; null when the text is not a number. */
export function usdToCents(text: string): number | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  const dollars = Number(trimmed);
  if (!Number.isFinite(dollars)) return null;
  return Math.round(dollars * 100);
}

export function centsToUsdInput(cents: number | null): string {
  return cents === null ? '' : (cents / 100).toFixed(2);
}

/** An ISO instant as a datetime-local value in the viewer's time zone. */
export function isoToLocalInput(iso: string | null): string {
  if (!iso) return '';
  return formatIso(iso, formatLocalDateTime);
}

/** A datetime-local value (read as local time) as an ISO instant in UTC; null when empty or unreadable. */
export function localInputToIso(local: string): string | null {
  if (local.trim() === '') return null;
  const date = new Date(local);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

/** A stored deal as the fields show it (a merchant's deal has all of them too). */
export function dealFieldsFrom(deal: MerchantDeal): DealFieldValues {
  return {
    title: deal.title,
    price: centsToUsdInput(deal.priceCents),
    originalPrice: centsToUsdInput(deal.originalPriceCents),
    description: deal.description,
    imageUrl: deal.imageUrl,
    inventory: String(deal.inventory),
    maxPerUser: String(deal.maxPerUser),
    validFrom: isoToLocalInput(deal.validFrom),
    validUntil: isoToLocalInput(deal.validUntil),
    redemptionInstructions: deal.redemptionInstructions,
    termsConditions: deal.termsConditions,
    refundAnytime: deal.refundAnytime,
    autoRefundOnExpiry: deal.autoRefundOnExpiry,
    groupSize: deal.groupSize === null ? '' : String(deal.groupSize),
    groupPrice: centsToUsdInput(deal.groupPriceCents),
    groupWindowHours: String(deal.groupWindowHours),
    categoryId: deal.categoryId ?? '',
    galleryUrls: [...deal.galleryUrls],
  };
}

export function dealFormFrom(deal: AdminDeal): DealFormValues {
  return {
    ...dealFieldsFrom(deal),
    merchantId: deal.merchantId,
    // A deal already at the payment provider is kept in step there (a changed price gets a new price object).
    createStripeProduct: deal.stripeProductId !== null,
  };
}

function moneyError(text: string, required: boolean, messages: MoneyMessages): string | undefined {
  if (text.trim() === '') return required ? messages.required : undefined;
  const cents = usdToCents(text);
  if (cents === null) return messages.invalid;
  if (cents < 0) return messages.negative;
  if (cents > DEAL_LIMITS.maxCents) return messages.tooLarge;
  return undefined;
}

function wholeNumberError(text: string, min: number, max: number, message: string, tooLarge: DealFormMessages['tooLarge']): string | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  if (!/^\d+$/.test(trimmed)) return message;
  const value = Number(trimmed);
  if (value < min) return message;
  if (value > max) return tooLarge(formatCount(max));
  return undefined;
}

function tooLong(text: string, max: number): boolean {
  return text.length > max;
}

/** The checks every deal form makes, worded by `messages`. */
export function validateDealFields(values: DealFieldValues, messages: DealFormMessages): DealFormErrors {
  const errors: DealFormErrors = {};
  const title = values.title.trim();
  if (title === '') errors.title = messages.titleRequired;
  else if (title.length > DEAL_LIMITS.title) errors.title = messages.titleTooLong;

  const price = moneyError(values.price, true, messages.price);
  if (price) errors.price = price;
  else if (!freeOrChargeable(usdToCents(values.price) ?? 0)) errors.price = messages.priceBelowMinimum;
  const original = moneyError(values.originalPrice, false, messages.originalPrice);
  if (original) errors.originalPrice = original;

  if (!isImageUrl(values.imageUrl)) errors.imageUrl = messages.imageUrlInvalid;
  else if (tooLong(values.imageUrl.trim(), DEAL_LIMITS.imageUrl)) errors.imageUrl = messages.imageUrlTooLong;

  const inventory = wholeNumberError(values.inventory, 0, DEAL_LIMITS.inventory, messages.inventory, messages.tooLarge);
  if (inventory) errors.inventory = inventory;
  const maxPerUser = wholeNumberError(values.maxPerUser, 1, DEAL_LIMITS.maxPerUser, messages.maxPerUser, messages.tooLarge);
  if (maxPerUser) errors.maxPerUser = maxPerUser;

  const from = values.validFrom.trim() === '' ? null : localInputToIso(values.validFrom);
  const until = values.validUntil.trim() === '' ? null : localInputToIso(values.validUntil);
  if (values.validFrom.trim() !== '' && from === null) errors.validFrom = messages.dateTime;
  if (values.validUntil.trim() !== '' && until === null) errors.validUntil = messages.dateTime;
  else if (from !== null && until !== null && until < from) errors.validUntil = messages.untilBeforeFrom;

  if (tooLong(values.description, DEAL_LIMITS.richText)) errors.description = messages.descriptionTooLong;
  if (tooLong(values.redemptionInstructions, DEAL_LIMITS.richText)) errors.redemptionInstructions = messages.redemptionInstructionsTooLong;
  if (tooLong(values.termsConditions, DEAL_LIMITS.richText)) errors.termsConditions = messages.termsConditionsTooLong;

  const badPhoto = firstBadPhoto(values.galleryUrls);
  if (badPhoto !== null) errors.galleryUrls = messages.galleryUrlInvalid(badPhoto + 1);

  Object.assign(errors, groupOfferErrors(values, messages));
  return errors;
}

/** A price the payment provider can take: nothing at all (a free deal), or at least its minimum charge. */
function freeOrChargeable(cents: number): boolean {
  return cents === 0 || cents >= DEAL_LIMITS.minChargeCents;
}

/** The index of the first of the more photos that is not a picture address (or too long), or null. */
export function firstBadPhoto(urls: string[]): number | null {
  const at = urls.findIndex((u) => !isImageUrl(u) || tooLong(u.trim(), DEAL_LIMITS.imageUrl));
  return at < 0 ? null : at;
}

/**
 * The group offer's checks: size and price together or neither, the group price at least what the provider can charge
 * and below the price, the window in hours.
 */
function groupOfferErrors(values: DealFieldValues, messages: DealFormMessages): DealFormErrors {
  const errors: DealFormErrors = {};
  const size = values.groupSize.trim();
  const price = values.groupPrice.trim();
  if (size !== '') {
    const wrong = wholeNumberError(size, GROUP_SIZE_MIN, GROUP_SIZE_MAX, messages.groupSize, () => messages.groupSize);
    if (wrong) errors.groupSize = wrong;
  } else if (price !== '') {
    errors.groupSize = messages.groupSizeRequired;
  }
  const priceError = moneyError(values.groupPrice, size !== '', messages.groupPrice);
  if (priceError) errors.groupPrice = priceError;
  else if (price !== '') {
    const cents = usdToCents(price) ?? 0;
    const full = usdToCents(values.price);
    if (cents < DEAL_LIMITS.minChargeCents) errors.groupPrice = messages.groupPriceBelowMinimum;
    else if (full !== null && cents >= full) errors.groupPrice = messages.groupPriceNotBelow;
  }
  const hours = wholeNumberError(values.groupWindowHours, 1, GROUP_WINDOW_HOURS_MAX, messages.groupWindowHours, () => messages.groupWindowHours);
  if (hours) errors.groupWindowHours = hours;
  return errors;
}

/** The superadmin's form: a merchant must be chosen, then the checks of every deal form. */
export function validateDealForm(values: DealFormValues): DealFormErrors {
  const errors = validateDealFields(values, adminDealFormMessages());
  if (values.merchantId === '') errors.merchantId = translate('adminForms:dealForm.checks.merchantRequired');
  return errors;
}

function wholeNumber(text: string, fallback: number): number {
  return text.trim() === '' ? fallback : Number(text.trim());
}

/** The fields as POST and PUT /api/merchant/deals take them; call it only with values that passed the checks. */
export function dealFieldsBody(values: DealFieldValues): MerchantDealBody {
  return {
    title: values.title.trim(),
    priceCents: usdToCents(values.price) ?? 0,
    originalPriceCents: usdToCents(values.originalPrice),
    description: values.description,
    imageUrl: values.imageUrl.trim(),
    inventory: wholeNumber(values.inventory, DEFAULT_INVENTORY),
    maxPerUser: wholeNumber(values.maxPerUser, DEFAULT_MAX_PER_USER),
    validFrom: localInputToIso(values.validFrom),
    validUntil: localInputToIso(values.validUntil),
    redemptionInstructions: values.redemptionInstructions,
    termsConditions: values.termsConditions,
    refundAnytime: values.refundAnytime,
    autoRefundOnExpiry: values.autoRefundOnExpiry,
    // Empty means no group offer: both sent as null.
    groupSize: values.groupSize.trim() === '' ? null : Number(values.groupSize.trim()),
    groupPriceCents: usdToCents(values.groupPrice),
    groupWindowHours: wholeNumber(values.groupWindowHours, GROUP_WINDOW_HOURS_DEFAULT),
    categoryId: values.categoryId === '' ? null : values.categoryId,
    galleryUrls: values.galleryUrls.map((u) => u.trim()).filter((u) => u !== ''),
  };
}

/**
 * The form field a body field is typed in, for a 400 that names it ('groupPriceCents: must be below the price'), so the
 * refusal shows under that field.
 */
export const DEAL_FORM_FIELD_OF: Readonly<Record<string, DealField>> = {
  merchantId: 'merchantId',
  title: 'title',
  priceCents: 'price',
  originalPriceCents: 'originalPrice',
  description: 'description',
  imageUrl: 'imageUrl',
  inventory: 'inventory',
  maxPerUser: 'maxPerUser',
  validFrom: 'validFrom',
  validUntil: 'validUntil',
  redemptionInstructions: 'redemptionInstructions',
  termsConditions: 'termsConditions',
  groupSize: 'groupSize',
  groupPriceCents: 'groupPrice',
  groupWindowHours: 'groupWindowHours',
  categoryId: 'categoryId',
  galleryUrls: 'galleryUrls',
};

/** The body of POST and PUT /api/admin/deals; call it only with values that passed validateDealForm. */
export function dealBody(values: DealFormValues): CreateDealBody {
  return { merchantId: values.merchantId, ...dealFieldsBody(values), createStripeProduct: values.createStripeProduct };
}
