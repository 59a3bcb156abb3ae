/** What a money action's refusal says on screen: the server's own words for a refusal or the provider's answer, else a try-again. */
import { translate } from '../../../i18n';
import { isApiError } from '../../../lib/api-client';

export function actionFailure(error: unknown): string {
  // 502 carries the provider's answer, which is worth reading; other server failures say nothing useful.
  if (isApiError(error) && (error.status < 500 || error.status === 502) && error.serverMessage) return error.serverMessage;
  return translate('money:attention.failedFallback');
}
