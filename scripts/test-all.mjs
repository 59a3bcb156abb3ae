// `npm test`: every check in order (types, lint with the folder-cycle check, unit + API on PGlite and PostgreSQL, build, browser),
// each with its own count, ending with the one line CI reads: `all: N passed, M failed`.
// `npm test -- --only=unit,pg,e2e` runs a subset. Stages that leave a core idle run side by side (see `waves`): the
// one-threaded typecheck and lint, and the build beside the PostgreSQL stage, which mostly waits on the database.
import { AsyncLocalStorage } from 'node:async_hooks';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';

const root = path.resolve(import.meta.dirname, '..');
const bin = (name) => path.join(root, 'node_modules', '.bin', name);
const onCi = process.env.CI === 'true' || process.env.CI === '1';
const postgresUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/**
 * @typedef {{ passed: number, failed: number, skipped?: string, note?: string, failures?: string[] }} Outcome
 * @typedef {{ key: string, aliases: string[], title: string, run: () => Promise<Outcome> }} Stage
 */

/** @type {Stage[]} */
const stages = [
  {
    key: 'typecheck',
    aliases: ['types', 'tsc'],
    title: 'typecheck (tsc --noEmit)',
    run: async () => passFail(await run(bin('tsc'), ['-p', 'tsconfig.json', '--noEmit'])),
  },
  {
    key: 'lint',
    aliases: ['eslint'],
    title: 'lint (eslint . and the folder-cycle check)',
    // Both run, so one report shows every problem; either failing fails the stage.
    run: async () => {
      const eslint = await run(bin('eslint'), ['.']);
      const cycles = await run(process.execPath, [path.join(root, 'scripts/folder-cycles.mjs')]);
      return passFail(eslint !== 0 ? eslint : cycles);
    },
  },
  {
    key: 'unit',
    aliases: ['api', 'pglite', 'vitest'],
    title: 'unit + API on PGlite (vitest run)',
    run: () => vitest('unit', [], { TEST_DB: 'pglite' }),
  },
  {
    key: 'pg',
    aliases: ['postgres', 'postgresql'],
    title: 'API on PostgreSQL (vitest run --project server)',
    run: async () => {
      const reason = await postgresUnreachable(postgresUrl);
      if (reason && !onCi) {
        log(`PostgreSQL stage skipped: ${reason} (${redact(postgresUrl)}; set TEST_DATABASE_URL to point elsewhere)`);
        return { passed: 0, failed: 0, skipped: reason };
      }
      if (reason) {
        log(`PostgreSQL is required under CI but ${redact(postgresUrl)} is unreachable: ${reason}`);
        return { passed: 0, failed: 1, note: 'PostgreSQL unreachable' };
      }
      return vitest('pg', ['--project', 'server'], { TEST_DB: 'postgres', TEST_DATABASE_URL: postgresUrl });
    },
  },
  {
    key: 'build',
    aliases: [],
    title: 'build (node scripts/build.mjs)',
    run: async () => passFail(await run(process.execPath, [path.join(root, 'scripts/build.mjs')])),
  },
  {
    key: 'e2e',
    aliases: ['browser', 'playwright'],
    title: 'browser journeys (playwright test)',
    run: async () => {
      // A failed build may leave an older dist/ behind; testing that would report on code that is not this tree.
      const build = results.find((r) => r.stage.key === 'build');
      if (build && build.outcome.failed > 0) {
        log('browser stage not run: the build failed');
        return { passed: 0, failed: 1, note: 'build failed' };
      }
      return playwright();
    },
  },
];

/**
 * Stages of one wave run side by side, waves one after another. On a two-core machine each pair leaves no core idle:
 * tsc and eslint use one thread each, and the PostgreSQL stage mostly waits on the database while the build uses the
 * processor. The browser stage reads the build's outcome, so it comes in a later wave.
 * @type {Record<string, number>}
 */
const waves = { typecheck: 1, lint: 1, unit: 2, pg: 3, build: 3, e2e: 4 };

/** @type {{ stage: Stage, outcome: Outcome, ms: number }[]} */
const results = [];

/** Where a stage's output goes: straight to ours, or (a stage running beside another) into its own buffer. */
const output = new AsyncLocalStorage();
/** @param {string} line */
function log(line) {
  const buffer = output.getStore();
  if (buffer) buffer.push(`${line}\n`);
  else console.log(line);
}

function parseOnly(argv) {
  const values = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg.startsWith('--only=')) values.push(arg.slice('--only='.length));
    else if (arg === '--only' && argv[i + 1]) values.push(argv[++i]);
    else if (arg === '--help' || arg === '-h') {
      console.log(`usage: npm test [-- --only=${stages.map((s) => s.key).join(',')}]`);
      process.exit(0);
    } else {
      console.error(`unknown argument: ${arg} (try --help)`);
      process.exit(2);
    }
  }
  if (values.length === 0) return stages;
  const wanted = new Set();
  for (const name of values.flatMap((v) => v.split(',')).map((v) => v.trim().toLowerCase()).filter(Boolean)) {
    const stage = stages.find((s) => s.key === name || s.aliases.includes(name));
    if (!stage) {
      console.error(`unknown stage "${name}"; stages: ${stages.map((s) => s.key).join(', ')}`);
      process.exit(2);
    }
    wanted.add(stage);
  }
  return stages.filter((s) => wanted.has(s));
}

/**
 * Runs a command with its output going to the stage's (ours, or the buffer of a stage running beside another);
 * resolves with the exit code (signals count as failure).
 */
function run(command, args, extraEnv = {}) {
  log(`$ ${[path.relative(root, command) || command, ...args].join(' ')}`);
  const buffer = output.getStore();
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: buffer ? ['ignore', 'pipe', 'pipe'] : 'inherit', env: { ...process.env, ...extraEnv } });
    if (buffer) {
      child.stdout.on('data', (chunk) => buffer.push(chunk.toString()));
      child.stderr.on('data', (chunk) => buffer.push(chunk.toString()));
    }
    child.on('error', (err) => {
      log(`could not start ${command}: ${err.message}`);
      resolve(127);
    });
    child.on('close', (code, signal) => resolve(code ?? (signal ? 128 : 1)));
  });
}

const passFail = (code) => (code === 0 ? { passed: 1, failed: 0 } : { passed: 0, failed: 1 });

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

/** Vitest with its JSON report beside the default one; skipped and todo tests count as failures. */
async function vitest(name, args, env) {
  const report = path.join(reportDir, `vitest-${name}.json`);
  const code = await run(bin('vitest'), ['run', ...args, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`], env);
  const json = readJson(report);
  if (!json) return { passed: 0, failed: 1, note: `no JSON report (exit ${code})` };
  const skipped = (json.numPendingTests ?? 0) + (json.numTodoTests ?? 0);
  let failed = (json.numFailedTests ?? 0) + skipped;
  // A file that fails to load, or an unhandled error, fails the run without failing a single test.
  if (code !== 0 && failed === 0) failed = Math.max(1, json.numFailedTestSuites ?? 0);
  const note = skipped > 0 ? `${skipped} skipped, todo or not run after a failed hook, counted as failed` : code !== 0 && json.numFailedTests === 0 ? `exit ${code}` : undefined;
  return { passed: json.numPassedTests ?? 0, failed, note, failures: vitestFailures(json) };
}

/** `file › test: first line of the error` for each test, or file, that did not pass. */
function vitestFailures(json) {
  const failures = [];
  for (const file of json.testResults ?? []) {
    const where = path.relative(root, file.name ?? '');
    const tests = (file.assertionResults ?? []).filter((t) => t.status !== 'passed');
    for (const t of tests) failures.push(`${where} › ${t.fullName ?? t.title}: ${firstLine(t.failureMessages?.[0] ?? t.status)}`);
    if (tests.length === 0 && file.status === 'failed') failures.push(`${where}: ${firstLine(file.message ?? 'failed')}`);
  }
  return failures;
}

/** Playwright with the list reporter live and the JSON one to a file; flaky and skipped count as failures. */
async function playwright() {
  const report = path.join(reportDir, 'playwright.json');
  const code = await run(bin('playwright'), ['test'], { PLAYWRIGHT_JSON_OUTPUT_FILE: report });
  const json = readJson(report);
  if (!json?.stats) return { passed: 0, failed: 1, note: `no JSON report (exit ${code})` };
  const { expected = 0, unexpected = 0, flaky = 0, skipped = 0 } = json.stats;
  let failed = unexpected + flaky + skipped;
  const globalErrors = Array.isArray(json.errors) ? json.errors.length : 0;
  if (code !== 0 && failed === 0) failed = Math.max(1, globalErrors);
  const notes = [];
  if (flaky) notes.push(`${flaky} flaky`);
  if (skipped) notes.push(`${skipped} skipped`);
  if (globalErrors) notes.push(`${globalErrors} setup error(s)`);
  const failures = [...playwrightFailures(json.suites ?? []), ...(json.errors ?? []).map((e) => `setup: ${firstLine(e.message ?? '')}`)];
  return { passed: expected, failed, note: notes.length ? `${notes.join(', ')} counted as failed` : undefined, failures };
}

/** `file:line › title (status): first line of the first error` for each test that did not simply pass. */
function playwrightFailures(suites, titles = []) {
  const failures = [];
  for (const suite of suites) {
    const inner = suite.title && !suite.title.endsWith('.ts') ? [...titles, suite.title] : titles;
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status === 'expected') continue;
        const error = test.results?.map((r) => r.error).find((e) => e?.message);
        const at = error?.location ? ` at line ${error.location.line}` : '';
        failures.push(`${spec.file}:${spec.line} › ${[...inner, spec.title].join(' › ')} (${test.status})${at}: ${firstLine(error?.message ?? test.status, 3)}`);
      }
    }
    failures.push(...playwrightFailures(suite.suites ?? [], inner));
  }
  return failures;
}

/** The first non-empty lines of an error (a locator's expectation names the locator on its third), without colour codes, cut to a readable length. */
function firstLine(text, lines = 1) {
  // eslint-disable-next-line no-control-regex
  const kept = String(text).replace(/\u001b\[[0-9;]*m/g, '').split('\n').map((l) => l.trim()).filter(Boolean).slice(0, lines);
  const line = kept.join(' | ');
  return line.length > 300 ? `${line.slice(0, 299)}…` : line;
}

/** Why PostgreSQL cannot be used, or null when a quick connect and query work. */
async function postgresUnreachable(url) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  client.on('error', () => {});
  try {
    await client.connect();
    await client.query('select 1');
    return null;
  } catch (err) {
    return err instanceof Error ? err.message || err.constructor.name : String(err);
  } finally {
    await client.end().catch(() => {});
  }
}

const redact = (url) => url.replace(/\/\/([^:@/]+):[^@/]*@/, '//$1:***@');

function formatMs(ms) {
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)} s`;
  const s = Math.round(ms / 1000);
  return `${Math.floor(s / 60)} min ${String(s % 60).padStart(2, '0')} s`;
}

function countLine(key, outcome, ms, width = 0) {
  const label = `${key}:`.padEnd(width);
  if (outcome.skipped) return `${label} skipped (${outcome.skipped}) in ${formatMs(ms)}`;
  const note = outcome.note ? ` [${outcome.note}]` : '';
  return `${label} ${outcome.passed} passed, ${outcome.failed} failed in ${formatMs(ms)}${note}`;
}

const selected = parseOnly(process.argv.slice(2));
const reportDir = mkdtempSync(path.join(tmpdir(), 'dealmarket-test-'));
process.on('exit', () => rmSync(reportDir, { recursive: true, force: true }));
const started = Date.now();

/** Runs one stage, its output into `buffer` when given; a stage that throws counts as one failure. */
async function runStage(stage, buffer) {
  const t0 = Date.now();
  const outcome = await output.run(buffer, async () => {
    try {
      return await stage.run();
    } catch (err) {
      log(`${stage.key} stage crashed: ${err instanceof Error ? err.stack : err}`);
      return { passed: 0, failed: 1, note: 'stage crashed' };
    }
  });
  return { stage, outcome, ms: Date.now() - t0 };
}

const header = (stage) => `\n━━━ [${selected.indexOf(stage) + 1}/${selected.length}] ${stage.title} ━━━`;
for (const wave of [...new Set(selected.map((s) => waves[s.key] ?? 0))].sort((a, b) => a - b)) {
  // The first stage of a wave shows its output as it comes; the others', kept apart, follow when the wave ends.
  const [live, ...beside] = selected.filter((s) => (waves[s.key] ?? 0) === wave);
  console.log(header(live));
  if (beside.length > 0) console.log(`(beside it: ${beside.map((s) => s.key).join(', ')}; their output follows when they end)`);
  const buffers = beside.map(() => []);
  const done = await Promise.all([runStage(live, undefined), ...beside.map((stage, i) => runStage(stage, buffers[i]))]);
  for (const [i, result] of done.entries()) {
    if (i > 0) process.stdout.write(`${header(result.stage)}\n${buffers[i - 1].join('')}`);
    results.push(result);
    console.log(`\n${countLine(result.stage.key, result.outcome, result.ms)}`);
  }
}
results.sort((a, b) => selected.indexOf(a.stage) - selected.indexOf(b.stage));
const passed = results.reduce((n, r) => n + r.outcome.passed, 0);
const failed = results.reduce((n, r) => n + r.outcome.failed, 0);
// What failed, by name, just above the summary: the end of the output is what a CI page shows first.
const failures = results.flatMap((r) => (r.outcome.failures ?? []).map((f) => `${r.stage.key}: ${f}`));
if (failures.length > 0) {
  console.log('\n━━━ what failed ━━━');
  for (const f of failures.slice(0, 20)) console.log(f);
  if (failures.length > 20) console.log(`… and ${failures.length - 20} more, named in the stages' output above`);
}
console.log('\n━━━ summary ━━━');
for (const r of results) {
  const status = r.outcome.skipped ? 'SKIP' : r.outcome.failed > 0 ? 'FAIL' : 'ok  ';
  console.log(`${status} ${countLine(r.stage.key, r.outcome, r.ms, 10)}`);
}
console.log(`total wall time ${formatMs(Date.now() - started)}`);
console.log(`all: ${passed} passed, ${failed} failed`);
process.exitCode = failed > 0 ? 1 : 0;
