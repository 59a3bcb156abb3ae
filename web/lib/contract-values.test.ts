/**
 * The web app takes values (constants, routes) only from the contract modules that do not build zod schemas: a value
 * import of a schema module brings zod along, about 24 kB compressed, into whatever chunk imports it. Types may come
 * from anywhere (they are erased).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return sources(file);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [file] : [];
  });
}

const usesZod = (module: string) => /^import (?!type )[^;]*from 'zod'/m.test(readFileSync(path.join(root, 'contract', `${module}.ts`), 'utf8'));

describe('values from contract/', () => {
  it('come only from modules without zod schemas', () => {
    const offending: string[] = [];
    for (const file of sources(path.join(root, 'web'))) {
      const text = readFileSync(file, 'utf8');
      for (const match of text.matchAll(/^import (?!type )\{([^}]*)\} from '(?:\.\.\/)+contract\/([\w-]+)';$/gm)) {
        const names = (match[1] ?? '').split(',').map((name) => name.trim()).filter(Boolean);
        const values = names.filter((name) => !name.startsWith('type '));
        if (values.length > 0 && usesZod(match[2] ?? '')) offending.push(`${path.relative(root, file)}: ${values.join(', ')} from contract/${match[2]}`);
      }
    }
    expect(offending).toEqual([]);
  });
});
