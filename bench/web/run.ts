/**
 * Front-end budget (npm run bench:web): builds the app, measures the gzip size of the initial
 * JavaScript and of each lazily loaded screen (bench/web/sizes.ts), then serves the build with the
 * built server (PGlite with the demo catalogue, on 127.0.0.1), measures all the JavaScript the home
 * page, a deal page, a group's shared page and a store page load until the network is idle, as sent on the wire
 * (bench/web/network-idle.ts), the time until the first deal card of the home page's and the store page's list shows
 * on a phone with Lighthouse's slow 4G and 4x CPU slowdown (bench/web/slow-4g.ts), and runs Lighthouse (mobile, its
 * default) on the four pages with the system Chromium, `--runs` times each.
 *
 *   npx tsx bench/web/run.ts [--runs=3] [--slow4g-runs=5] [--skip-build] [--sizes-only]
 *   BENCH_DIST=.tmp/dist-mine builds and serves from another directory than .tmp/dist-bench.
 *   CHROME_PATH=/usr/bin/chromium is the default browser; no browser is ever downloaded.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Deal } from '../../contract/deals';
import { dealEndpoints } from '../../contract/deals';
import { pathOf } from '../../contract/endpoint';
import { groupEndpoints } from '../../contract/groups';
import { paths } from '../../contract/routes';
import {
  buildDist,
  capture,
  describeMachine,
  DIST,
  fixed,
  loadAverage,
  machine,
  markdownTable,
  median,
  options,
  ROOT,
  runMain,
  scratchDir,
  SERVER_BUNDLE,
  startServer,
  verdict,
} from '../api/harness';
import { javascriptUntilNetworkIdle } from './network-idle';
import { measureSizes, type ScreenGroup } from './sizes';
import { CPU_SLOWDOWN, type FirstList, LIGHTHOUSE_DEVTOOLS_SLOW_4G, SLOW_4G, timeToFirstCard } from './slow-4g';

/**
 * The targets, in kB of 1,000 bytes: the first page's JavaScript (entry and modulepreloads, gzip level 9), what the
 * home page loads until the network is idle (a guard, as the server sends it on the wire), and each budgeted screen
 * on demand (gzip level 9).
 */
const INITIAL_JS_KB = 90;
const NETWORK_IDLE_WIRE_KB = 125;
/** The first list's deal cards on a phone with slow 4G, in ms. */
const FIRST_CARD_MS = 2500;
const SCREEN_KB = 20;
const BUDGETED: ScreenGroup[] = ['admin', 'merchant', 'checkout'];
const PERFORMANCE_MIN = 95;
const ACCESSIBILITY_MIN = 100;

const CHROME_FLAGS = '--headless=new --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --disable-sync --no-first-run --disable-quic';
const kb = (bytes: number) => fixed(bytes / 1000, 1);

interface LighthouseRun {
  performance: number;
  accessibility: number;
  metrics: Record<'fcp' | 'lcp' | 'tbt' | 'cls' | 'si', number>;
  failedAccessibility: string[];
}

interface LighthouseReport {
  categories: Record<string, { score: number | null; auditRefs: { id: string; weight: number }[] }>;
  audits: Record<string, { score: number | null; numericValue?: number; title: string }>;
  runtimeError?: { message: string };
}

/**
 * One Lighthouse run, tried again (up to twice more) when Lighthouse itself fails to record the load, as it now and
 * then does on a busy machine ("NO_NAVSTART"); such a run measures nothing, so it is not counted.
 */
async function lighthouse(url: string, outFile: string, attempts = 3): Promise<LighthouseRun> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await lighthouseOnce(url, outFile);
    } catch (error) {
      if (attempt >= attempts) throw error;
      console.log(`lighthouse on ${url} failed (${String(error).slice(0, 200)}); trying again`);
    }
  }
}

async function lighthouseOnce(url: string, outFile: string): Promise<LighthouseRun> {
  const cli = path.join(ROOT, 'node_modules/lighthouse/cli/index.js');
  const out = await capture(
    process.execPath,
    [cli, url, '--quiet', '--only-categories=performance,accessibility', '--output=json', `--output-path=${outFile}`, `--chrome-flags=${CHROME_FLAGS}`],
    { env: { ...process.env, CHROME_PATH: process.env.CHROME_PATH ?? '/usr/bin/chromium' } },
  );
  if (out.code !== 0 || !existsSync(outFile)) throw new Error(`lighthouse failed on ${url} (${out.code}): ${out.stderr.slice(-2000)}`);
  const report = JSON.parse(readFileSync(outFile, 'utf8')) as LighthouseReport;
  if (report.runtimeError) throw new Error(`lighthouse on ${url}: ${report.runtimeError.message}`);
  const score = (id: string) => Math.round((report.categories[id]?.score ?? 0) * 100);
  const value = (id: string) => report.audits[id]?.numericValue ?? Number.NaN;
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    metrics: {
      fcp: value('first-contentful-paint'),
      lcp: value('largest-contentful-paint'),
      tbt: value('total-blocking-time'),
      cls: value('cumulative-layout-shift'),
      si: value('speed-index'),
    },
    failedAccessibility: (report.categories.accessibility?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0 && report.audits[ref.id]?.score !== null && (report.audits[ref.id]?.score ?? 1) < 1)
      .map((ref) => `${ref.id}: ${report.audits[ref.id]?.title ?? ''}`),
  };
}

async function main(): Promise<void> {
  const opt = options(process.argv.slice(2));
  const runs = opt.int('runs', 3);
  const m = machine();
  console.log(`machine: ${describeMachine(m)}`);
  if (!opt.flag('skip-build') || !existsSync(SERVER_BUNDLE)) await buildDist();

  // Sizes.
  const sizes = measureSizes(path.join(DIST, 'web'), path.join(ROOT, 'web/app/router.tsx'));
  const sizeTable = markdownTable(
    ['initial load', 'files', 'gzip kB', 'target', 'verdict'],
    [
      ['JavaScript: entry + modulepreload (+ their static imports)', sizes.initialFiles.map((f) => `${f.file} ${kb(f.gzip)}`).join(', '), kb(sizes.initialJsGzip), `<= ${INITIAL_JS_KB}`, verdict(sizes.initialJsGzip <= INITIAL_JS_KB * 1000)],
      ['CSS (stylesheet link)', '', kb(sizes.cssGzip), 'not budgeted', ''],
    ],
    ['l', 'l', 'r', 'l', 'l'],
  );
  const screenRows = sizes.screens.map((s) => {
    const budgeted = BUDGETED.includes(s.group);
    const ok = s.chunk !== null && s.onDemandGzip <= SCREEN_KB * 1000;
    return [
      `${s.route} (${s.component})`,
      s.group,
      s.chunk ?? 'no chunk of its own',
      kb(s.ownGzip),
      kb(s.onDemandGzip),
      s.extraChunks.length > 0 ? s.extraChunks.join(', ') : '',
      s.later.map((l) => `${l.file} ${kb(l.gzip)}`).join(', '),
      budgeted ? `<= ${SCREEN_KB}` : 'not budgeted',
      budgeted ? verdict(ok) : '',
    ];
  });
  const screensOk = sizes.screens.filter((s) => BUDGETED.includes(s.group)).every((s) => s.chunk !== null && s.onDemandGzip <= SCREEN_KB * 1000);
  const screenTable = markdownTable(
    ['lazy screen', 'group', 'chunk', 'own gzip kB', 'on demand gzip kB', 'shared chunks it also loads', 'fetched later only if used (kB)', 'target', 'verdict'],
    screenRows,
    ['l', 'l', 'l', 'r', 'r', 'l', 'l', 'l', 'l'],
  );
  console.log(`\n${sizeTable}\n\n${screenTable}\n`);
  if (opt.flag('sizes-only')) return;

  // Lighthouse against the built server with the demo catalogue.
  const dir = scratchDir('bench-web');
  const server = await startServer({ label: 'web', logDir: dir, env: { DATA_DIR: path.join(dir, 'data'), SEED_DEMO_DATA: 'true' } });
  const list = (await (await fetch(`${server.origin}${pathOf(dealEndpoints.list)}?limit=50`)).json()) as Pick<Deal, 'id' | 'groupSize' | 'merchantId'>[];
  const dealId = list[0]?.id;
  if (!dealId) throw new Error('the demo catalogue has no deal');
  // The page a shared group link opens: the demo data has an open group on each deal with a group offer.
  const groupDeal = list.find((d) => d.groupSize !== null);
  const groups = groupDeal ? ((await (await fetch(`${server.origin}${pathOf(groupEndpoints.ofDeal, { id: groupDeal.id })}`)).json()) as { id: string }[]) : [];
  const groupId = groups[0]?.id;
  if (!groupId) throw new Error('the demo catalogue has no open group');
  const pages = [
    { name: 'home', url: `${server.origin}${paths.home}` },
    { name: 'deal page', url: `${server.origin}${paths.deal(dealId)}` },
    { name: 'group page', url: `${server.origin}${paths.group(groupId)}` },
    { name: 'store page', url: `${server.origin}${paths.store(list[0]!.merchantId)}` },
  ];
  // Everything a phone downloads for the page, including what it fetches by itself after the first paint.
  let idleOk = true;
  const idleRows: string[][] = [];
  for (const p of pages) {
    const idle = await javascriptUntilNetworkIdle(p.url);
    const ok = idle.wire <= NETWORK_IDLE_WIRE_KB * 1000;
    if (p.name === 'home') idleOk &&= ok;
    const encodings = [...new Set(idle.files.map((f) => f.encoding))].join(', ');
    idleRows.push([p.name, idle.files.map((f) => `${f.file} ${kb(f.wire)}`).join(', '), encodings, kb(idle.wire), p.name === 'home' ? `<= ${NETWORK_IDLE_WIRE_KB}` : 'reported', p.name === 'home' ? verdict(ok) : '']);
  }
  const idleTable = markdownTable(['JavaScript until network idle', 'files (kB on the wire)', 'encoding', 'kB on the wire', 'target', 'verdict'], idleRows, ['l', 'l', 'l', 'r', 'l', 'l']);
  console.log(`${idleTable}\n`);

  // The first list on a phone with a slow network: the home page's Featured Deals and a store page's deals, found as
  // the browser journeys find them (e2e/catalog.ts), in turns, a fresh browser each time.
  const firstListOf: ({ name: string; url: string } & FirstList)[] = [
    {
      name: 'home',
      url: pages[0]!.url,
      card: (page) => page.getByRole('region', { name: 'Featured Deals' }).getByRole('article').first(),
      selector: 'section[aria-labelledby="featured-title"] article',
    },
    {
      name: 'store page',
      url: pages[3]!.url,
      card: (page) => page.getByRole('region', { name: 'Deals at this store' }).getByRole('article').first(),
      selector: 'section[aria-labelledby="store-deals-title"] article',
    },
  ];
  const slowProfiles = [SLOW_4G, LIGHTHOUSE_DEVTOOLS_SLOW_4G];
  const slowRuns = opt.int('slow4g-runs', 5);
  const slowTimes = new Map<string, number[]>();
  const slowLoads: string[] = [];
  for (let r = 1; r <= slowRuns; r++) {
    for (const profile of slowProfiles) {
      for (const l of firstListOf) {
        slowLoads.push(loadAverage().split(' ')[0]!);
        const ms = await timeToFirstCard(l.url, profile, l);
        const key = `${l.name}\u0000${profile.name}`;
        slowTimes.set(key, [...(slowTimes.get(key) ?? []), ms]);
        console.log(`slow 4G run ${r} ${l.name}, ${profile.name}: first card after ${fixed(ms, 0)} ms (load ${loadAverage()})`);
      }
    }
  }
  let slowOk = true;
  const slowRows = slowProfiles.flatMap((profile) =>
    firstListOf.map((l) => {
      const times = slowTimes.get(`${l.name}\u0000${profile.name}`)!;
      const judged = profile === SLOW_4G;
      const ok = median(times) <= FIRST_CARD_MS;
      if (judged) slowOk &&= ok;
      return [
        `${l.name}, ${profile.name}: ${fixed(profile.latencyMs, 1)} ms per request, ${fixed(profile.downloadKbps, 0)} / ${fixed(profile.uploadKbps, 0)} kbit/s, CPU / ${CPU_SLOWDOWN}`,
        fixed(median(times), 0),
        times.map((t) => fixed(t, 0)).join(' / '),
        judged ? `<= ${FIRST_CARD_MS}` : 'reported',
        judged ? verdict(ok) : '',
      ];
    }),
  );
  const slowTable = markdownTable(['first deal card visible, phone (median of runs)', 'ms', 'each run', 'target', 'verdict'], slowRows, ['l', 'r', 'r', 'l', 'l']);
  console.log(`\n${slowTable}\n\n1-minute load average before each slow 4G run: ${slowLoads.join(', ')}\n`);

  const results = new Map<string, LighthouseRun[]>(pages.map((p) => [p.name, []]));
  const loads: string[] = [];
  for (let r = 1; r <= runs; r++) {
    for (const p of pages) {
      loads.push(loadAverage().split(' ')[0]!);
      const res = await lighthouse(p.url, path.join(dir, `${p.name.replace(/\W/g, '-')}-${r}.json`));
      results.get(p.name)!.push(res);
      console.log(`run ${r} ${p.name}: performance ${res.performance}, accessibility ${res.accessibility}, LCP ${fixed(res.metrics.lcp, 0)} ms, TBT ${fixed(res.metrics.tbt, 0)} ms (load ${loadAverage()})`);
    }
  }
  await server.stop();

  let lighthouseOk = true;
  const lhRows = pages.map((p) => {
    const rs = results.get(p.name)!;
    const perf = median(rs.map((x) => x.performance));
    const a11y = median(rs.map((x) => x.accessibility));
    const metric = (k: keyof LighthouseRun['metrics'], digits = 0) => fixed(median(rs.map((x) => x.metrics[k])), digits);
    const ok = perf >= PERFORMANCE_MIN && a11y >= ACCESSIBILITY_MIN;
    lighthouseOk &&= ok;
    const failed = [...new Set(rs.flatMap((x) => x.failedAccessibility))];
    return [
      p.name,
      perf,
      rs.map((x) => x.performance).join(' / '),
      metric('fcp'),
      metric('lcp'),
      metric('tbt'),
      metric('cls', 3),
      metric('si'),
      a11y,
      `perf >= ${PERFORMANCE_MIN}: ${verdict(perf >= PERFORMANCE_MIN)}; a11y = ${ACCESSIBILITY_MIN}: ${verdict(a11y >= ACCESSIBILITY_MIN)}${failed.length > 0 ? ` (${failed.join('; ')})` : ''}`,
    ];
  });
  const lhTable = markdownTable(
    ['Lighthouse, mobile (median of runs)', 'performance', 'each run', 'FCP ms', 'LCP ms', 'TBT ms', 'CLS', 'Speed Index ms', 'accessibility', 'target'],
    lhRows,
    ['l', 'r', 'r', 'r', 'r', 'r', 'r', 'r', 'r', 'l'],
  );
  console.log(`\nmachine: ${describeMachine(m)}; 1-minute load average before each Lighthouse run: ${loads.join(', ')}`);
  console.log(`\n${sizeTable}\n\n${screenTable}\n\n${idleTable}\n\n${slowTable}\n\n${lhTable}\n`);
  console.log(`overall: JavaScript until network idle ${verdict(idleOk)}, first list on slow 4G ${verdict(slowOk)}, lazy screens ${verdict(screensOk)}, Lighthouse ${verdict(lighthouseOk)}`);
}

runMain(main);
