// The version a package's User-Agent reports is the version it is published as.
import { readFileSync } from 'node:fs';
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
