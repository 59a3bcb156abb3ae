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
export async function apiRequest(method: string, url: string, body?: unknown, signal?: AbortSignal): Promise<Response> {
  const isForm = typeof FormData !== 'undefined' && body instanceof FormData;
  const hasJsonBody = body !== undefined && !isForm;
  const response = takeFirstAnswer(method, url) ?? await fetch(url, {
    method,
    headers: buildHeaders(hasJsonBody),
    body: isForm ? body : hasJsonBody ? JSON.stringify(body) : undefined,
    credentials: 'include',
    signal,
  });
  await throwIfNotOk(response);
  return response;
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
    const response = takeFirstAnswer('GET', url) ?? await fetch(url, {
      headers: buildHeaders(false),
      credentials: 'include',
      signal,
    });
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
