/**
 * The one rule for what a failed request says on screen, beside the API client's ApiError. A module of its own, so
 * the first page, which shows no refusals, does not carry it.
 */
import { isApiError } from './api-client';

/**
 * What a failed request says on screen: the server's own words for a refusal (a 4xx whose body carries a message,
 * docs/product/api.md#conventions), else the screen's `fallback`. A network failure, a server failure (5xx), an empty
 * body or a proxy's HTML error page say nothing worth reading. `providerAnswer`: a 502 carries the payment provider's
 * answer (a refund it refused), which is worth reading too.
 */
export function messageOf(error: unknown, fallback: string, { providerAnswer = false }: { providerAnswer?: boolean } = {}): string {
  if (!isApiError(error)) return fallback;
  const refusal = error.status >= 400 && error.status < 500;
  if (!refusal && !(providerAnswer && error.status === 502)) return fallback;
  const message = error.serverMessage.trim();
  return message !== '' && !message.startsWith('<') ? message : fallback;
}
