// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { QueryFunctionContext } from '@tanstack/react-query';
import { ApiError, apiJson, apiRequest, fieldRefusal, getQueryFn, isApiError, queryKeyToUrl } from './api-client';
import { SESSION_STORAGE_KEY } from './session';

const fetchMock = vi.fn<typeof fetch>();

function lastCall(): { url: string; init: RequestInit; headers: Headers } {
  const call = fetchMock.mock.calls.at(-1);
  if (!call) throw new Error('fetch was not called');
  const [url, init = {}] = call;
  return { url: String(url), init, headers: new Headers(init.headers) };
}

function context(queryKey: readonly unknown[]): QueryFunctionContext {
  return { queryKey, signal: new AbortController().signal, meta: undefined } as unknown as QueryFunctionContext;
}

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  localStorage.clear();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('apiRequest', () => {
  it('sends the stored session id as a bearer header and always includes cookies', async () => {
    localStorage.setItem(SESSION_STORAGE_KEY, 'abc123');
    fetchMock.mockResolvedValue(new Response('{}', { status: 200 }));
    await apiRequest('GET', '/api/deals');
    const { headers, init } = lastCall();
    expect(headers.get('Authorization')).toBe('Bearer abc123');
    expect(init.credentials).toBe('include');
  });

  it('sends no authorization header without a stored session', async () => {
    fetchMock.mockResolvedValue(new Response('{}', { status: 200 }));
    await apiRequest('GET', '/api/deals');
    expect(lastCall().headers.has('Authorization')).toBe(false);
  });

  it('sets a JSON content type only when a body is sent', async () => {
    fetchMock.mockResolvedValue(new Response('{}', { status: 200 }));
    await apiRequest('POST', '/api/favorites', { dealId: 'd1' });
    const withBody = lastCall();
    expect(withBody.headers.get('Content-Type')).toBe('application/json');
    expect(withBody.init.body).toBe('{"dealId":"d1"}');
    expect(withBody.init.method).toBe('POST');

    await apiRequest('POST', '/api/auth/logout');
    const withoutBody = lastCall();
    expect(withoutBody.headers.has('Content-Type')).toBe(false);
    expect(withoutBody.init.body).toBeUndefined();
  });

  it("throws '{status}: {body}' with the status kept on the error", async () => {
    fetchMock.mockResolvedValue(new Response('{"message":"Deal not found"}', { status: 404, statusText: 'Not Found' }));
    const error = await apiRequest('GET', '/api/deals/x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('404: {"message":"Deal not found"}');
    expect((error as ApiError).status).toBe(404);
    expect((error as ApiError).serverMessage).toBe('Deal not found');
    expect(isApiError(error, 404)).toBe(true);
    expect(isApiError(error, 500)).toBe(false);
  });

  it('falls back to the status text when the body is empty', async () => {
    fetchMock.mockResolvedValue(new Response('', { status: 503, statusText: 'Service Unavailable' }));
    await expect(apiRequest('GET', '/api/deals')).rejects.toThrow('503: Service Unavailable');
  });

  it('apiJson parses the answer and reads an empty body as null', async () => {
    fetchMock.mockResolvedValueOnce(new Response('{"ok":true}', { status: 200 }));
    await expect(apiJson('GET', '/api/health')).resolves.toEqual({ ok: true });
    fetchMock.mockResolvedValueOnce(new Response(null, { status: 204 }));
    await expect(apiJson('DELETE', '/api/favorites/d1')).resolves.toBeNull();
  });
});

describe('getQueryFn', () => {
  it('GETs the query key parts joined by slashes and parses JSON', async () => {
    localStorage.setItem(SESSION_STORAGE_KEY, 's1');
    fetchMock.mockResolvedValue(new Response('{"average":4.5}', { status: 200 }));
    const result = await getQueryFn({ on401: 'throw' })(context(['/api/deals', 'd-1', 'reviews']));
    expect(result).toEqual({ average: 4.5 });
    const { url, init, headers } = lastCall();
    expect(url).toBe('/api/deals/d-1/reviews');
    expect(init.method ?? 'GET').toBe('GET');
    expect(init.credentials).toBe('include');
    expect(headers.get('Authorization')).toBe('Bearer s1');
    expect(headers.has('Content-Type')).toBe(false);
  });

  it('answers null on 401 in the returnNull mode', async () => {
    fetchMock.mockResolvedValue(new Response('{"message":"Not logged in"}', { status: 401, statusText: 'Unauthorized' }));
    await expect(getQueryFn({ on401: 'returnNull' })(context(['/api/auth/user']))).resolves.toBeNull();
  });

  it('throws on 401 in the default mode', async () => {
    fetchMock.mockResolvedValue(new Response('Unauthorized', { status: 401, statusText: 'Unauthorized' }));
    await expect(getQueryFn({ on401: 'throw' })(context(['/api/auth/user']))).rejects.toThrow('401: Unauthorized');
  });

  it('still throws other failures in the returnNull mode', async () => {
    fetchMock.mockResolvedValue(new Response('boom', { status: 500, statusText: 'Internal Server Error' }));
    await expect(getQueryFn({ on401: 'returnNull' })(context(['/api/auth/user']))).rejects.toThrow('500: boom');
  });
});

describe('queryKeyToUrl', () => {
  it('keeps the first part and encodes the rest', () => {
    expect(queryKeyToUrl(['/api/merchants', 'a b/c'])).toBe('/api/merchants/a%20b%2Fc');
    expect(queryKeyToUrl(['/api/deals'])).toBe('/api/deals');
  });
});

describe('fieldRefusal', () => {
  it('reads the field and the reason of a refused body, and nothing else', () => {
    const refused = (status: number, message: string) => new ApiError(status, JSON.stringify({ message }), '');
    expect(fieldRefusal(refused(400, 'priceCents: must not be negative'))).toEqual({ field: 'priceCents', message: 'must not be negative' });
    expect(fieldRefusal(refused(400, 'hours.morning: must look like 09:00-12:00'))).toEqual({ field: 'hours.morning', message: 'must look like 09:00-12:00' });
    expect(fieldRefusal(refused(400, 'Invalid request'))).toBeNull();
    expect(fieldRefusal(refused(409, 'phone: taken'))).toBeNull();
    expect(fieldRefusal(new Error('phone: x'))).toBeNull();
  });
});
