/**
 * The deal form's values, its checks (the server's rules of contract/admin.ts and docs/product/screens.md#deal-management, in Chinese) and the
 * body it sends. Prices are typed in US dollars and sent as cents; times are typed in local time and sent as UTC.
 */
import type { AdminDeal, CreateDealBody } from '../../../contract/admin';
import { DEFAULT_INVENTORY, DEFAULT_MAX_PER_USER } from '../../../contract/constants';
import { isImageUrl } from '../../../contract/urls';
import { formatIso, formatLocalDateTime } from '../../lib/date-format';

export const DEAL_LIMITS = {
  title: 200,
  richText: 20_000,
  imageUrl: 2000,
  maxCents: 100_000_000,
  inventory: 10_000_000,
  maxPerUser: 1000,
} as const;

export interface DealFormValues {
  merchantId: string;
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
  createStripeProduct: boolean;
  /** The deal's refund promises (ADR 027); both on unless the superadmin turns them off. */
  refundAnytime: boolean;
  autoRefundOnExpiry: boolean;
}

export type DealField = Exclude<keyof DealFormValues, 'createStripeProduct' | 'refundAnytime' | 'autoRefundOnExpiry'>;
export type DealFormErrors = Partial<Record<DealField, string>>;

export function emptyDealForm(merchantId = ''): DealFormValues {
  return {
    merchantId,
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
    createStripeProduct: false,
    refundAnytime: true,
    autoRefundOnExpiry: true,
  };
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

export function dealFormFrom(deal: AdminDeal): DealFormValues {
  return {
    merchantId: deal.merchantId,
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
    // A deal already at the payment provider is kept in step there (a changed price gets a new price object).
    createStripeProduct: deal.stripeProductId !== null,
    refundAnytime: deal.refundAnytime,
    autoRefundOnExpiry: deal.autoRefundOnExpiry,
  };
}

function moneyError(text: string, required: boolean, name: string): string | undefined {
  if (text.trim() === '') return required ? `请输入${name}` : undefined;
  const cents = usdToCents(text);
  if (cents === null) return `请输入有效的${name}`;
  if (cents < 0) return `${name}不能为负数`;
  if (cents > DEAL_LIMITS.maxCents) return `${name}过大`;
  return undefined;
}


function wholeNumberError(text: string, min: number, max: number, message: string): string | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  if (!/^\d+$/.test(trimmed)) return message;
  const value = Number(trimmed);
  if (value < min) return message;
  if (value > max) return `不能超过 ${max.toLocaleString('en-US')}`;
  return undefined;
}

function tooLong(text: string, max: number): boolean {
  return text.length > max;
}

export function validateDealForm(values: DealFormValues): DealFormErrors {
  const errors: DealFormErrors = {};
  if (values.merchantId === '') errors.merchantId = '请选择商户';

  const title = values.title.trim();
  if (title === '') errors.title = '请输入团购标题';
  else if (title.length > DEAL_LIMITS.title) errors.title = `标题不能超过 ${DEAL_LIMITS.title} 个字符`;

  const price = moneyError(values.price, true, '价格');
  if (price) errors.price = price;
  const original = moneyError(values.originalPrice, false, '原价');
  if (original) errors.originalPrice = original;

  if (!isImageUrl(values.imageUrl)) errors.imageUrl = '图片链接必须是有效的 URL（http:// 或 https:// 开头）';
  else if (tooLong(values.imageUrl.trim(), DEAL_LIMITS.imageUrl)) errors.imageUrl = '图片链接过长';

  const inventory = wholeNumberError(values.inventory, 0, DEAL_LIMITS.inventory, '库存必须是不小于 0 的整数');
  if (inventory) errors.inventory = inventory;
  const maxPerUser = wholeNumberError(values.maxPerUser, 1, DEAL_LIMITS.maxPerUser, '每人限购必须是不小于 1 的整数');
  if (maxPerUser) errors.maxPerUser = maxPerUser;

  const from = values.validFrom.trim() === '' ? null : localInputToIso(values.validFrom);
  const until = values.validUntil.trim() === '' ? null : localInputToIso(values.validUntil);
  if (values.validFrom.trim() !== '' && from === null) errors.validFrom = '请输入有效的日期和时间';
  if (values.validUntil.trim() !== '' && until === null) errors.validUntil = '请输入有效的日期和时间';
  else if (from !== null && until !== null && until < from) errors.validUntil = '结束时间不能早于开始时间';

  if (tooLong(values.description, DEAL_LIMITS.richText)) errors.description = `描述不能超过 ${DEAL_LIMITS.richText} 个字符`;
  if (tooLong(values.redemptionInstructions, DEAL_LIMITS.richText)) {
    errors.redemptionInstructions = `使用说明不能超过 ${DEAL_LIMITS.richText} 个字符`;
  }
  if (tooLong(values.termsConditions, DEAL_LIMITS.richText)) errors.termsConditions = `条款不能超过 ${DEAL_LIMITS.richText} 个字符`;
  return errors;
}

function wholeNumber(text: string, fallback: number): number {
  return text.trim() === '' ? fallback : Number(text.trim());
}

/** The body of POST and PUT /api/admin/deals; call it only with values that passed validateDealForm. */
export function dealBody(values: DealFormValues): CreateDealBody {
  return {
    merchantId: values.merchantId,
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
    createStripeProduct: values.createStripeProduct,
    refundAnytime: values.refundAnytime,
    autoRefundOnExpiry: values.autoRefundOnExpiry,
  };
}
