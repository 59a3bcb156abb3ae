/** The API client of docs/product/api.md#conventions: bearer session, cookies, '{status}: {body}' errors, and the default query function. */
import { queryOptions, type QueryFunction } from '@tanstack/react-query';
import { queryKeyOf, urlOf, type AnswerOf, type Callable, type InputOf } from '../../contract/endpoint';
import { requestLanguage } from '../i18n/languages';
import { takeFirstAnswer } from './first-answers';
import { getSessionId } from './session';

/** A non-OK answer. The message follows docs/product/api.md#conventions; status and body stay available for screens that branch on them. */
export class ApiError extends Error {
  readonly status: number;
  readonly body: string;

  constructor(status: number, body: string, statusText: string) {
    super(`${status}: ${body || statusText}`);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
  }

  /** The refusal's stable name (`{code}`), when the server sends one: the same in every language. */
  get serverCode(): string | undefined {
    try {
      const parsed: unknown = JSON.parse(this.body);
      if (parsed && typeof parsed === 'object' && 'code' in parsed && typeof parsed.code === 'string') return parsed.code;
    } catch {
      // Not JSON: no code.
    }
    return undefined;
  }

  /** The server's `{message}` when the body carries one, else the raw body. */
  get serverMessage(): string {
    try {
      const parsed: unknown = JSON.parse(this.body);
      if (parsed && typeof parsed === 'object' && 'message' in parsed && typeof parsed.message === 'string') {
        return parsed.message;
      }
    } catch {
      // Not JSON: the raw text is the message.
    }
    return this.body;
  }
}

export function isApiError(error: unknown, status?: number): error is ApiError {
  return error instanceof ApiError && (status === undefined || error.status === status);
}

async function throwIfNotOk(response: Response): Promise<void> {
  if (response.ok) return;
  const text = await response.text().catch(() => '');
  throw new ApiError(response.status, text, response.statusText);
}

function buildHeaders(hasBody: boolean): Headers {
  const headers = new Headers();
  // A JSON body says so; a form (FormData) leaves the type to the browser, which adds the multipart boundary.
  if (hasBody) headers.set('Content-Type', 'application/json');
  // The server's messages come in the language of the screen (docs/product/language.md#the-servers-messages).
  headers.set('Accept-Language', requestLanguage());
  const sessionId = getSessionId();
  if (sessionId) headers.set('Authorization', `Bearer ${sessionId}`);
  return headers;
}

/**
 * Sends one request and answers the Response, or throws an ApiError for a non-OK status. A body is sent as JSON,
 * except a FormData, sent as it is (`multipart/form-data`, an upload).
 */
export function apiRequest(method: string, url: string, body?: unknown, signal?: AbortSignal): Promise<Response> {
  return request(method, url, body, signal, false);
}

async function request(method: string, url: string, body: unknown, signal: AbortSignal | undefined, pastHold: boolean): Promise<Response> {
  const isForm = typeof FormData !== 'undefined' && body instanceof FormData;
  const hasJsonBody = body !== undefined && !isForm;
  // Made when the request goes out, so that one held while the session changed carries the new one.
  const init = (): RequestInit => ({
    method,
    headers: buildHeaders(hasJsonBody),
    body: isForm ? body : hasJsonBody ? JSON.stringify(body) : undefined,
    credentials: 'include',
    signal,
  });
  const response = takeFirstAnswer(method, url) ?? await (pastHold ? fetch(url, init()) : send(url, init));
  await throwIfNotOk(response);
  return response;
}

/**
 * The requests on their way, and the hold that keeps new ones back while the session changes. A request that ends
 * the session or replaces it (a logout, a password change, which ends every session of the account) goes out only
 * once the others have been answered, and the requests made meanwhile wait for the new session: none reaches the
 * server with a session that has just ended, to be refused with a 401.
 */
const onTheirWay = new Set<Promise<Response>>();
let hold: Promise<void> | null = null;

async function send(url: string, init: () => RequestInit): Promise<Response> {
  while (hold) await hold;
  const sent = fetch(url, init());
  onTheirWay.add(sent);
  const gone = () => onTheirWay.delete(sent);
  sent.then(gone, gone);
  return sent;
}

/**
 * Holds every request made from now on until the answered function is called, and answers it once the requests
 * already on their way have been answered (`waitMs` at most). Between the two, `apiPastHold` sends the request that
 * changes the session. A page that reloads next (a logout) never releases: what it held is never sent.
 */
export async function holdRequests(waitMs = 2000): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  const before = hold;
  hold = held;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<void>((resolve) => (timer = setTimeout(resolve, waitMs)));
  await Promise.race([Promise.allSettled([...onTheirWay, ...(before ? [before] : [])]), late]);
  clearTimeout(timer);
  return () => {
    if (hold === held) hold = null;
    release();
  };
}

/** `api` for the one request sent while the others are held (`holdRequests`). */
export async function apiPastHold<const E extends Callable>(endpoint: E, input: InputOf<E>): Promise<AnswerOf<E>> {
  const { params, query, body } = input as { params?: Record<string, string>; query?: unknown; body?: unknown };
  const response = await request(endpoint.method, urlOf(endpoint, { params, query }), body, undefined, true);
  const text = await response.text();
  return (text === '' ? null : JSON.parse(text)) as AnswerOf<E>;
}

/** Sends one request and parses its JSON answer (an empty body reads as null). */
export async function apiJson<T>(method: string, url: string, body?: unknown, signal?: AbortSignal): Promise<T> {
  const response = await apiRequest(method, url, body, signal);
  const text = await response.text();
  return (text === '' ? null : JSON.parse(text)) as T;
}

/** Joins a query key into a path: the first part as given, later parts URL-encoded, all joined by '/'. */
export function queryKeyToUrl(queryKey: readonly unknown[]): string {
  return queryKey
    .map((part, index) => (index === 0 ? String(part) : encodeURIComponent(String(part))))
    .join('/');
}

export type UnauthorizedBehavior = 'returnNull' | 'throw';

/** The default read: GET the joined query key and parse JSON; with 'returnNull', a 401 answers null instead of failing. */
export function getQueryFn<T>({ on401 }: { on401: UnauthorizedBehavior }): QueryFunction<T | null> {
  return async ({ queryKey, signal }) => {
    const url = queryKeyToUrl(queryKey);
    const response = takeFirstAnswer('GET', url) ?? await send(url, () => ({ headers: buildHeaders(false), credentials: 'include', signal }));
    if (on401 === 'returnNull' && response.status === 401) {
      // Read the body anyway: an unread body keeps the request open in the browser (and in network-idle waits).
      await response.text().catch(() => '');
      return null;
    }
    await throwIfNotOk(response);
    return (await response.json()) as T;
  };
}

/**
 * The field a 400 answer refused and why: validation failures read "{field}: {reason}" (docs/product/api.md#conventions),
 * so a form can show the reason under the field it names. Null for any other failure.
 */
export function fieldRefusal(error: unknown): { field: string; message: string } | null {
  if (!isApiError(error, 400)) return null;
  const match = /^([A-Za-z_$][\w$]*(?:\.[\w$]+)*): (.+)$/s.exec(error.serverMessage);
  return match?.[1] && match[2] ? { field: match[1], message: match[2] } : null;
}

/** The optional parts of a call: a signal to abort it. */
export interface CallOptions {
  signal?: AbortSignal;
}

/**
 * Calls an endpoint of the contract: its method, its path with the values filled in, its query and body,
 * typed by its declaration; answers the parsed body (null when empty) or throws an ApiError.
 */
export async function api<const E extends Callable>(endpoint: E, input: InputOf<E>, options: CallOptions = {}): Promise<AnswerOf<E>> {
  return (await apiCall(endpoint, input, options)).answer;
}

/** `api`, with the answer's headers too (a list's next cursor). */
export async function apiCall<const E extends Callable>(
  endpoint: E,
  input: InputOf<E>,
  options: CallOptions = {},
): Promise<{ answer: AnswerOf<E>; headers: Headers }> {
  const { params, query, body } = input as { params?: Record<string, string>; query?: unknown; body?: unknown };
  const response = await apiRequest(endpoint.method, urlOf(endpoint, { params, query }), body, options.signal);
  const text = await response.text();
  return { answer: (text === '' ? null : JSON.parse(text)) as AnswerOf<E>, headers: response.headers };
}

/**
 * Sends a form (`multipart/form-data`, a file upload) to an endpoint without path values, such as POST /api/photos;
 * answers the parsed body or throws an ApiError, like `api`.
 */
export async function apiForm<const E extends Callable>(endpoint: E, form: FormData, options: CallOptions = {}): Promise<AnswerOf<E>> {
  const response = await apiRequest(endpoint.method, urlOf(endpoint), form, options.signal);
  const text = await response.text();
  return (text === '' ? null : JSON.parse(text)) as AnswerOf<E>;
}

/** A read of an endpoint for TanStack Query: its key (contract/endpoint.ts `queryKeyOf`) and a fetcher that calls it. */
export function endpointQuery<const E extends Callable>(endpoint: E, input: InputOf<E>) {
  const { params, query } = input as { params?: Record<string, string>; query?: unknown };
  return queryOptions<AnswerOf<E>>({
    queryKey: queryKeyOf(endpoint, { params, query }),
    queryFn: ({ signal }) => api(endpoint, input, { signal }),
  });
}

/** The key every read under an endpoint's path starts with, for invalidation. */
export function keyRootOf(endpoint: Pick<Callable, 'path'>): unknown[] {
  return queryKeyOf(endpoint).slice(0, 1);
}
