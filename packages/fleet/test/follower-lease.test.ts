// One follower per fleet, against a real Redis: replicas of `follow` and `export` share a lease,
// only its holder advances the checkpoint stored beside it, a standby takes over within the TTL,
// a stale holder's writes are refused by the fencing token, and Redis going away (and coming back
// without its data) stops the follower rather than letting it deliver twice. Time is a virtual
// clock: the TTL passes when the test advances it, never by a real wait.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { staticToken } from '@x/auth';
import {
  createEventsClient,
  type FollowerLease,
  type LeaseChange,
  type LeaseGrant,
  type LeaseRefusal,
  type PlatformEvent,
} from '@x/events';
import type { Fleet, FleetClock } from '@x/fleet';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type EventsApi, makeEvents, startEventsApi } from './support/events-api.js';
import { suiteRedis } from './support/suite-redis.js';
import { VirtualClock } from './support/virtual-clock.js';

const TTL = 15_000;
const MARGIN = 3000;

const redis = suiteRedis();
let api: EventsApi;

beforeAll(async () => {
  api = await startEventsApi(makeEvents(20));
});
afterAll(async () => {
  await api.close();
});

let prefixes = 0;

/** A replica: its own fleet (own Redis connection), clock and events client. */
async function replica(prefix: string, clock: FleetClock, warnings: string[] = []) {
  const fleet: Fleet = await redis.connect({
    keyPrefix: prefix,
    clock,
    reconnectMaxMs: 50,
    onWarning: (message) => warnings.push(message),
  });
  const events = createEventsClient({ baseUrl: api.url, auth: staticToken('k') });
  const changes: LeaseChange[] = [];
  const lease = fleet.lease('tenant-a:follow', { ttlMs: TTL, marginMs: MARGIN });
  return { fleet, events, lease, changes, onLeaseChange: (c: LeaseChange) => changes.push(c) };
}

function newPrefix(): string {
  prefixes++;
  return `lease-test-${prefixes}:`;
}

/** Waits (real time, briefly) until `condition` holds: for async steps of the replicas. */
async function until(condition: () => boolean | Promise<boolean>): Promise<void> {
  for (let i = 0; i < 500; i++) {
    if (await condition()) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error('condition not met within 5 s');
}

/** The checkpoint stored beside the lease, read with a client of the test's own. */
async function storedCheckpoint(prefix: string): Promise<{ recordedAfter: number } | undefined> {
  const client = new Redis(redis.url, { lazyConnect: true, maxRetriesPerRequest: 0 });
  try {
    await client.connect();
    const text = await client.hget(`${prefix}lease:{tenant-a:follow}`, 'checkpoint');
    return text ? JSON.parse(text) : undefined;
  } finally {
    client.disconnect();
  }
}

const ids = (events: readonly PlatformEvent[]) => events.map((e) => e.id);
const timeOf = (n: number) => api.events[n - 1]!.event_recorded_millis as number;

describe('follow with a lease', () => {
  it('one replica leads; a standby takes over within the TTL from the committed checkpoint', async () => {
    const clock = new VirtualClock();
    const prefix = newPrefix();
    const a = await replica(prefix, clock);
    const b = await replica(prefix, clock);
    // Stops both tails at the end: a tail waiting on the virtual clock ends only when aborted.
    const stop = new AbortController();
    const options = { page_size: 5, settleMs: 0, pollIntervalMs: 1000, signal: stop.signal };
    const tailA = a.events.follow({ ...options, lease: a.lease, onLeaseChange: a.onLeaseChange });
    const tailB = b.events.follow({ ...options, lease: b.lease, onLeaseChange: b.onLeaseChange });

    // A leads and delivers 11 events: pages 1 and 2 are committed before event 11 is handed out.
    const fromA: PlatformEvent[] = [];
    for (let i = 0; i < 11; i++) fromA.push((await tailA.next()).value as PlatformEvent);
    expect(a.changes[0]).toMatchObject({ leader: true });
    const nextOfB = tailB.next();
    await until(() => b.changes.length > 0);
    expect(b.changes).toEqual([{ leader: false, reason: 'held-elsewhere' }]);
    expect(await storedCheckpoint(prefix)).toMatchObject({ recordedAfter: timeOf(10) });

    // A dies (nobody pulls it any more, so it renews nothing). B stays standby until the TTL is
    // over, then leads from A's last committed checkpoint: event 11, handed out by A but never
    // committed, comes again (at least once; dedupe by id), and nothing is missed.
    clock.advance(TTL - 1);
    // B asked again, found A's lease still running, and waits for its end.
    await until(() => clock.pending() === 1 && b.changes.length === 1);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(b.changes.some((c) => c.leader)).toBe(false);
    clock.advance(1);
    const fromB: PlatformEvent[] = [(await nextOfB).value as PlatformEvent];
    for (let i = 0; i < 9; i++) fromB.push((await tailB.next()).value as PlatformEvent);
    const tokenOf = (changes: LeaseChange[]) => changes.find((c) => c.leader)?.token;
    expect(tokenOf(b.changes)).toBeDefined();
    expect(tokenOf(b.changes)).not.toBe(tokenOf(a.changes));
    expect(ids(fromB)[0]).toBe('e-0011');
    expect(new Set([...ids(fromA), ...ids(fromB)])).toEqual(new Set(ids(api.events)));
    stop.abort();
    await tailB.return(undefined);
    await tailA.return(undefined);
  });

  it("a stale leader's checkpoint write is refused by the fencing token", async () => {
    const clock = new VirtualClock();
    const prefix = newPrefix();
    const a = await replica(prefix, clock);
    // B's clock runs a whole TTL ahead (more skew than the margin tolerates): to B, A's lease is
    // over while A still believes it leads. Only the fencing token keeps the checkpoint right.
    const b = await replica(prefix, clock.skewed(TTL));
    // Stops both tails at the end: a tail waiting on the virtual clock ends only when aborted.
    const stop = new AbortController();
    const options = { page_size: 5, settleMs: 0, pollIntervalMs: 1000, signal: stop.signal };
    const tailA = a.events.follow({ ...options, lease: a.lease, onLeaseChange: a.onLeaseChange });
    const tailB = b.events.follow({ ...options, lease: b.lease, onLeaseChange: b.onLeaseChange });
    for (let i = 0; i < 6; i++) await tailA.next();
    expect(await storedCheckpoint(prefix)).toMatchObject({ recordedAfter: timeOf(5) });

    // B takes the lease and delivers the rest, committing as it goes.
    const fromB: PlatformEvent[] = [];
    for (let i = 0; i < 15; i++) fromB.push((await tailB.next()).value as PlatformEvent);
    expect(ids(fromB)).toEqual(ids(api.events.slice(5)));
    void tailB.next();
    await until(async () => (await storedCheckpoint(prefix))?.recordedAfter === timeOf(20));

    // A goes on to the end of its page; its commit there names its old token and is refused.
    for (let i = 0; i < 4; i++) await tailA.next();
    const nextOfA = tailA.next();
    await until(() => a.changes.some((c) => !c.leader));
    expect(a.changes).toContainEqual({ leader: false, reason: 'lost' });
    expect(await storedCheckpoint(prefix)).toMatchObject({ recordedAfter: timeOf(20) });
    // A now stands by: it delivers nothing more while B holds the lease.
    const raced = await Promise.race([
      nextOfA.then(() => 'delivered'),
      new Promise((resolve) => setTimeout(() => resolve('standing by'), 100)),
    ]);
    expect(raced).toBe('standing by');
    stop.abort();
    expect((await nextOfA).done).toBe(true);
    await tailA.return(undefined);
    await tailB.return(undefined);
  });

  it('Redis away mid-run: the follower stops advancing, and resumes once it is back without its data', async () => {
    const clock = new VirtualClock();
    const prefix = newPrefix();
    const warnings: string[] = [];
    const a = await replica(prefix, clock, warnings);
    const tailA = a.events.follow({
      page_size: 5,
      settleMs: 0,
      pollIntervalMs: 1000,
      lease: a.lease,
      onLeaseChange: a.onLeaseChange,
    });
    const delivered: PlatformEvent[] = [];
    for (let i = 0; i < 7; i++) delivered.push((await tailA.next()).value as PlatformEvent);

    await redis.server.stop();
    // The end of page 2 cannot be committed: the follower stops instead of going on.
    for (let i = 0; i < 3; i++) delivered.push((await tailA.next()).value as PlatformEvent);
    const next = tailA.next();
    await until(() => a.changes.some((c) => c.reason === 'unavailable'));
    expect(warnings).toHaveLength(1);
    clock.advance(TTL);
    const raced = await Promise.race([
      next.then(() => 'delivered'),
      new Promise((resolve) => setTimeout(() => resolve('stopped'), 100)),
    ]);
    expect(raced).toBe('stopped');

    // Back, empty (no persistence): a new grant under the new run_id, and the follower goes on from
    // its own state (nobody else committed), so no event comes twice and none is missed.
    await redis.server.restart();
    await until(() => a.fleet.connected);
    clock.advance(TTL);
    delivered.push((await next).value as PlatformEvent);
    for (let i = 0; i < 9; i++) delivered.push((await tailA.next()).value as PlatformEvent);
    expect(ids(delivered)).toEqual(ids(api.events));
    const tokens = a.changes.filter((c) => c.leader).map((c) => c.token);
    expect(tokens).toHaveLength(2);
    expect(tokens[0]?.split(':')[0]).not.toBe(tokens[1]?.split(':')[0]);
    await tailA.return(undefined);
  });
});

/** The grant of an attempt that must have succeeded. */
function granted(attempt: LeaseGrant | LeaseRefusal): LeaseGrant {
  if (attempt.token === undefined) throw new Error(`refused: held until ${attempt.heldUntil}`);
  return attempt;
}

describe('the lease on Redis', () => {
  it('fencing tokens stay unique when Redis restarts without its data (run_id prefix)', async () => {
    const clock = new VirtualClock();
    const prefix = newPrefix();
    const a = await replica(prefix, clock);
    const b = await replica(prefix, clock);
    const first = granted(await a.lease.acquire('replica-a'));
    expect(first.token).toMatch(/^[0-9a-f]{40}:1$/);
    expect(await b.lease.acquire('replica-b')).toEqual({ heldUntil: clock.now() + TTL });
    expect(await a.lease.commit(first.token, '{"recordedAfter":5,"seenIdsAtEdge":[]}')).toBe(true);

    await redis.server.stop();
    await redis.server.restart();
    await until(() => a.fleet.connected && b.fleet.connected);
    // The counter starts at 1 again, but under the new server's run_id.
    const second = granted(await b.lease.acquire('replica-b'));
    expect(second.token).toMatch(/:1$/);
    expect(second.token).not.toBe(first.token);
    expect(second.checkpoint).toBeUndefined();
    expect(await a.lease.commit(first.token, '{"recordedAfter":9,"seenIdsAtEdge":[]}')).toBe(false);
    expect(await a.lease.renew(first.token)).toBe(false);
    expect(await b.lease.commit(second.token, '{"recordedAfter":7,"seenIdsAtEdge":[]}')).toBe(true);
  });

  it('a release hands the lease over at once, with the checkpoint kept', async () => {
    const clock = new VirtualClock();
    const prefix = newPrefix();
    const a = await replica(prefix, clock);
    const b = await replica(prefix, clock);
    const grant = granted(await a.lease.acquire('replica-a'));
    await a.lease.commit(grant.token, '{"recordedAfter":3,"seenIdsAtEdge":[]}');
    await a.lease.release(grant.token);
    const next = granted(await b.lease.acquire('replica-b'));
    expect(next.checkpoint).toBe('{"recordedAfter":3,"seenIdsAtEdge":[]}');
    expect(next.token).not.toBe(grant.token);
  });
});

/** A's lease with its commits held at a gate: a process paused between writing and committing. */
function gated(lease: FollowerLease) {
  let open: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => {
    open = resolve;
  });
  let commits = 0;
  let paused = false;
  const wrapped: FollowerLease = {
    ttlMs: lease.ttlMs,
    marginMs: lease.marginMs,
    now: () => lease.now(),
    wait: (ms, signal) => lease.wait(ms, signal),
    acquire: (holder) => lease.acquire(holder),
    renew: (token) => lease.renew(token),
    release: (token) => lease.release(token),
    async commit(token, checkpoint) {
      commits++;
      if (commits === 3) {
        paused = true;
        await gate;
      }
      return lease.commit(token, checkpoint);
    },
  };
  return { lease: wrapped, open, paused: () => paused };
}

describe('export to a file with a lease', () => {
  it('exactly once across a takeover: the standby cuts the file back to the checkpoint', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'fleet-export-'));
    redis.closeAfterTest({ close: () => rm(dir, { recursive: true, force: true }) });
    const file = join(dir, 'events.ndjson');
    const clock = new VirtualClock();
    const prefix = newPrefix();
    const a = await replica(prefix, clock);
    const b = await replica(prefix, clock);
    const pausedA = gated(a.lease);
    const window = { start_time: timeOf(1), end_time: timeOf(20), page_size: 5, to: file };

    // A writes pages 1 and 2 and commits them; it writes page 3 and stops before its commit.
    const exportA = a.events.export({
      ...window,
      lease: pausedA.lease,
      onLeaseChange: a.onLeaseChange,
    });
    await until(() => pausedA.paused());
    const exportB = b.events.export({ ...window, lease: b.lease, onLeaseChange: b.onLeaseChange });
    await until(() => b.changes.length > 0);

    // The TTL passes: B takes over from page 2's checkpoint, cuts page 3 off and writes the rest.
    clock.advance(TTL);
    const resultB = await exportB;
    expect(resultB.events).toBe(10);
    // A wakes up: its commit is refused (fenced), it stands by, then finds the window done.
    pausedA.open();
    await until(() => a.changes.some((c) => c.reason === 'lost'));
    const resultA = await exportA;
    expect(resultA.events).toBe(0);

    const lines = (await readFile(file, 'utf8')).trimEnd().split('\n');
    expect(lines.map((line) => JSON.parse(line).id)).toEqual(ids(api.events));
  });
});
