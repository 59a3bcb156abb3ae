/**
 * The add-staff form: its checks (the server's rules of contract/workspace.ts addStaffBody, repeated here because the
 * contract's zod schemas would pull zod into the page), its body, and where a refusal of the server is shown.
 */
import { PHONE_MAX_LENGTH, PHONE_MIN_LENGTH, STAFF_NAME_MAX_LENGTH, STAFF_PHONE_TAKEN_CODE } from '../../../contract/constants';
import { translate } from '../../i18n';
import { fieldRefusal, isApiError } from '../../lib/api-client';
import { messageOf } from '../../lib/message-of';
import { formatCount } from '../../lib/numbers';

export interface StaffFormValues {
  phone: string;
  name: string;
}

export type StaffField = keyof StaffFormValues;
export type StaffFormErrors = Partial<Record<StaffField, string>>;

/** The server's phone normalisation: digits, with an optional leading +. */
function normalizePhone(raw: string): string {
  const trimmed = raw.trim();
  return (trimmed.startsWith('+') ? '+' : '') + trimmed.replace(/[^\d]/g, '');
}

export function validateStaffForm(values: StaffFormValues): StaffFormErrors {
  const errors: StaffFormErrors = {};
  const phone = normalizePhone(values.phone);
  if (values.phone.trim() === '') errors.phone = translate('merchant:staffForm.phoneRequired');
  else if (phone.replace('+', '').length < PHONE_MIN_LENGTH || phone.length > PHONE_MAX_LENGTH) errors.phone = translate('merchant:staffForm.phoneInvalid');
  if (values.name.trim().length > STAFF_NAME_MAX_LENGTH) errors.name = translate('merchant:staffForm.nameTooLong', { max: formatCount(STAFF_NAME_MAX_LENGTH) });
  return errors;
}

export function staffBody(values: StaffFormValues): { phone: string; name: string } {
  return { phone: normalizePhone(values.phone), name: values.name.trim() };
}

/** A refusal of the server: under the field it is about, or (the staff limit, say) for the whole form. */
export function staffRefusal(error: unknown): { field: StaffField | null; message: string } {
  const refused = fieldRefusal(error);
  if (refused && (refused.field === 'phone' || refused.field === 'name')) return { field: refused.field, message: refused.message };
  const message = messageOf(error, translate('merchant:staffForm.addFailed'));
  if (isApiError(error, 409) && error.serverCode === STAFF_PHONE_TAKEN_CODE) return { field: 'phone', message };
  return { field: null, message };
}
