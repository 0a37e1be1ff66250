// `changeset version` on a sample set of changesets, in a temporary copy of the workspace: only
// the touched packages and their dependents are bumped, CHANGELOGs are written, and `workspace:`
// ranges stay in the manifests while the packed tarballs carry real ranges.
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyWorkspace, publishedPackages } from './global-setup.js';
import { root, run, tempDir } from './lib.js';

const work = tempDir('release');
const before = new Map(publishedPackages().map((p) => [p.name, p]));
const manifest = (dir: string) =>
  JSON.parse(readFileSync(join(work.dir, dir, 'package.json'), 'utf8'));

beforeAll(async () => {
  copyWorkspace(work.dir);
  // Replace the pending changesets with a sample: a minor change to @x/auth (0.x: outside
  // `^0.1.0`, so every package that depends on it must follow) and a patch to @x/legacy.
  for (const file of readdirSync(join(work.dir, '.changeset')))
    if (file.endsWith('.md') && file !== 'README.md') rmSync(join(work.dir, '.changeset', file));
  writeFileSync(
    join(work.dir, '.changeset', 'sample-auth.md'),
    '---\n"@x/auth": minor\n---\n\nSample: a new token provider option.\n',
  );
  writeFileSync(
    join(work.dir, '.changeset', 'sample-legacy.md'),
    '---\n"@x/legacy": patch\n---\n\nSample: a clearer validation message.\n',
  );
  await run(
    process.execPath,
    [join(root, 'node_modules', '@changesets', 'cli', 'bin.js'), 'version'],
    { cwd: work.dir },
  );
});
afterAll(() => work.remove());

const bump = (version: string, kind: 'minor' | 'patch') => {
  const [major, minor, patch] = version.split('.').map(Number) as [number, number, number];
  return kind === 'minor' ? `${major}.${minor + 1}.0` : `${major}.${minor}.${patch + 1}`;
};

/** The published packages that depend on `name` (dependencies, not devDependencies). */
const dependentsOf = (name: string) =>
  [...before.values()]
    .filter(
      (p) =>
        name in
        (JSON.parse(readFileSync(join(root, p.dir, 'package.json'), 'utf8')).dependencies ?? {}),
    )
    .map((p) => p.name);
const authDependents = dependentsOf('@x/auth').filter((n) => n !== '@x/legacy');

describe('changeset version on a sample', () => {
  it('bumps only the touched packages and their dependents', () => {
    expect(authDependents).toContain('@x/access');
    const versions = Object.fromEntries(
      publishedPackages().map((p) => [p.name, manifest(p.dir).version]),
    );
    const expected = Object.fromEntries([...before].map(([name, p]) => [name, p.version]));
    expected['@x/auth'] = bump(before.get('@x/auth')!.version, 'minor');
    expected['@x/legacy'] = bump(before.get('@x/legacy')!.version, 'patch');
    for (const name of authDependents) expected[name] = bump(before.get(name)!.version, 'patch');
    expect(versions).toEqual(expected);
  });

  it('writes CHANGELOGs for the bumped packages only', () => {
    const bumped = ['@x/auth', '@x/legacy', ...authDependents];
    for (const [name, p] of before) {
      const file = join(work.dir, p.dir, 'CHANGELOG.md');
      const existed = existsSync(join(root, p.dir, 'CHANGELOG.md'));
      if (bumped.includes(name)) {
        const text = readFileSync(file, 'utf8');
        expect(text).toContain(`## ${manifest(p.dir).version}`);
        if (authDependents.includes(name))
          expect(text).toMatch(/Updated dependencies[\s\S]*@x\/auth@/);
        else expect(text).toContain('Sample:');
      } else expect(existsSync(file), name).toBe(existed);
    }
    expect(
      readdirSync(join(work.dir, '.changeset')).filter((f) => f.startsWith('sample-')),
    ).toEqual([]);
  });

  it('keeps workspace: ranges, and packing turns them into the new versions', async () => {
    const access = before.get('@x/access')!;
    expect(manifest(access.dir).dependencies['@x/auth']).toMatch(/^workspace:/);
    const { stdout } = await run('pnpm', ['pack', '--json', '--pack-destination', work.dir], {
      cwd: join(work.dir, access.dir),
    });
    const tarball = JSON.parse(stdout).filename as string;
    const { stdout: packed } = await run('tar', ['-xzOf', tarball, 'package/package.json'], {
      cwd: work.dir,
    });
    const deps = JSON.parse(packed).dependencies as Record<string, string>;
    expect(deps['@x/auth']).toBe(`^${manifest('packages/auth').version}`);
    // The runtime exactly: its `internal` entry point is outside semver (CONTRIBUTING.md).
    expect(deps['@x/runtime']).toBe(manifest('packages/runtime').version);
  });
});
