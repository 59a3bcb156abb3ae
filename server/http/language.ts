/** The language of an answer's texts: the request's Accept-Language (server/i18n), noted on the answer. */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { languageOf, render, type Language, type Message } from '../i18n';

/**
 * The request's language, from its Accept-Language, without noting it on the answer: the language a user is
 * remembered in (`users.language`, for the SMS texts sent to them) and the SMS code is written in.
 */
export function requestLanguage(request: FastifyRequest): Language {
  return languageOf(request.headers['accept-language']);
}

/**
 * The language the answer speaks, from its request's Accept-Language. The answer says so (Content-Language) and
 * that it depends on the header (Vary: Accept-Language), so no cache hands it to a reader of another language.
 */
export function answerLanguage(reply: FastifyReply): Language {
  const language = languageOf(reply.request.headers['accept-language']);
  noteLanguage(reply, language);
  return language;
}

/** Notes on the answer the language its text is in, and that Accept-Language picked it. */
export function noteLanguage(reply: FastifyReply, language: Language): void {
  reply.header('content-language', language);
  const vary = reply.getHeader('vary');
  const varies = typeof vary === 'string' ? vary : Array.isArray(vary) ? vary.join(', ') : '';
  if (!/(^|,)\s*(accept-language|\*)\s*(,|$)/i.test(varies)) reply.header('vary', varies ? `${varies}, Accept-Language` : 'Accept-Language');
}

/** The message in the answer's language (answerLanguage). */
export function say(reply: FastifyReply, message: Message): string {
  return render(answerLanguage(reply), message);
}
