/**
 * The merchant form's values, its checks (the server's rules of contract/admin.ts, worded in the screen's language, Chinese
 * by default) and the body it sends.
 * The rules are repeated here rather than imported: the contract's zod schemas would pull zod into the web bundle. Their
 * numbers are the schemas' own, from contract/constants.ts.
 */
import type { z } from 'zod';
import type { AdminMerchant, CreateMerchantBody, updateMerchantBody as updateMerchantSchema } from '../../../contract/admin';
import {
  COMMISSION_BPS_MAX,
  DEFAULT_COMMISSION_BPS,
  LATITUDE_MAX,
  LONGITUDE_MAX,
  MERCHANT_ADDRESS_MAX_LENGTH,
  MERCHANT_CITY_MAX_LENGTH,
  MERCHANT_DESCRIPTION_MAX_LENGTH,
  MERCHANT_NAME_MAX_LENGTH,
  PHONE_MAX_LENGTH,
  PHONE_MIN_LENGTH,
} from '../../../contract/constants';
import { isTimeZone } from '../../../contract/time-zones';
import { translate } from '../../i18n';

export type UpdateMerchantBody = z.input<typeof updateMerchantSchema>;

export type HoursPeriod = 'morning' | 'afternoon' | 'evening';

/** docs/product/screens.md#merchant-management: three optional periods, with these placeholders; each label is read when shown. */
export const HOURS_PERIODS: ReadonlyArray<{ key: HoursPeriod; readonly label: string; placeholder: string }> = [
  {
    key: 'morning',
    get label() {
      return translate('admin:hoursPeriods.morning');
    },
    placeholder: '09:00-12:00',
  },
  {
    key: 'afternoon',
    get label() {
      return translate('admin:hoursPeriods.afternoon');
    },
    placeholder: '14:00-18:00',
  },
  {
    key: 'evening',
    get label() {
      return translate('admin:hoursPeriods.evening');
    },
    placeholder: '19:00-22:00',
  },
];

/** Same as HOURS_PATTERN in contract/merchants.ts (a unit test keeps them equal). */
export const HOURS_INPUT_PATTERN = /^([01]\d|2[0-3]):[0-5]\d-([01]\d|2[0-3]):[0-5]\d$/;

/** The server's limits (contract/constants.ts), the same numbers its schemas check. */
export const MERCHANT_LIMITS = {
  name: MERCHANT_NAME_MAX_LENGTH,
  address: MERCHANT_ADDRESS_MAX_LENGTH,
  description: MERCHANT_DESCRIPTION_MAX_LENGTH,
  phoneMaxLength: PHONE_MAX_LENGTH,
  city: MERCHANT_CITY_MAX_LENGTH,
} as const;

export interface MerchantFormValues {
  name: string;
  phone: string;
  address: string;
  description: string;
  hours: Record<HoursPeriod, string>;
  /** The commission rate in percent as typed ('10', '12.5'); sent in basis points. */
  commission: string;
  city: string;
  /** Degrees as typed; both filled in or both empty (docs/product/rules.md#listing-and-search: the nearest order). */
  latitude: string;
  longitude: string;
  /** The IANA zone of the merchant's clock (ADR 039); '' sends none: a new merchant's is found from its place, an edit keeps its own. */
  timeZone: string;
  /** The merchant's photos' addresses, the cover first (edit only: a merchant must exist before its photos can be uploaded). */
  photoUrls: string[];
}

export type MerchantField = 'name' | 'phone' | 'address' | 'description' | 'commission' | 'city' | 'latitude' | 'longitude' | 'timeZone' | HoursPeriod;
export type MerchantFormErrors = Partial<Record<MerchantField, string>>;
export type MerchantFormMode = 'create' | 'edit';

export function emptyMerchantForm(): MerchantFormValues {
  return {
    name: '',
    phone: '',
    address: '',
    description: '',
    hours: { morning: '', afternoon: '', evening: '' },
    commission: bpsToPercentInput(DEFAULT_COMMISSION_BPS),
    city: '',
    latitude: '',
    longitude: '',
    timeZone: '',
    photoUrls: [],
  };
}

/** Basis points as the percent the form shows: 1000 is '10', 1250 '12.5'. */
export function bpsToPercentInput(bps: number): string {
  return String(bps / 100);
}

/** A percent with at most two decimals, 0 to 100, as basis points; null when the text is no such number. */
export function percentToBps(text: string): number | null {
  const trimmed = text.trim();
  if (!/^(\d{1,3}(\.\d{1,2})?|\.\d{1,2})$/.test(trimmed)) return null;
  const bps = Math.round(Number(trimmed) * 100);
  return bps <= COMMISSION_BPS_MAX ? bps : null;
}

/** Reads the stored JSON string of periods; anything unreadable counts as no hours. */
export function parseBusinessHours(json: string | null): Record<HoursPeriod, string> {
  const hours: Record<HoursPeriod, string> = { morning: '', afternoon: '', evening: '' };
  if (!json) return hours;
  try {
    const parsed: unknown = JSON.parse(json);
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) {
      for (const { key } of HOURS_PERIODS) {
        const value = (parsed as Record<string, unknown>)[key];
        if (typeof value === 'string') hours[key] = value;
      }
    }
  } catch {
    // Stored hours that are not JSON are shown as empty fields; saving writes them anew.
  }
  return hours;
}

export function merchantFormFrom(merchant: AdminMerchant): MerchantFormValues {
  return {
    name: merchant.name,
    phone: merchant.phone,
    address: merchant.address,
    description: merchant.description,
    hours: parseBusinessHours(merchant.businessHours),
    commission: bpsToPercentInput(merchant.commissionBps),
    city: merchant.city ?? '',
    latitude: merchant.latitude === null ? '' : String(merchant.latitude),
    longitude: merchant.longitude === null ? '' : String(merchant.longitude),
    timeZone: merchant.timeZone,
    photoUrls: [...merchant.photoUrls],
  };
}

/** Degrees as typed, within ±max; null when empty, NaN when not such a number. */
export function degreesInput(text: string, max: number): number | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  const value = /^[-+]?(\d+(\.\d*)?|\.\d+)$/.test(trimmed) ? Number(trimmed) : NaN;
  return Number.isFinite(value) && Math.abs(value) <= max ? value : NaN;
}

/** The place's checks: the city's length, each coordinate in range, and both coordinates or neither. */
function placeErrors(values: MerchantFormValues): MerchantFormErrors {
  const errors: MerchantFormErrors = {};
  if (values.city.trim().length > MERCHANT_LIMITS.city) errors.city = translate('adminForms:merchantForm.checks.cityTooLong', { max: MERCHANT_LIMITS.city });
  const lat = degreesInput(values.latitude, LATITUDE_MAX);
  const lng = degreesInput(values.longitude, LONGITUDE_MAX);
  if (Number.isNaN(lat)) errors.latitude = translate('adminForms:merchantForm.checks.latitudeRange');
  if (Number.isNaN(lng)) errors.longitude = translate('adminForms:merchantForm.checks.longitudeRange');
  if (lat === null && lng !== null) errors.latitude = translate('adminForms:merchantForm.checks.bothOrNeither');
  if (lng === null && lat !== null) errors.longitude = translate('adminForms:merchantForm.checks.bothOrNeither');
  return errors;
}

/** The place as the bodies send it: the city (null when empty) and both coordinates or both null. */
function placeBody(values: MerchantFormValues): { city: string | null; latitude: number | null; longitude: number | null } {
  const lat = degreesInput(values.latitude, LATITUDE_MAX);
  const lng = degreesInput(values.longitude, LONGITUDE_MAX);
  const both = lat !== null && lng !== null && !Number.isNaN(lat) && !Number.isNaN(lng);
  return { city: values.city.trim() || null, latitude: both ? lat : null, longitude: both ? lng : null };
}

/** The server's phone normalisation: digits, with an optional leading +. */
export function normalizePhoneInput(raw: string): string {
  const trimmed = raw.trim();
  return (trimmed.startsWith('+') ? '+' : '') + trimmed.replace(/[^\d]/g, '');
}

function phoneError(raw: string): string | undefined {
  const phone = normalizePhoneInput(raw);
  const digits = phone.replace('+', '');
  if (digits.length < PHONE_MIN_LENGTH || phone.length > MERCHANT_LIMITS.phoneMaxLength) {
    return translate('adminForms:merchantForm.checks.phoneInvalid', { min: PHONE_MIN_LENGTH });
  }
  return undefined;
}

function periodError(value: string): string | undefined {
  const period = value.trim();
  if (period === '') return undefined;
  if (!HOURS_INPUT_PATTERN.test(period)) return translate('adminForms:merchantForm.checks.hoursFormat');
  if (period.slice(0, 5) >= period.slice(6)) return translate('adminForms:merchantForm.checks.hoursOrder');
  return undefined;
}

export function validateMerchantForm(values: MerchantFormValues, mode: MerchantFormMode): MerchantFormErrors {
  const errors: MerchantFormErrors = {};
  const name = values.name.trim();
  if (name === '') errors.name = translate('adminForms:merchantForm.checks.nameRequired');
  else if (name.length > MERCHANT_LIMITS.name) errors.name = translate('adminForms:merchantForm.checks.nameTooLong', { max: MERCHANT_LIMITS.name });

  if (values.phone.trim() === '') {
    if (mode === 'create') errors.phone = translate('adminForms:merchantForm.checks.phoneRequired');
  } else {
    const problem = phoneError(values.phone);
    if (problem) errors.phone = problem;
  }

  if (values.address.trim().length > MERCHANT_LIMITS.address) {
    errors.address = translate('adminForms:merchantForm.checks.addressTooLong', { max: MERCHANT_LIMITS.address });
  }
  if (values.description.trim().length > MERCHANT_LIMITS.description) {
    errors.description = translate('adminForms:merchantForm.checks.descriptionTooLong', { max: MERCHANT_LIMITS.description });
  }
  if (values.commission.trim() === '') errors.commission = translate('adminForms:merchantForm.checks.commissionRequired');
  else if (percentToBps(values.commission) === null) errors.commission = translate('adminForms:merchantForm.checks.commissionInvalid');
  for (const { key } of HOURS_PERIODS) {
    const problem = periodError(values.hours[key]);
    if (problem) errors[key] = problem;
  }
  Object.assign(errors, placeErrors(values));
  // The select offers only zones ('' leaves a new merchant's to its place, and an edit's as it is).
  if (values.timeZone !== '' && !isTimeZone(values.timeZone)) errors.timeZone = translate('adminForms:merchantForm.checks.timeZoneUnknown');
  return errors;
}

/** docs/product/screens.md#merchant-management: the filled-in periods as a JSON string, or null when none is filled in. */
export function businessHoursJson(hours: Record<HoursPeriod, string>): string | null {
  const filled = Object.fromEntries(
    HOURS_PERIODS.map(({ key }) => [key, hours[key].trim()] as const).filter(([, value]) => value !== ''),
  );
  return Object.keys(filled).length > 0 ? JSON.stringify(filled) : null;
}

export function createMerchantBody(values: MerchantFormValues): CreateMerchantBody {
  return {
    name: values.name.trim(),
    phone: normalizePhoneInput(values.phone),
    address: values.address.trim(),
    description: values.description.trim(),
    businessHours: businessHoursJson(values.hours),
    commissionBps: percentToBps(values.commission) ?? DEFAULT_COMMISSION_BPS,
    ...placeBody(values),
    ...(values.timeZone === '' ? {} : { timeZone: values.timeZone }),
  };
}

/**
 * The edit form leaves the status alone (it has its own control) and keeps the phone when the field is emptied. Like
 * the create body, it is sent only once the checks passed, so the rate is always there.
 */
export function updateMerchantBody(values: MerchantFormValues): UpdateMerchantBody {
  const phone = values.phone.trim();
  const commissionBps = percentToBps(values.commission);
  return {
    name: values.name.trim(),
    ...(phone === '' ? {} : { phone: normalizePhoneInput(phone) }),
    address: values.address.trim(),
    description: values.description.trim(),
    businessHours: businessHoursJson(values.hours),
    ...(commissionBps === null ? {} : { commissionBps }),
    ...placeBody(values),
    ...(values.timeZone === '' ? {} : { timeZone: values.timeZone }),
    photoUrls: values.photoUrls,
  };
}
