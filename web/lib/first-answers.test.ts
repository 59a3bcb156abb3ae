// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dealEndpoints } from '../../contract/addresses';
import { FIRST_ANSWERS_ELEMENT_ID, type FirstAnswers } from '../../contract/first-answers';
import { setChosenLanguage } from '../i18n/languages';
import { apiCall } from './api-client';
import { resetFirstAnswers } from './first-answers';
import { SESSION_STORAGE_KEY } from './session';

const DEAL = { id: 'd1', title: 'Ramen for 2' };

/** Writes the element the server puts in the page. */
function writePage(answers: FirstAnswers): void {
  const element = document.createElement('script');
  element.type = 'application/json';
  element.id = FIRST_ANSWERS_ELEMENT_ID;
  element.textContent = JSON.stringify(answers);
  document.body.append(element);
}

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  resetFirstAnswers();
  fetchMock.mockReset();
  fetchMock.mockImplementation(async () => new Response('[]', { status: 200, headers: { 'content-type': 'application/json' } }));
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  document.getElementById(FIRST_ANSWERS_ELEMENT_ID)?.remove();
  window.localStorage.clear();
  setChosenLanguage(null);
});

/** The home page's first read of deals: its answer and next page's cursor. */
async function fetchDealPage({ q }: { q: string; cursor: null }) {
  const { answer, headers } = await apiCall(dealEndpoints.list, { query: { limit: 24, ...(q ? { q } : {}) } });
  return { deals: answer, nextCursor: headers.get('x-next-cursor') };
}

describe("a page's first answers", () => {
  it('answer the first read of their address, with its cursor, and the next read asks the server', async () => {
    writePage({ language: 'en', answers: { '/api/deals?limit=24': { body: [DEAL], nextCursor: 'page-2' } } });
    expect(await fetchDealPage({ q: '', cursor: null })).toEqual({ deals: [DEAL], nextCursor: 'page-2' });
    expect(fetchMock).not.toHaveBeenCalled();
    expect(document.getElementById(FIRST_ANSWERS_ELEMENT_ID)).toBeNull();
    expect(await fetchDealPage({ q: '', cursor: null })).toEqual({ deals: [], nextCursor: null });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('answer no other address', async () => {
    writePage({ language: 'en', answers: { '/api/deals?limit=24': { body: [DEAL], nextCursor: null } } });
    await fetchDealPage({ q: 'ramen', cursor: null });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('are not used by a signed-in browser, or by a reader who chose another language', async () => {
    window.localStorage.setItem(SESSION_STORAGE_KEY, 'a-session');
    writePage({ language: 'en', answers: { '/api/deals?limit=24': { body: [DEAL], nextCursor: null } } });
    expect((await fetchDealPage({ q: '', cursor: null })).deals).toEqual([]);
    expect(fetchMock).toHaveBeenCalledTimes(1);

    window.localStorage.clear();
    resetFirstAnswers();
    setChosenLanguage('zh-CN');
    writePage({ language: 'en', answers: { '/api/deals?limit=24': { body: [DEAL], nextCursor: null } } });
    expect((await fetchDealPage({ q: '', cursor: null })).deals).toEqual([]);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('are ignored when they cannot be read', async () => {
    const element = document.createElement('script');
    element.type = 'application/json';
    element.id = FIRST_ANSWERS_ELEMENT_ID;
    element.textContent = '{"language":';
    document.body.append(element);
    expect((await fetchDealPage({ q: '', cursor: null })).deals).toEqual([]);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
