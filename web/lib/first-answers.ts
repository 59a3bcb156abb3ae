/**
 * The first answers the server wrote into the page (contract/first-answers.ts): each taken once, by the first GET of
 * its address, when the browser has no session and asks in the answers' language. Anything else goes to the server.
 */
import { FIRST_ANSWERS_ELEMENT_ID, type FirstAnswer, type FirstAnswers } from '../../contract/first-answers';
import { NEXT_CURSOR_HEADER } from '../../contract/constants';
import { requestLanguage } from '../i18n/languages';
import { getSessionId } from './session';

let answers: Map<string, FirstAnswer> | null = null;

/** Reads the page's element once (and removes it): its answers, or none when they are not this browser's to use. */
function pageAnswers(): Map<string, FirstAnswer> {
  if (answers) return answers;
  answers = new Map();
  const element = typeof document === 'undefined' ? null : document.getElementById(FIRST_ANSWERS_ELEMENT_ID);
  if (!element) return answers;
  element.remove();
  try {
    const written = JSON.parse(element.textContent ?? '') as FirstAnswers;
    // The server answered as a guest in the app's first language; a signed-in reader, or one who chose another
    // language, asks for their own.
    if (written.language === requestLanguage() && getSessionId() === null) answers = new Map(Object.entries(written.answers));
  } catch {
    // Not readable: the app asks for everything itself.
  }
  return answers;
}

/** The page's answer to a GET of `url` as a Response, taken so that the next read asks the server; null when there is none. */
export function takeFirstAnswer(method: string, url: string): Response | null {
  if (method !== 'GET') return null;
  const all = pageAnswers();
  const answer = all.get(url);
  if (!answer) return null;
  all.delete(url);
  const headers = new Headers({ 'content-type': 'application/json; charset=utf-8' });
  if (answer.nextCursor !== null) headers.set(NEXT_CURSOR_HEADER, answer.nextCursor);
  return new Response(JSON.stringify(answer.body), { status: 200, headers });
}

/** Forgets what was read, for tests that write a new page. */
export function resetFirstAnswers(): void {
  answers = null;
}
