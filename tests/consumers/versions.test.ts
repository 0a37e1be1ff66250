// Two families on two runtime versions in one app (CONTRIBUTING.md, "Versions that cannot break
// each other"): a newer @x/runtime is released (`changeset version` on a patch changeset, in a
// copy of the workspace), which bumps every package pinned to it; the newer @x/workforce is
// published beside the older @x/access already in the registry. One app installs both with npm:
// each family gets the runtime it was built with (two copies), both work against the mock, and
// an error thrown through either copy answers `instanceof` for the classes of both families.
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { copyWorkspace } from './global-setup.js';
import { consumerNpmrc, publisherEnv, root, run, tempDir, writeFiles } from './lib.js';

const registry = inject('registry');
const published = inject('published');
const mockUrls = inject('consumerMockUrls');
const work = tempDir('versions');
const cache = tempDir('versions-cache');
afterAll(() => {
  work.remove();
  cache.remove();
});

const release = join(work.dir, 'release');
const app = join(work.dir, 'app');
const changeset = join(root, 'node_modules', '@changesets', 'cli', 'bin.js');
const versionOf = (dir: string) =>
  JSON.parse(readFileSync(join(release, dir, 'package.json'), 'utf8')).version as string;
/** The new versions after the runtime release. */
const newer: Record<string, string> = {};
/** The dependencies of each newer tarball, as published. */
const packedDeps: Record<string, Record<string, string>> = {};

beforeAll(async () => {
  const env = await publisherEnv(registry, work.dir);
  // The release the registry holds (the global setup's), then a newer runtime on top of it.
  copyWorkspace(release);
  await run('git', ['init', '-q'], { cwd: release, env });
  await run(process.execPath, [changeset, 'version'], { cwd: release, env });
  for (const file of readdirSync(join(release, '.changeset')))
    if (file.endsWith('.md') && file !== 'README.md') rmSync(join(release, '.changeset', file));
  writeFileSync(
    join(release, '.changeset', 'newer-runtime.md'),
    '---\n"@x/runtime": patch\n---\n\nSample: a newer runtime.\n',
  );
  await run(process.execPath, [changeset, 'version'], { cwd: release, env });

  // Pack and publish the newer runtime, @x/auth and @x/workforce (not @x/access: the app keeps
  // the older one).
  for (const dir of ['packages/runtime', 'packages/auth', 'packages/workforce']) {
    const { stdout } = await run('pnpm', ['pack', '--json', '--pack-destination', work.dir], {
      cwd: join(release, dir),
      env,
    });
    const tarball = JSON.parse(stdout).filename as string;
    const { stdout: manifest } = await run('tar', ['-xzOf', tarball, 'package/package.json'], {
      cwd: work.dir,
    });
    const { name, version, dependencies } = JSON.parse(manifest);
    newer[name] = version;
    packedDeps[name] = dependencies ?? {};
    await run('npm', ['publish', '--ignore-scripts', '--tag', 'next', tarball], {
      cwd: work.dir,
      env,
    });
  }

  writeFiles(app, {
    'package.json': JSON.stringify({ name: 'two-families', private: true, type: 'module' }),
    '.npmrc': consumerNpmrc(registry, cache.dir),
    'main.mjs': APP,
  });
  await run(
    'npm',
    [
      'install',
      `@x/workforce@${newer['@x/workforce']}`,
      `@x/auth@${newer['@x/auth']}`,
      `@x/access@${published['@x/access']}`,
    ],
    { cwd: app },
  );
}, 600_000);

// The app: one call per family against the mock, then a 404 from each family (a loopback server
// the app starts), tested with `instanceof` against the classes both families export.
const APP = `import * as W from '@x/workforce';
import * as A from '@x/access';
import { staticToken } from '@x/auth';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';

const [workforceUrl, accessUrl] = process.argv.slice(2);
const tenantId = '9a2f6c1e-3b7d-4e58-a0c4-1d8e5f7b2c90';
const auth = staticToken('consumer-token');
const group = await W.createWorkforceClient({ baseUrl: workforceUrl, auth })
  .groups.create({ name: 'Engineering', description: 'Staff' });
const realm = await A.createAccessClient({ baseUrl: accessUrl, scimBaseUrl: accessUrl, tenantId, auth })
  .realms.create({ display_name: 'Customers', classification: 'SECURE_CUSTOMER' });

const server = createServer((request, response) => {
  response.writeHead(404, { 'content-type': 'application/json' });
  response.end(JSON.stringify({ code: 'not_found', message: 'no such thing' }));
});
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const local = 'http://127.0.0.1:' + server.address().port;
const failure = (promise) => promise.then(() => { throw new Error('expected a failure'); }, (e) => e);
const errors = {
  workforce: await failure(W.createWorkforceClient({ baseUrl: local, auth }).users.get('u1')),
  access: await failure(
    A.createAccessClient({ baseUrl: local, scimBaseUrl: local, tenantId, auth }).realms.get('r1'),
  ),
};
server.close();

const instanceOf = {};
for (const [thrownBy, error] of Object.entries(errors))
  for (const [family, exports] of Object.entries({ workforce: W, access: A }))
    for (const cls of ['NotFoundError', 'ApiError', 'SdkError', 'ConflictError', 'ValidationError'])
      instanceOf[thrownBy + ' error instanceof ' + family + '.' + cls] = error instanceof exports[cls];

const require = createRequire(import.meta.url);
const runtimeOf = (family) =>
  createRequire(require.resolve(family)).resolve('@x/runtime/package.json');
const runtimes = Object.fromEntries(
  ['@x/workforce', '@x/access'].map((f) => [f, JSON.parse(
    require('node:fs').readFileSync(runtimeOf(f), 'utf8')).version]),
);
console.log(JSON.stringify({
  group: group.id,
  realm: realm.id,
  sameClass: W.NotFoundError === A.NotFoundError,
  runtimes,
  instanceOf,
}));
`;

describe('an older family beside a newer one', () => {
  it('a runtime release bumps every package pinned to it, and the tarballs pin it exactly', () => {
    expect(newer['@x/runtime']).not.toBe(published['@x/runtime']);
    expect(versionOf('packages/runtime')).toBe(newer['@x/runtime']);
    expect(newer['@x/workforce']).not.toBe(published['@x/workforce']);
    expect(packedDeps['@x/workforce']?.['@x/runtime']).toBe(newer['@x/runtime']);
    expect(packedDeps['@x/auth']?.['@x/runtime']).toBe(newer['@x/runtime']);
  });

  it('npm installs each family with the runtime it was built with: two copies', () => {
    const lock = JSON.parse(readFileSync(join(app, 'package-lock.json'), 'utf8')) as {
      packages: Record<string, { version?: string }>;
    };
    const runtimes = Object.entries(lock.packages)
      .filter(([path]) => path.endsWith('node_modules/@x/runtime'))
      .map(([, info]) => info.version);
    // Two versions (npm may place the newer one under more than one dependent).
    expect([...new Set(runtimes)].sort()).toEqual(
      [published['@x/runtime'], newer['@x/runtime']].sort(),
    );
  });

  it('both families work, and their errors answer instanceof across the two copies', async () => {
    const { stdout } = await run(
      process.execPath,
      ['main.mjs', mockUrls.workforce ?? '', mockUrls.access ?? ''],
      { cwd: app },
    );
    const out = JSON.parse(stdout.trim().split('\n').at(-1)!);
    expect(out.group).toBeTruthy();
    expect(out.realm).toBeTruthy();
    expect(out.runtimes).toEqual({
      '@x/workforce': newer['@x/runtime'],
      '@x/access': published['@x/runtime'],
    });
    expect(out.sameClass).toBe(false);
    const expected: Record<string, boolean> = {};
    for (const thrownBy of ['workforce', 'access'])
      for (const family of ['workforce', 'access'])
        for (const cls of [
          'NotFoundError',
          'ApiError',
          'SdkError',
          'ConflictError',
          'ValidationError',
        ])
          expected[`${thrownBy} error instanceof ${family}.${cls}`] = [
            'NotFoundError',
            'ApiError',
            'SdkError',
          ].includes(cls);
    expect(out.instanceOf).toEqual(expected);
  });
});
