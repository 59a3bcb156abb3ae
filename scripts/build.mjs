// Builds the web app (Vite) and the server (one esbuild bundle), copies migrations, and pre-compresses assets.
import { execFileSync } from 'node:child_process';
import { cpSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { build } from 'esbuild';

const root = path.resolve(import.meta.dirname, '..');
// OUT_DIR lets parallel builds (say, two browser-test runs) keep apart; it must sit inside the repo so the
// bundle finds node_modules.
const dist = path.resolve(root, process.env.OUT_DIR ?? 'dist');

// BUILD_MANIFEST=true also writes Vite's manifest (web/.vite/manifest.json: each source module's chunk), which the
// web benchmark reads to find a screen's chunk; the app itself never needs it.
const manifest = process.env.BUILD_MANIFEST === 'true' ? ['--manifest'] : [];

rmSync(path.join(dist, 'server'), { recursive: true, force: true });
execFileSync(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn', ...manifest, '--outDir', path.join(dist, 'web')], {
  cwd: root,
  stdio: 'inherit',
});

await build({
  entryPoints: [path.join(root, 'server/main.ts')],
  outfile: path.join(dist, 'server/main.js'),
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
cpSync(path.join(root, 'server/db/migrations'), path.join(dist, 'server/migrations'), { recursive: true });

const COMPRESSIBLE = /\.(js|css|html|svg|json|txt|webmanifest)$/;
let count = 0;
function compressTree(dir) {
  for (const name of readdirSync(dir)) {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) {
      compressTree(file);
    } else if (COMPRESSIBLE.test(name) && statSync(file).size > 512) {
      const body = readFileSync(file);
      writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
      writeFileSync(`${file}.br`, brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
      count++;
    }
  }
}
compressTree(path.join(dist, 'web'));
console.log(`built ${path.relative(root, dist)}/web and ${path.relative(root, dist)}/server (${count} assets pre-compressed)`);
