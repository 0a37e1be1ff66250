// The published packages and their entry points, read from the workspace's manifests: what the
// records cover. A package is published unless its manifest says `"private": true`.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository's root folder. */
export const root = fileURLToPath(new URL('../../../../', import.meta.url));

/**
 * The published packages: `{ name, dir, folder, version, manifest }`, where `folder` is the
 * records folder name (the package name without its scope).
 * @param {string} [base] the workspace root (a temporary copy in the gate's tests)
 */
export function publishedPackages(base = root) {
  const dirs = [
    ...readdirSync(join(base, 'packages')).map((d) => join('packages', d)),
    'specs',
  ].filter((dir) => existsSync(join(base, dir, 'package.json')));
  return dirs
    .map((dir) => ({
      dir,
      manifest: JSON.parse(readFileSync(join(base, dir, 'package.json'), 'utf8')),
    }))
    .filter(({ manifest }) => !manifest.private)
    .map(({ dir, manifest }) => ({
      name: manifest.name,
      dir,
      folder: manifest.name.replace(/^@[^/]+\//, ''),
      version: manifest.version,
      manifest,
    }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

/**
 * The entry points of a package that have types: `{ subpath, types, report }`, with the ESM
 * declaration file and the report's file name (`index.api.md`, `operations.api.md`).
 */
export function entryPoints(pkg) {
  const entries = [];
  for (const [subpath, target] of Object.entries(pkg.manifest.exports ?? {})) {
    if (subpath.includes('*') || typeof target !== 'object') continue;
    const types = target.import?.types;
    if (!types) continue;
    const name = subpath === '.' ? 'index' : subpath.slice(2).replaceAll('/', '.');
    entries.push({ subpath, types: join(pkg.dir, types), report: `${name}.api.md` });
  }
  return entries;
}
