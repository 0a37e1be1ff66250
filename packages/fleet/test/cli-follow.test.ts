// `xid events follow --fleet redis://…` (and `X_FLEET_URL`) against a real Redis: the CLI loads
// `@x/fleet` lazily, one replica leads and writes while another stands by, the checkpoint is kept
// beside the lease, and the Redis URL's password never shows. The CLI runs from source, as a
// child process, the way the CLI's own tests run it.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type EventsApi, makeEvents, startEventsApi } from './support/events-api.js';
import { suiteRedis } from './support/suite-redis.js';

const REPO = fileURLToPath(new URL('../../..', import.meta.url));
const PASSWORD = 'fleet-pass-5417';
const redis = suiteRedis({ password: PASSWORD });

let api: EventsApi;
const children: ChildProcess[] = [];

beforeAll(async () => {
  api = await startEventsApi(makeEvents(20));
});
afterAll(async () => {
  await api.close();
});
afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
});

interface Run {
  readonly child: ChildProcess;
  stdout(): string;
  stderr(): string;
  exited(): Promise<number | null>;
}

/** `xid args…` from source, with the events API of this suite and a config dir of its own. */
function xid(args: string[], env: Record<string, string> = {}): Run {
  const child = spawn(
    process.execPath,
    ['--conditions=@x/source', '--import', 'tsx', join(REPO, 'packages/cli/src/bin.ts'), ...args],
    {
      cwd: REPO,
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        XDG_CONFIG_HOME: mkdtempSync(join(tmpdir(), 'xid-fleet-')),
        X_EVENTS_URL: api.url,
        X_EVENTS_API_KEY: 'events-key',
        X_ALLOW_INSECURE_HTTP: '1',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  children.push(child);
  let out = '';
  let err = '';
  child.stdout?.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (err += d.toString()));
  const exit = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, stdout: () => out, stderr: () => err, exited: () => exit };
}

async function until(condition: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 600; i++) {
    if (condition()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`not seen within 30 s: ${what}`);
}

const FOLLOW = ['events', 'follow', '--settle', '0s', '--poll-interval', '200ms'];
const lines = (text: string) => text.split('\n').filter((line) => line !== '');

describe('xid events follow --fleet', () => {
  it('one replica leads and writes every event; the other stands by and writes nothing', async () => {
    const lease = ['--lease', 'cli-test-1'];
    const first = xid([...FOLLOW, '--fleet', redis.url, ...lease]);
    await until(() => lines(first.stdout()).length === 20, 'the leader writes 20 events');
    // The second takes its URL from X_FLEET_URL (the environment or a profile).
    const second = xid([...FOLLOW, ...lease], { X_FLEET_URL: redis.url });
    await until(() => second.stderr().includes('standing by'), 'the second stands by');
    expect(first.stderr()).toContain('leading (lease cli-test-1)');
    expect(second.stderr()).toContain('standing by (lease cli-test-1: held-elsewhere)');

    first.child.kill('SIGTERM');
    second.child.kill('SIGTERM');
    expect(await first.exited()).toBe(0);
    expect(await second.exited()).toBe(0);
    expect(lines(first.stdout()).map((line) => JSON.parse(line).id)).toEqual(
      api.events.map((e) => e.id),
    );
    expect(second.stdout()).toBe('');
    // The leader's checkpoint is stored beside the lease (keys under the CLI's prefix `xid:`).
    const client = new Redis(redis.url);
    try {
      const stored = await client.hget('xid:lease:{cli-test-1}', 'checkpoint');
      expect(JSON.parse(stored ?? 'null')).toMatchObject({
        recordedAfter: api.events[19]!.event_recorded_millis,
      });
    } finally {
      client.disconnect();
    }
    for (const run of [first, second]) expect(run.stderr()).not.toContain(PASSWORD);
  });

  it('Redis unreachable: one warning with the password masked, and nothing delivered', async () => {
    const unreachable = `redis://:${PASSWORD}@127.0.0.1:1`;
    const run = xid([...FOLLOW, '--fleet', unreachable]);
    await until(() => run.stderr().includes('standing by'), 'the replica stands by');
    expect(run.stderr()).toContain('redis://:***@127.0.0.1:1');
    expect(run.stderr()).toContain('standing by (lease events-follow:127.0.0.1');
    expect(run.stderr()).not.toContain(PASSWORD);
    run.child.kill('SIGTERM');
    expect(await run.exited()).toBe(0);
    expect(run.stdout()).toBe('');
  });

  it('refuses a URL that is not redis:// or rediss://, masked, and --lease without a fleet', async () => {
    const wrong = xid([...FOLLOW, '--fleet', `http://:${PASSWORD}@127.0.0.1:6379`]);
    expect(await wrong.exited()).not.toBe(0);
    expect(wrong.stderr()).toContain('redis:// or rediss://');
    expect(wrong.stderr()).not.toContain(PASSWORD);
    const lonely = xid([...FOLLOW, '--lease', 'x']);
    expect(await lonely.exited()).not.toBe(0);
    expect(lonely.stderr()).toContain('--lease applies with --fleet');
  });
});
