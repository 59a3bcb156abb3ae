/**
 * The text a failure toast shows: the server's words for a refusal (they name the field, e.g. 'priceCents: ...'),
 * messageOf's rule; a request that never got an answer is said to be a network failure, a server failure a try-again.
 */
import { translate } from '../../i18n';
import { isApiError } from '../../lib/api-client';
import { messageOf } from '../../lib/message-of';

export function errorMessage(error: unknown): string {
  return messageOf(error, isApiError(error) ? translate('common:tryAgainLater') : translate('admin:catalog.networkError'));
}
