// The lint rule the import rules of eslint.config.js cannot state: no two folders import each other, directly or
// through others. A folder here is a unit of docs/ARCHITECTURE.md: `contract`, each folder of `server/` and of
// `web/` (a web feature, `server/integrations/<port>` and `server/db/migrations` each count as one, nested folders
// inside them belong to them), and each file at the top of `server/` and `web/`. Test files and the test harnesses (`server/test`, `web/test`) are left out: tests
// may import whatever they check. Type-only imports count: a type is a dependency too.
// Prints each cycle with one import that closes each step, and exits non-zero when there is one.
import { readFileSync, readdirSync, statSync, existsSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const roots = ['contract', 'server', 'web'];
const isTest = (file) => /\.(test|suite|postgres\.test)\.tsx?$/.test(file) || /(^|\/)(server|web)\/test\//.test(file);

function filesUnder(dir) {
  const out = [];
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name.startsWith('.')) continue;
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) out.push(...filesUnder(full));
    else if (/\.tsx?$/.test(name) && !name.endsWith('.d.ts')) out.push(full);
  }
  return out;
}

/** The folder a file belongs to, as a path relative to the root. */
export function unitOf(relative) {
  const parts = relative.split('/');
  if (parts[0] === 'contract') return 'contract';
  // A file at the top of server/ or web/ (the app's assembly, its start, its settings) is a unit of its own.
  if (parts.length === 2) return relative;
  if (parts[0] === 'web' && parts[1] === 'features') return parts.slice(0, 3).join('/');
  if (parts[0] === 'server' && (parts[1] === 'integrations' || parts[1] === 'db') && parts.length > 3) return parts.slice(0, 3).join('/');
  if (parts[0] === 'web' && parts[1] === 'components' && parts.length > 3) return 'web/components';
  return parts.slice(0, 2).join('/');
}

const SPECIFIER = /(?:^|[\s;])(?:import|export)\s[^'"`;]*?from\s*['"]([^'"]+)['"]|import\s*\(\s*['"]([^'"]+)['"]\s*\)|^\s*import\s*['"]([^'"]+)['"]/gm;

function resolve(fromFile, specifier) {
  if (!specifier.startsWith('.')) return null;
  const base = path.resolve(path.dirname(fromFile), specifier);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts'), path.join(base, 'index.tsx')]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null;
}

export function folderGraph() {
  /** @type {Map<string, Map<string, string>>} unit -> (unit it imports -> one example "file -> file") */
  const graph = new Map();
  for (const top of roots) {
    for (const file of filesUnder(path.join(root, top))) {
      const relative = path.relative(root, file);
      if (isTest(relative)) continue;
      const from = unitOf(relative);
      const source = readFileSync(file, 'utf8');
      for (const match of source.matchAll(SPECIFIER)) {
        const target = resolve(file, match[1] ?? match[2] ?? match[3]);
        if (!target) continue;
        const targetRelative = path.relative(root, target);
        if (isTest(targetRelative)) continue;
        const to = unitOf(targetRelative);
        if (to === from) continue;
        if (!graph.has(from)) graph.set(from, new Map());
        if (!graph.get(from).has(to)) graph.get(from).set(to, `${relative} -> ${targetRelative}`);
      }
    }
  }
  return graph;
}

/** Strongly connected components of two or more folders (Tarjan), each a set of folders that import each other. */
export function cyclesOf(graph) {
  let index = 0;
  const indices = new Map();
  const lowlinks = new Map();
  const stack = [];
  const onStack = new Set();
  const components = [];
  const visit = (node) => {
    indices.set(node, index);
    lowlinks.set(node, index);
    index++;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node)?.keys() ?? []) {
      if (!indices.has(next)) {
        visit(next);
        lowlinks.set(node, Math.min(lowlinks.get(node), lowlinks.get(next)));
      } else if (onStack.has(next)) lowlinks.set(node, Math.min(lowlinks.get(node), indices.get(next)));
    }
    if (lowlinks.get(node) === indices.get(node)) {
      const component = [];
      let member;
      do {
        member = stack.pop();
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1) components.push(component.sort());
    }
  };
  for (const node of graph.keys()) if (!indices.has(node)) visit(node);
  return components;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const graph = folderGraph();
  const cycles = cyclesOf(graph);
  if (cycles.length === 0) {
    console.log(`folder cycles: none among ${graph.size} folders`);
  } else {
    for (const members of cycles) {
      console.log(`folder cycle: ${members.join(', ')}`);
      const inCycle = new Set(members);
      for (const from of members) {
        for (const [to, example] of graph.get(from) ?? []) if (inCycle.has(to)) console.log(`  ${from} -> ${to}   (${example})`);
      }
    }
    process.exitCode = 1;
  }
}
