/**
 * Serves the built web app: hashed assets cached for a year, pre-compressed; every page path gets index.html, and a
 * missing asset a plain 404. A page that is shared as a link (a deal's or a group's page) gets its own title and Open
 * Graph tags in that index.html, since chat apps read a link's preview without running the app; the deal page also
 * names its picture there, for the browser to fetch alongside the app's code. The home page and a store page carry
 * their first screen's answers for a guest (contract/first-answers.ts).
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { SESSION_COOKIE } from '../../contract/auth';
import { FIRST_ANSWERS_WAIT_MS, NEXT_CURSOR_HEADER } from '../../contract/constants';
import { FIRST_ANSWERS_ELEMENT_ID, FIRST_ANSWERS_LANGUAGE, firstCallsOf } from '../../contract/first-answers';
import { isKnownPagePath } from '../../contract/routes';
import { languageOf, msg, type Language } from '../i18n';
import { noteLanguage, say } from './language';

/** What a shared link shows in a chat app's preview. */
export interface PagePreview {
  title: string;
  description: string;
  /** Absolute address of the picture. */
  image: string;
  /** What the picture shows, for those who cannot see it. */
  imageAlt?: string;
  /** The picture's size in pixels, so a chat app lays out the preview before it has the picture. */
  imageWidth?: number;
  imageHeight?: number;
  /** The page's own absolute address. */
  url: string;
  /** The picture the page draws largest, as its address is written there: downloaded at high priority from the start. */
  preloadImage?: string;
}

/**
 * The preview of a page path in a language, or null for a page without one (it keeps the app's own title and
 * description), or `missing` for a page of something that does not exist or is hidden from shoppers (answered 404).
 */
export type PagePreviewOf = (pathname: string, language: Language) => Promise<PagePreview | 'missing' | null>;

/**
 * The language of a page's preview: the page address's `lang` when it names one (`?lang=zh-CN`), else the request's
 * Accept-Language (a chat app reading the link asks in its reader's language), else English.
 */
export function pageLanguage(url: string, acceptLanguage: string | string[] | undefined): { language: Language; fromHeader: boolean } {
  const query = url.includes('?') ? new URLSearchParams(url.slice(url.indexOf('?') + 1)) : null;
  const lang = query?.get('lang');
  if (lang && /^(en|zh)([-_][A-Za-z0-9]+)*$/i.test(lang)) return { language: languageOf(lang.replace(/_/g, '-')), fromHeader: false };
  return { language: languageOf(acceptLanguage), fromHeader: true };
}

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** index.html with the page's title, description and Open Graph tags, and the preload of its largest picture. */
export function withPreview(indexHtml: string, p: PagePreview): string {
  const openGraph: [string, string | undefined][] = [
    ['og:type', 'website'],
    ['og:site_name', 'DealMarket'],
    ['og:title', p.title],
    ['og:description', p.description],
    ['og:image', p.image],
    ['og:image:width', p.imageWidth?.toString()],
    ['og:image:height', p.imageHeight?.toString()],
    ['og:image:alt', p.imageAlt],
    ['og:url', p.url],
  ];
  const twitter: [string, string | undefined][] = [
    ['twitter:title', p.title],
    ['twitter:description', p.description],
    ['twitter:image', p.image],
    ['twitter:image:alt', p.imageAlt],
  ];
  const tags = [
    ...openGraph.filter(([, content]) => content !== undefined).map(([property, content]) => `<meta property="${property}" content="${escapeHtml(content!)}" />`),
    ...twitter.filter(([, content]) => content !== undefined).map(([name, content]) => `<meta name="${name}" content="${escapeHtml(content!)}" />`),
  ].join('\n    ');
  const preload = p.preloadImage ? `\n    <link rel="preload" as="image" href="${escapeHtml(p.preloadImage)}" fetchpriority="high" />` : '';
  return indexHtml
    // Replaced by functions: a `$&` or `$'` in a deal's title would otherwise be read as a pattern of String.replace.
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(p.title)}</title>\n    <meta name="twitter:card" content="summary_large_image" />\n    ${tags}${preload}`)
    .replace(/<meta name="description" content="[^"]*" \/>/, () => `<meta name="description" content="${escapeHtml(p.description)}" />`);
}

/**
 * The page's first answers as the element that carries them (contract/first-answers.ts), or '' when it has none: each
 * address read through the app's own routes as a guest would read it, in the app's first language. An answer that is
 * not a 200, or not in within FIRST_ANSWERS_WAIT_MS (a busy database), is left out; the app then asks for it itself.
 */
export async function firstAnswersElement(app: FastifyInstance, pathname: string, search: string): Promise<string> {
  const urls = firstCallsOf(pathname, search);
  if (urls.length === 0) return '';
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), FIRST_ANSWERS_WAIT_MS);
  });
  const read = async (url: string): Promise<string | null> => {
    const res = await app.inject({ method: 'GET', url, headers: { 'accept-language': FIRST_ANSWERS_LANGUAGE } });
    if (res.statusCode !== 200 || !/^application\/json/.test(String(res.headers['content-type']))) return null;
    const cursor = res.headers[NEXT_CURSOR_HEADER];
    // The body goes in as the route serialised it: a JSON text, so the element's JSON is put together as text.
    return `${JSON.stringify(url)}:{"nextCursor":${JSON.stringify(typeof cursor === 'string' ? cursor : null)},"body":${res.body}}`;
  };
  try {
    const answers = await Promise.all(urls.map((url) => Promise.race([read(url).catch(() => null), late])));
    const kept = answers.filter((answer): answer is string => answer !== null);
    if (kept.length === 0) return '';
    const json = `{"language":${JSON.stringify(FIRST_ANSWERS_LANGUAGE)},"answers":{${kept.join(',')}}}`;
    // In JSON a "<" only appears inside strings, where \u003c reads the same: no text can close the element early.
    return `<script type="application/json" id="${FIRST_ANSWERS_ELEMENT_ID}">${json.replace(/</g, '\\u003c')}</script>`;
  } finally {
    clearTimeout(timer);
  }
}

export async function registerWeb(app: FastifyInstance, webDir: string | undefined, previewOf?: PagePreviewOf): Promise<void> {
  const indexPath = webDir ? path.join(webDir, 'index.html') : undefined;
  const hasWeb = indexPath !== undefined && existsSync(indexPath);
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDir!,
      preCompressed: true,
      // Our own cache policy below; the plugin's default would overwrite it with max-age=0.
      cacheControl: false,
      index: false,
      wildcard: false,
      globIgnore: ['**/index.html', '**/*.gz', '**/*.br'],
      setHeaders(res, filePath) {
        const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
        res.setHeader('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
      },
    });
  }
  const indexHtml = hasWeb ? readFileSync(indexPath!, 'utf8') : null;

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    if (pathname.startsWith('/api/') || pathname === '/api') {
      return reply.status(404).send({ message: say(reply, msg('http.noApiRoute', { method: request.method, path: pathname })) });
    }
    if ((request.method !== 'GET' && request.method !== 'HEAD') || indexHtml === null) {
      return reply.status(404).send({ message: say(reply, msg('http.notFound')) });
    }
    // A file the build does not have, most often a screen's code that an open page still asks for after a deploy
    // replaced it: a plain 404 makes the import fail at once (the app then reloads for the new version), where
    // index.html would be fetched and rejected as a script. Not cached, as the file may yet arrive with a deploy.
    if (pathname.startsWith('/assets/')) {
      return reply
        .status(404)
        .header('content-type', 'text/plain; charset=utf-8')
        .header('cache-control', 'no-store')
        .send('Not found');
    }
    const known = isKnownPagePath(pathname);
    const { language, fromHeader } = pageLanguage(request.url, request.headers['accept-language']);
    const page = async () => {
      // The preview reads the database; when it cannot, the page is served without one and shows its own state.
      const preview =
        known && previewOf
          ? await previewOf(pathname, language).catch((err: unknown) => {
              request.log.warn({ err }, 'page preview not read');
              return null;
            })
          : null;
      // A preview speaks the page's language; when Accept-Language chose it, the page varies by that header.
      if (preview && preview !== 'missing') {
        if (fromHeader) noteLanguage(reply, language);
        else reply.header('content-language', language);
      }
      const html = preview && preview !== 'missing' ? withPreview(indexHtml, preview) : indexHtml;
      // A signed-in browser's lists may differ from a guest's (a merchant sees its own deals): it asks for them itself.
      const search = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
      // (Without the cookie plugin, as in a bare server, there are no cookies.)
      const cookies = request.cookies as Partial<Record<string, string>> | undefined;
      const answers = known && preview !== 'missing' && !cookies?.[SESSION_COOKIE] ? await firstAnswersElement(app, pathname, search) : '';
      return { missing: preview === 'missing', html: answers === '' ? html : html.replace('</body>', () => `${answers}</body>`) };
    };
    return page().then(({ missing, html }) =>
      reply
        .status(known && !missing ? 200 : 404)
        .header('content-type', 'text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        .send(html),
    );
  });
}
