/**
 * What the built web app makes a browser download: the initial JavaScript (the entry script and
 * every modulepreload link of index.html) and, per lazily loaded screen of the router, its own
 * chunk plus the chunks it imports that the first load did not bring. Sizes are gzip level 9, as
 * the server's pre-compressed .gz files are.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { routePatterns } from '../../contract/routes';

export type ScreenGroup = 'admin' | 'merchant' | 'checkout' | 'shopper';

export interface ScreenSize {
  route: string;
  component: string;
  group: ScreenGroup;
  /** Null when the screen has no chunk of its own (it is in the initial bundle). */
  chunk: string | null;
  ownGzip: number;
  /** Own chunk plus every chunk it imports, directly or not, that is not already loaded initially. */
  onDemandGzip: number;
  extraChunks: string[];
  /** Chunks the screen can fetch later by dynamic import (a fallback or an optional feature), with their gzip size. */
  later: { file: string; gzip: number }[];
}

export interface Sizes {
  initialFiles: { file: string; gzip: number }[];
  initialJsGzip: number;
  cssGzip: number;
  screens: ScreenSize[];
}

const gzipSize = (file: string) => gzipSync(readFileSync(file), { level: 9 }).length;

/** The chunks a chunk imports statically (minified ESM: import{..}from"./x.js", import"./x.js", export{..}from"./x.js"). */
function staticImports(assets: string, file: string): string[] {
  const code = readFileSync(path.join(assets, file), 'utf8');
  const found = new Set<string>();
  for (const m of code.matchAll(/(?:from|import)\s*["']\.\/([\w.-]+\.js)["']/g)) found.add(m[1]!);
  return [...found];
}

/** The chunks a chunk may fetch later with import("./x.js"). */
function dynamicImports(assets: string, file: string): string[] {
  const code = readFileSync(path.join(assets, file), 'utf8');
  return [...new Set([...code.matchAll(/import\(\s*[`"']\.\/([\w.-]+\.js)[`"']\s*\)/g)].map((m) => m[1]!))];
}

function closure(assets: string, start: string[]): Set<string> {
  const seen = new Set<string>();
  const queue = [...start];
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    queue.push(...staticImports(assets, file));
  }
  return seen;
}

function groupOf(route: string): ScreenGroup {
  if (route.startsWith('/admin')) return 'admin';
  if (route.startsWith('/merchant')) return 'merchant';
  if (['/cart', '/checkout', '/success'].includes(route)) return 'checkout';
  return 'shopper';
}

/** `() => import('x')` or `withTexts(() => import('x'), 'ns', ...)`: the module and the namespaces of texts fetched beside it. */
const LOADER = String.raw`(?:withTexts\()?\(\) => import\(['"]([^'"]+)['"]\)((?:, '[\w-]+')*)\)?`;
const namespacesOf = (list: string | undefined) => [...(list ?? '').matchAll(/'([\w-]+)'/g)].map((m) => m[1]!);

/**
 * Route path -> lazily imported component -> module (its import path as written) and text namespaces, read from the router's source: its
 * `const X = lazy(() => import('...'))` (or `lazy(withTexts(() => import('...'), 'ns'))`) lines and its `screens`
 * table (`name: X,` or `name: (...) => <X ... />,`), plus the fallback `<Route component={X} />`.
 */
function lazyScreens(routerSource: string): { route: string; component: string; module: string; namespaces: string[] }[] {
  const modules = new Map<string, { module: string; namespaces: string[] }>();
  for (const m of routerSource.matchAll(new RegExp(`const (\\w+) = lazy\\(${LOADER}\\)`, 'g'))) {
    modules.set(m[1]!, { module: m[2]!, namespaces: namespacesOf(m[3]) });
  }
  for (const m of routerSource.matchAll(/const (\w+) = lazy\((\w+)\)/g)) {
    const loader = new RegExp(`const ${m[2]} = ${LOADER}`).exec(routerSource);
    if (loader) modules.set(m[1]!, { module: loader[1]!, namespaces: namespacesOf(loader[2]) });
  }
  const table = /const screens[^=]*= \{([\s\S]*?)\n\};/.exec(routerSource)?.[1] ?? '';
  const screens: { route: string; component: string; module: string; namespaces: string[] }[] = [];
  for (const m of table.matchAll(/^\s*(\w+): (?:(\w+)|.*?<(\w+)[\s/>].*),$/gm)) {
    const component = m[2] ?? m[3]!;
    const found = modules.get(component);
    if (!found) continue;
    screens.push({ route: routePatterns[m[1] as keyof typeof routePatterns], component, ...found });
  }
  const fallback = /<Route component=\{(\w+)\} \/>/.exec(routerSource)?.[1];
  const fallbackFound = fallback ? modules.get(fallback) : undefined;
  if (fallback && fallbackFound) screens.push({ route: '(no match: 404)', component: fallback, ...fallbackFound });
  return screens;
}

/**
 * Finds the chunk of a module the router imports (`../features/stores/store-page`). Vite's manifest
 * (web/.vite/manifest.json, written when the build is asked for it, as the benchmarks' build is) names each source
 * module's chunk, so two screens' modules of the same name (the shoppers' and the merchant's `store-page`) each find
 * their own. Without it, a chunk is matched by its file name, the module's name and a hash; when two match, the
 * answer is null rather than either of them.
 */
function screenChunks(webDir: string, routerDir: string, files: string[]): (module: string) => string | null {
  const manifestFile = path.join(webDir, '.vite/manifest.json');
  if (existsSync(manifestFile)) {
    const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, { file: string }>;
    // Manifest keys are relative to Vite's root, web/, the router's folder's parent.
    const sourceRoot = path.dirname(routerDir);
    return (module) => {
      const source = path.relative(sourceRoot, path.resolve(routerDir, module)).split(path.sep).join('/');
      const entry = Object.entries(manifest).find(([key]) => key.replace(/\.[jt]sx?$/, '') === source)?.[1];
      return entry ? path.basename(entry.file) : null;
    };
  }
  return (module) => {
    const pattern = new RegExp(`^${path.basename(module).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}-[A-Za-z0-9_-]{8}\\.js$`);
    const found = files.filter((f) => pattern.test(f));
    return found.length === 1 ? found[0]! : null;
  };
}

export function measureSizes(webDir: string, routerFile: string): Sizes {
  const html = readFileSync(path.join(webDir, 'index.html'), 'utf8');
  const assets = path.join(webDir, 'assets');
  const local = (href: string) => href.replace(/^\//, '').replace(/^assets\//, '');
  const entry = [...html.matchAll(/<script[^>]*type="module"[^>]*src="([^"]+)"/g)].map((m) => local(m[1]!));
  const preloads = [...html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g)].map((m) => local(m[1]!));
  const css = [...html.matchAll(/<link[^>]*rel="stylesheet"[^>]*href="([^"]+)"/g)].map((m) => local(m[1]!));
  if (entry.length === 0) throw new Error(`${webDir}/index.html loads no module script`);
  const initialList = [...new Set([...entry, ...preloads])];
  const initial = new Set(initialList);
  // The entry's own static imports load eagerly too, preloaded or not.
  for (const f of closure(assets, initialList)) initial.add(f);
  const initialFiles = [...initial].map((file) => ({ file, gzip: gzipSize(path.join(assets, file)) }));
  const files = readdirSync(assets).filter((f) => f.endsWith('.js'));
  // The English catalogue of each namespace a screen fetches beside its code (web/i18n): the entry names its chunk.
  const entrySource = entry.map((f) => readFileSync(path.join(assets, f), 'utf8')).join('\n');
  const catalogueChunk = (ns: string) => new RegExp(String.raw`locales/en/${ns}\.json"\s*:\s*\(\)\s*=>[^\n]*?import\(\s*[\x60'"]\./([\w.-]+\.js)`).exec(entrySource)?.[1];
  const chunkOf = screenChunks(webDir, path.dirname(routerFile), files);
  const screens = lazyScreens(readFileSync(routerFile, 'utf8')).map(({ route, component, module, namespaces }) => {
    const chunk = chunkOf(module);
    if (!chunk) return { route, component, group: groupOf(route), chunk, ownGzip: 0, onDemandGzip: 0, extraChunks: [], later: [] };
    const texts = namespaces.map(catalogueChunk).filter((f): f is string => f !== undefined);
    const needed = [...new Set([...closure(assets, [chunk]), ...texts])].filter((f) => !initial.has(f));
    const later = [...new Set(needed.flatMap((f) => dynamicImports(assets, f)))].filter((f) => !initial.has(f) && !needed.includes(f));
    return {
      route,
      component,
      group: groupOf(route),
      chunk,
      ownGzip: gzipSize(path.join(assets, chunk)),
      onDemandGzip: needed.reduce((n, f) => n + gzipSize(path.join(assets, f)), 0),
      extraChunks: needed.filter((f) => f !== chunk),
      later: later.map((file) => ({ file, gzip: gzipSize(path.join(assets, file)) })),
    };
  });
  return {
    initialFiles,
    initialJsGzip: initialFiles.reduce((n, f) => n + f.gzip, 0),
    cssGzip: css.filter((f) => existsSync(path.join(assets, f))).reduce((n, f) => n + gzipSize(path.join(assets, f)), 0),
    screens,
  };
}
