/** The text a failure toast shows: the server's own message when there is one (they name the field, e.g. 'priceCents: ...'). */
import { translate } from '../../i18n';
import { isApiError } from '../../lib/api-client';

export function errorMessage(error: unknown): string {
  if (isApiError(error)) return error.serverMessage || error.message;
  if (error instanceof TypeError) return translate('admin:catalog.networkError');
  return error instanceof Error ? error.message : String(error);
}
