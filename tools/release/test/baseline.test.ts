// `pnpm version-packages` ends with a baseline cut: after `changeset version` bumps the
// manifests, the records and built documents of that moment become the baseline, with the commit
// and the versions released. Here in a temporary copy with bumped versions and a 3.0 document.
import {
  cpSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs script without declarations
import { cut } from '../src/baseline.mjs';

const root = new URL('../../../', import.meta.url).pathname;
const work = mkdtempSync(join(tmpdir(), 'x-release-baseline-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('baseline cut', () => {
  for (const name of readdirSync(join(root, 'packages'))) {
    mkdirSync(join(work, 'packages', name), { recursive: true });
    const manifest = JSON.parse(readFileSync(join(root, 'packages', name, 'package.json'), 'utf8'));
    manifest.version = '7.8.9';
    writeFileSync(join(work, 'packages', name, 'package.json'), JSON.stringify(manifest));
  }
  mkdirSync(join(work, 'specs', 'dist', '3.0'), { recursive: true });
  cpSync(join(root, 'specs', 'package.json'), join(work, 'specs', 'package.json'));
  cpSync(join(root, 'tools/release/baseline/specs/3.1'), join(work, 'specs', 'dist'), {
    recursive: true,
  });
  writeFileSync(join(work, 'specs', 'dist', '3.0', 'legacy.json'), '{"openapi":"3.0.3"}');
  cpSync(join(root, 'tools/release/records'), join(work, 'tools/release/records'), {
    recursive: true,
  });
  mkdirSync(join(work, 'tools/release/baseline/records/stale'), { recursive: true });
  writeFileSync(join(work, 'tools/release/baseline/records/stale/index.api.md'), 'old');

  const result = cut(work, 'HEAD') as { commit: string; versions: Record<string, string> };
  const baseline = join(work, 'tools/release/baseline');

  it('records the commit and the versions released', () => {
    const written = JSON.parse(readFileSync(join(baseline, 'baseline.json'), 'utf8'));
    expect(written.commit).toMatch(/^[0-9a-f]{40}$/);
    expect(written.commit).toBe(result.commit);
    expect(written.versions['@x/legacy']).toBe('7.8.9');
    expect(written.versions['@x/specs']).toBe(
      JSON.parse(readFileSync(join(root, 'specs/package.json'), 'utf8')).version,
    );
  });

  it('copies the records, dropping what the release no longer has', () => {
    expect(readdirSync(join(baseline, 'records')).sort()).toEqual(
      readdirSync(join(root, 'tools/release/records')).sort(),
    );
    expect(readFileSync(join(baseline, 'records/legacy/env.txt'), 'utf8')).toBe(
      readFileSync(join(root, 'tools/release/records/legacy/env.txt'), 'utf8'),
    );
  });

  it('copies the 3.1 and the 3.0 documents byte for byte', () => {
    expect(readdirSync(join(baseline, 'specs/3.1')).sort()).toEqual([
      'access.json',
      'events.json',
      'legacy.json',
      'workforce.json',
    ]);
    expect(readFileSync(join(baseline, 'specs/3.0/legacy.json'), 'utf8')).toBe(
      '{"openapi":"3.0.3"}',
    );
  });
});
