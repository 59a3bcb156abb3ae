/**
 * Installs a peer's packages into its own folder of the peers directory (outside the repository), each folder with
 * its own package.json, so neither the project's package.json nor its lock file is touched. A folder whose marker
 * file names the same packages is reused as it is.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { run } from '../api/harness';

export interface PeerPackages {
  name: string;
  dependencies: Record<string, string>;
}

const MARKER = '.peers-installed.json';

export async function installPeer(dir: string, pkg: PeerPackages): Promise<void> {
  mkdirSync(dir, { recursive: true });
  const wanted = JSON.stringify(pkg.dependencies);
  const marker = path.join(dir, MARKER);
  if (existsSync(marker) && readFileSync(marker, 'utf8') === wanted && existsSync(path.join(dir, 'node_modules'))) {
    console.log(`${pkg.name}: reusing the packages in ${dir}`);
    return;
  }
  // CommonJS, as both peers' own starters are; no install scripts are needed (see README.md).
  writeFileSync(path.join(dir, 'package.json'), `${JSON.stringify({ name: pkg.name, private: true, version: '0.0.0', dependencies: pkg.dependencies }, null, 2)}\n`);
  console.log(`${pkg.name}: npm install ${Object.entries(pkg.dependencies).map(([n, v]) => `${n}@${v}`).join(' ')} in ${dir}`);
  const started = Date.now();
  await run('npm', ['install', '--ignore-scripts', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: dir });
  writeFileSync(marker, wanted);
  console.log(`${pkg.name}: installed in ${((Date.now() - started) / 1000).toFixed(0)} s`);
}
