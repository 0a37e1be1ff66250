// The release rehearsal (CONTRIBUTING.md, "Releases on record"): the release the global setup
// made (`changeset version` on a copy of the workspace, `changeset publish` to the local
// registry) beside the last release, rebuilt from the commit tools/release/baseline/ records
// (tools/release/src/baseline-packages.mjs) and published to the same registry under its older
// versions. Two apps each install older families beside newer ones, each family as its own
// README says, as the version policy allows ("Versions that cannot break each other": two
// runtime copies may coexist). Every family's README "Everyday tasks" block then runs against the emulator, once
// as the older release wrote it and once as the newer one does.
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readFileSync, realpathSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { clientCredentials } from '@x/auth';
import { type Emulator, startEmulator } from '@x/emulator';
import { createWorkforceClient } from '@x/workforce';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { BASELINE_PACKAGES, baselinePackages } from '../../tools/release/src/baseline-packages.mjs';
import {
  cleanEnv,
  consumerNpmrc,
  FAMILIES,
  type Family,
  publisherEnv,
  root,
  run,
  tempDir,
  writeFiles,
} from './lib.js';
import { everydayBlock, taskParts } from './readme-blocks.js';

const registry = inject('registry');
const published = inject('published');
const work = tempDir('rehearsal');
const cache = tempDir('rehearsal-cache');

type Release = 'older' | 'newer';
/** The two apps: which families each installs from the last release; the rest are the new one's. */
const APPS: Record<string, readonly Family[]> = {
  'older-workforce-legacy': ['workforce', 'legacy'],
  'older-access-events': ['access', 'events'],
};
const releaseOf = (app: string, family: Family): Release =>
  APPS[app]!.includes(family) ? 'older' : 'newer';

let baseline: Awaited<ReturnType<typeof baselinePackages>>;
let emulator: Emulator;
const appDir = (app: string) => join(work.dir, app);
const versionIn = (release: Release, name: string) =>
  release === 'older' ? baseline.versions[name]! : published[name]!;

/** The packages a README's `npm install` line names. */
function installLine(readme: string): string[] {
  const line = /^npm install (.+)$/m.exec(readme)?.[1];
  if (!line) throw new Error('no `npm install` line in the README');
  return line.trim().split(/\s+/);
}

/** The README a tarball of the registry ships, read without installing it. */
async function publishedReadme(name: string, version: string): Promise<string> {
  const dir = tempDir('readme');
  try {
    await run('npm', ['pack', `${name}@${version}`, '--pack-destination', dir.dir], {
      cwd: dir.dir,
      env: cleanEnv({ npm_config_registry: registry, npm_config_cache: join(cache.dir, 'npm') }),
    });
    const { stdout } = await run('sh', ['-c', 'tar -xzOf *.tgz package/README.md'], {
      cwd: dir.dir,
    });
    return stdout;
  } finally {
    dir.remove();
  }
}

/**
 * What an app holding both releases depends on: each family at its release, and what its README
 * says to install beside it. A package both releases' READMEs name (@x/auth, @x/runtime) stays at
 * the older version: the app was written against the older release and adds a newer family.
 */
async function appDependencies(app: string): Promise<Record<string, string>> {
  const wanted = new Map<string, Release>();
  for (const family of FAMILIES) {
    const release = releaseOf(app, family);
    const readme = await publishedReadme(`@x/${family}`, versionIn(release, `@x/${family}`));
    for (const name of installLine(readme))
      if (name === `@x/${family}` || wanted.get(name) !== 'older') wanted.set(name, release);
  }
  return Object.fromEntries([...wanted].map(([name, r]) => [name, versionIn(r, name)]));
}

/** The installed directory of `name` as Node resolves it from `from` (symlinks resolved). */
function resolvedDir(name: string, from: string): string {
  for (let dir = from; dir !== '/'; dir = join(dir, '..')) {
    const candidate = join(dir, 'node_modules', name);
    if (existsSync(join(candidate, 'package.json'))) return realpathSync(candidate);
  }
  throw new Error(`${name} is not installed (from ${from})`);
}
const versionAt = (dir: string) =>
  JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')).version as string;

beforeAll(async () => {
  baseline = await baselinePackages();
  const env = await publisherEnv(registry, work.dir);
  // Under a dist-tag of their own: `latest` stays the new release, as for a real registry.
  for (const name of BASELINE_PACKAGES)
    await run(
      'npm',
      ['publish', '--ignore-scripts', '--tag', 'baseline', baseline.tarballs[name]!],
      {
        cwd: work.dir,
        env,
      },
    );
  for (const app of Object.keys(APPS)) {
    const dependencies = await appDependencies(app);
    writeFiles(appDir(app), {
      'package.json': JSON.stringify({ name: app, private: true, type: 'module', dependencies }),
      '.npmrc': consumerNpmrc(registry, cache.dir),
    });
    await run('npm', ['install'], { cwd: appDir(app) });
  }
  emulator = await startEmulator({
    port: 0,
    clock: { start: '2026-11-15T12:00:00Z', frozen: false },
  });
}, 1_200_000);
afterAll(async () => {
  await emulator?.stop();
  work.remove();
  cache.remove();
});

describe('the release beside the last one in the registry', () => {
  it('every package the families need is bumped, and both versions are on the registry', async () => {
    for (const name of BASELINE_PACKAGES) {
      expect(published[name], name).not.toBe(baseline.versions[name]);
      const info = (await (await fetch(`${registry}${name.replace('/', '%2f')}`)).json()) as {
        versions: Record<string, unknown>;
        'dist-tags': Record<string, string>;
      };
      expect(Object.keys(info.versions), name).toEqual(
        expect.arrayContaining([baseline.versions[name], published[name]]),
      );
      expect(info['dist-tags'], name).toMatchObject({
        latest: published[name],
        baseline: baseline.versions[name],
      });
    }
  });
});

describe.each(Object.keys(APPS))('app %s', (app) => {
  it('installs each family at its release, with the runtime of that release: two copies', () => {
    const lock = JSON.parse(readFileSync(join(appDir(app), 'package-lock.json'), 'utf8')) as {
      packages: Record<string, { version?: string }>;
    };
    const runtimes = Object.entries(lock.packages)
      .filter(([path]) => path.endsWith('node_modules/@x/runtime'))
      .map(([, info]) => info.version);
    expect([...new Set(runtimes)].sort()).toEqual(
      [baseline.versions['@x/runtime'], published['@x/runtime']].sort(),
    );
    for (const family of FAMILIES) {
      const release = releaseOf(app, family);
      const dir = resolvedDir(`@x/${family}`, appDir(app));
      expect(versionAt(dir), family).toBe(versionIn(release, `@x/${family}`));
      expect(versionAt(resolvedDir('@x/runtime', dir)), `${family}'s runtime`).toBe(
        versionIn(release, '@x/runtime'),
      );
    }
  });

  it.each(FAMILIES)('runs the README block of %s against the emulator', async (family) => {
    const release = releaseOf(app, family);
    const dir = appDir(app);
    const readme = readFileSync(join(resolvedDir(`@x/${family}`, dir), 'README.md'), 'utf8');
    const { module, givens } = taskParts(family, everydayBlock(readme));
    emulator.reset();
    const ids = await fixtures(family, givens);
    const args = givens.filter((g) => !g.startsWith('signal:')).map((g) => ids[g.split(':')[0]!]);
    writeFiles(dir, {
      [`tasks/${family}.ts`]: module,
      [`run-${family}.mts`]: runner(family),
    });
    const result = await runBlock(dir, family, args);
    expect(result.code, `${family} (${release}) exited:\n${result.stdout}\n${result.stderr}`).toBe(
      0,
    );
    expect(result.stdout).toContain('README block done');
    await expectOutcome(family, dir, result.stdout, ids);
  });
});

/** The workforce client of the emulator's seeded tenant, from this workspace's sources. */
const seededWorkforce = () =>
  createWorkforceClient({
    baseUrl: emulator.urls.workforce,
    fetch: emulator.fetch,
    auth: clientCredentials({ ...emulator.credentials.workforce, fetch: emulator.fetch }),
  });

/**
 * What a block needs in the emulator: a workforce user per `…Id` it names (graceId, adminId,
 * leaverId), by name; for the events block, a user whose creation is an event to read.
 */
async function fixtures(family: Family, givens: string[]): Promise<Record<string, string>> {
  const names = givens.filter((g) => !g.startsWith('signal:')).map((g) => g.split(':')[0]!);
  if (family === 'events') names.push('eventfulId');
  if (names.length === 0) return {};
  if (family !== 'workforce' && family !== 'events')
    throw new Error(
      `the ${family} README block needs ${names.join(', ')}: the rehearsal makes none`,
    );
  const workforce = seededWorkforce();
  const ids: Record<string, string> = {};
  for (const name of names) {
    if (!name.endsWith('Id')) throw new Error(`the README block needs ${name}: not a user id`);
    const username = name.slice(0, -2);
    const user = await workforce.users.create({
      username,
      email_address: `${username}@example.com`,
      display_name: username,
    });
    ids[name] = user.id;
  }
  return ids;
}

/** The script that runs a block: its ids from argv, a signal no one aborts. */
const runner = (
  family: Family,
) => `// The rehearsal stands in for a process manager: once the script says it started, it sends
// SIGTERM until the script ends (the events block follows the stream until then). This
// listener keeps the signals that come before the block's own listener from ending it.
process.on('SIGTERM', () => {});
console.log('README block started');
const { everydayTasks } = await import('./tasks/${family}.ts');
const ids = JSON.parse(process.argv[2] ?? '[]');
await everydayTasks(...ids, new AbortController().signal);
console.log('README block done');
`;

/** Runs a block's script in the app, with the emulator's environment; SIGTERM every 500 ms once started. */
function runBlock(dir: string, family: Family, ids: unknown[]) {
  const tsx = pathToFileURL(join(root, 'node_modules', 'tsx', 'dist', 'esm', 'index.mjs')).href;
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve, reject) => {
    const child: ChildProcess = spawn(
      process.execPath,
      ['--import', tsx, `run-${family}.mts`, JSON.stringify(ids)],
      { cwd: dir, env: cleanEnv({ ...emulator.env }), stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let stdout = '';
    let stderr = '';
    let term: NodeJS.Timeout | undefined;
    child.stdout?.on('data', (c: Buffer) => {
      stdout += c.toString();
      if (!term && stdout.includes('README block started\n'))
        term = setInterval(() => child.kill('SIGTERM'), 500);
    });
    child.stderr?.on('data', (c: Buffer) => {
      stderr += c.toString();
    });
    const limit = setTimeout(() => child.kill('SIGKILL'), 120_000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearInterval(term);
      clearTimeout(limit);
      resolve({ code, stdout, stderr });
    });
  });
}

/** What each block leaves behind: its printed statuses and the emulator's state. */
async function expectOutcome(
  family: Family,
  dir: string,
  stdout: string,
  ids: Record<string, string>,
) {
  const lines = stdout.split('\n');
  switch (family) {
    case 'legacy':
      // 1. the new user's status; 3. the recovered user's status, the HTTP status, a request id.
      expect(lines).toContainEqual(expect.stringMatching(/^\S+ USER_STATUS_ACTIVE$/));
      expect(lines).toContainEqual(expect.stringMatching(/^\S+ 200 \S+$/));
      break;
    case 'workforce': {
      // 4. the binding job's short code, PENDING; 5. the leaver is gone.
      expect(lines).toContainEqual(expect.stringMatching(/^\S+ PENDING$/));
      const workforce = seededWorkforce();
      await expect(workforce.users.get(ids.leaverId!)).rejects.toMatchObject({ status: 404 });
      const groups = await workforce.groups.list().toArray();
      const engineering = groups.find((g) => g.name === 'Engineering');
      const members = await workforce.groups.members.list(engineering?.id ?? '').toArray();
      expect(members.map((m) => m.username).sort()).toEqual(['ada', 'grace']);
      break;
    }
    case 'access':
      // 3. the job's state and its link; the group with members cannot be deleted.
      expect(lines).toContainEqual(expect.stringMatching(/^LINK_SENT https?:\/\/\S+$/));
      expect(lines).toContain('remove its members first');
      break;
    case 'events': {
      // 5. the export: one NDJSON line per event of the month, each an event object.
      const file = join(dir, 'events-2026-11.ndjson');
      expect(existsSync(file)).toBe(true);
      const events = readFileSync(file, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as { id?: string; event_type?: string });
      expect(events).toContainEqual(
        expect.objectContaining({
          event_type: 'USER_CHANGE',
          data: expect.objectContaining({
            user: expect.objectContaining({ user_name: 'eventful' }),
          }),
        }),
      );
      // 2. the same event, filtered by type: its action and user name.
      expect(lines).toContain('CREATE eventful');
      // (4. the follow ended at SIGTERM: else the block would not have reached 5.)
      break;
    }
  }
}
