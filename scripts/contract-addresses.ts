/**
 * Writes contract/addresses.ts: every endpoint's method and path, grouped as the contract's modules group their
 * declarations (`dealEndpoints` of contract/deals.ts, ...), each typed by its declaration. The web app calls the
 * API through these addresses, so the declarations' zod schemas stay out of the browser's bundle while the types
 * still come from them. `npm run contract:addresses` writes the file; contract/addresses.test.ts fails when it is
 * out of date.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const root = path.resolve(import.meta.dirname, '..');
const contractDir = path.join(root, 'contract');
export const ADDRESSES_FILE = path.join(contractDir, 'addresses.ts');

interface Group {
  module: string;
  name: string;
  endpoints: [key: string, method: string, path: string][];
}

/** The contract's endpoint groups: `export const xEndpoints = {` in each module, read by importing the module. */
export async function endpointGroups(): Promise<Group[]> {
  const groups: Group[] = [];
  const modules = readdirSync(contractDir)
    .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts') && name !== 'addresses.ts' && name !== 'endpoints.ts')
    .map((name) => name.slice(0, -3))
    .sort();
  for (const module of modules) {
    const source = readFileSync(path.join(contractDir, `${module}.ts`), 'utf8');
    const names = [...source.matchAll(/^export const (\w+Endpoints) = \{/gm)].map((m) => m[1]!);
    if (names.length === 0) continue;
    const loaded = (await import(pathToFileURL(path.join(contractDir, `${module}.ts`)).href)) as Record<string, Record<string, { method: string; path: string }>>;
    for (const name of names) {
      const group = loaded[name]!;
      groups.push({ module, name, endpoints: Object.entries(group).map(([key, e]) => [key, e.method, e.path]) });
    }
  }
  return groups;
}

/** The text of contract/addresses.ts for these groups. */
export function addressesSource(groups: Group[]): string {
  const lines = [
    '// Written by scripts/contract-addresses.ts from the endpoints declared in contract/ (`npm run contract:addresses`);',
    '// do not edit. Each endpoint\'s method and path, typed by its declaration, for the web app\'s client: no zod here.',
    "import type { Address } from './endpoint';",
  ];
  for (const { module, name } of groups) lines.push(`import type { ${name} as ${name}Declared } from './${module}';`);
  for (const { name, endpoints } of groups) {
    lines.push('', `export const ${name} = {`);
    for (const [key, method, endpointPath] of endpoints) {
      lines.push(`  ${key}: { method: '${method}', path: '${endpointPath}' } as Address<(typeof ${name}Declared)['${key}']>,`);
    }
    lines.push('};');
  }
  return `${lines.join('\n')}\n`;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  writeFileSync(ADDRESSES_FILE, addressesSource(await endpointGroups()));
  console.log(`wrote ${path.relative(root, ADDRESSES_FILE)}`);
}
