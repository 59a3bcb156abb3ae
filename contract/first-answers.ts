/**
 * A page's first answers (docs/product/screens.md, "First answers in the page"): the reads the first screen of the home
 * page and of a store page makes for a guest, answered by the server inside the page itself. The browser then has the
 * list as soon as the app's code runs, instead of asking for it only then and waiting a round trip more.
 *
 * The server writes them into a `<script type="application/json" id="first-answers">` element; the app takes each
 * answer once, for the same address asked in the same language by a browser without a session, and asks the server
 * for anything else.
 */
import { categoryEndpoints, dealEndpoints, merchantEndpoints } from './addresses';
import { HOME_DEALS_PAGE_SIZE, STORE_DEALS_PAGE_SIZE } from './constants';
import { urlOf } from './endpoint';
import { pageIdOf, paths, routePatterns } from './routes';

/** The id of the element that carries them. */
export const FIRST_ANSWERS_ELEMENT_ID = 'first-answers';

/** The language the app asks in until its reader chooses one (web/i18n/languages.ts `requestLanguage`). */
export const FIRST_ANSWERS_LANGUAGE = 'en';

/** One answer: its JSON body and, for a list, the next page's cursor (the `x-next-cursor` header). */
export interface FirstAnswer {
  body: unknown;
  nextCursor: string | null;
}

/** What the element holds: the language the answers are in, and each answer by the address it answers. */
export interface FirstAnswers {
  language: string;
  answers: Record<string, FirstAnswer>;
}

/**
 * The addresses a page's first screen asks for, exactly as the app writes them: the home page without a search or
 * filters (its first page of deals and the categories), and a store page (the store and its first page of deals).
 * Other pages and addresses get none.
 */
export function firstCallsOf(pathname: string, search: string): string[] {
  if (pathname === paths.home) {
    return search === '' ? [urlOf(dealEndpoints.list, { query: { limit: HOME_DEALS_PAGE_SIZE } }), urlOf(categoryEndpoints.list)] : [];
  }
  const storeId = pageIdOf(routePatterns.store, pathname);
  if (storeId !== null && search === '') {
    return [urlOf(merchantEndpoints.get, { params: { id: storeId } }), urlOf(dealEndpoints.list, { query: { merchantId: storeId, limit: STORE_DEALS_PAGE_SIZE } })];
  }
  return [];
}
