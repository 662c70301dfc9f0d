import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { ROOT } from './helpers.ts';

interface LockEntry {
  version?: string;
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  peerDependenciesMeta?: Record<string, { optional?: boolean }>;
  [key: string]: unknown;
}

interface PackResult {
  filename: string;
  files: { path: string }[];
}

/** `npm pack` of this repository (its prepack builds dist/): the tarball's path and what it holds. */
export function packThisPackage(destination: string): { tarball: string; files: string[] } {
  const r = spawnSync('npm', ['pack', '--json', '--pack-destination', destination], { cwd: ROOT, encoding: 'utf8', maxBuffer: 64 * 2 ** 20 });
  if (r.status !== 0) throw new Error(`npm pack failed (exit ${r.status}):\n${r.stderr}`);
  const [result] = JSON.parse(r.stdout) as PackResult[];
  return { tarball: join(destination, result!.filename), files: result!.files.map((f) => f.path) };
}

/**
 * A fresh project of a user's that depends on the packed tarball and on @playwright/test,
 * installed offline: with the lock such a project would commit (this repository's tree of the
 * package's dependencies, plus the tarball), `npm ci --offline` needs nothing but the npm cache,
 * which installing this repository filled. The price: npm resolves nothing, so a wrong version
 * range (of the peer dependency, say) would not show here.
 */
export function installPacked(tarball: string, dir: string, more: string[] = []): void {
  cpSync(tarball, join(dir, basename(tarball)));
  const ours = JSON.parse(readFileSync(join(ROOT, 'package-lock.json'), 'utf8')) as { packages: Record<string, LockEntry> };
  const root = ours.packages['']!;
  const playwright = (root.devDependencies as Record<string, string>)['@playwright/test']!;
  // `more`: packages of this repository's own dev dependencies the project uses too (@types/node).
  const devDependencies = root.devDependencies as Record<string, string>;
  const dependencies = { benchwright: `file:${basename(tarball)}`, '@playwright/test': playwright, ...Object.fromEntries(more.map((m) => [m, devDependencies[m]!])) };
  const packages: Record<string, LockEntry> = {};
  // Node's lookup: a package's dependency is in its own node_modules, else in its parents'.
  const visit = (from: string, name: string): void => {
    for (let dir = from; ; dir = dir.slice(0, Math.max(0, dir.lastIndexOf('/node_modules/')))) {
      const key = `${dir ? `${dir}/` : ''}node_modules/${name}`;
      const entry = ours.packages[key];
      if (entry) {
        if (packages[key]) return;
        // Flags of our tree (dev, peer), not of the user's.
        const { dev: _dev, devOptional: _devOptional, peer: _peer, ...kept } = entry;
        packages[key] = kept;
        const peers = Object.keys(entry.peerDependencies ?? {}).filter((p) => !entry.peerDependenciesMeta?.[p]?.optional);
        for (const dep of [...Object.keys(entry.dependencies ?? {}), ...Object.keys(entry.optionalDependencies ?? {}), ...peers]) visit(key, dep);
        return;
      }
      if (!dir) return;
    }
  };
  for (const name of [...Object.keys(root.dependencies ?? {}), '@playwright/test', ...more]) visit('', name);
  const benchwright = {
    version: root.version, resolved: `file:${basename(tarball)}`, integrity: `sha512-${createHash('sha512').update(readFileSync(tarball)).digest('base64')}`,
    dependencies: root.dependencies, peerDependencies: root.peerDependencies, bin: root.bin, engines: root.engines,
  };
  const name = 'my-benchmark';
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name, private: true, type: 'module', dependencies }, null, 2));
  writeFileSync(join(dir, 'package-lock.json'), JSON.stringify({ name, lockfileVersion: 3, requires: true, packages: { '': { name, dependencies }, 'node_modules/benchwright': benchwright, ...packages } }, null, 2));
  const r = spawnSync('npm', ['ci', '--offline', '--no-audit', '--no-fund'], { cwd: dir, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`npm ci --offline in ${dir} failed (exit ${r.status}):\n${r.stderr}`);
}
