// The version a package's User-Agent reports is the version it is published as.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs script without declarations
import { versionFiles, versionSource } from '../src/sync-versions.mjs';

const files = versionFiles() as { file: URL; version: string }[];

describe('src/version.ts', () => {
  it('exists in every published family package and the runtime', () => {
    expect(files.length).toBeGreaterThanOrEqual(5);
  });

  it.each(files.map((f) => [f.file.pathname.replace(/.*\/packages\//, ''), f] as const))(
    '%s matches package.json',
    (_name, { file, version }) => {
      expect(readFileSync(file, 'utf8')).toBe(versionSource(version));
    },
  );
});

// `@x/runtime/internal` is outside semver: a package that reaches it must get exactly the runtime
// it was built with. `workspace:*` is what pnpm packs as that exact version (and what changesets
// reads as the exact current version, so every runtime release bumps these packages too).
const packagesDir = new URL('../../../packages/', import.meta.url);
const reachesInternal = (name: string): boolean => {
  const walk = (dir: URL): boolean =>
    readdirSync(dir, { withFileTypes: true }).some((entry) =>
      entry.isDirectory()
        ? walk(new URL(`${entry.name}/`, dir))
        : entry.name.endsWith('.ts') &&
          readFileSync(new URL(entry.name, dir), 'utf8').includes("'@x/runtime/internal'"),
    );
  return walk(new URL(`${name}/src/`, packagesDir));
};
const internalUsers = readdirSync(packagesDir)
  .filter((name) => name !== 'runtime' && existsSync(new URL(`${name}/src/`, packagesDir)))
  .filter(reachesInternal);

describe('the runtime dependency', () => {
  it('the families, @x/auth and @x/mcp reach @x/runtime/internal', () => {
    expect(internalUsers).toEqual(
      expect.arrayContaining(['access', 'auth', 'events', 'legacy', 'mcp', 'workforce']),
    );
  });

  it.each(internalUsers)('%s depends on the exact @x/runtime it was built with', (name) => {
    const manifest = JSON.parse(
      readFileSync(new URL(`${name}/package.json`, packagesDir), 'utf8'),
    ) as { dependencies?: Record<string, string> };
    expect(manifest.dependencies?.['@x/runtime']).toBe('workspace:*');
  });
});
