// One process of the fleet benchmark (bench/src/fleet.ts starts 8 or 3 of them as child
// processes, over IPC): it says `ready` once connected, runs its part when told `go`, and sends
// what it counted. The SDK is used as an app would (the built packages, through a family client).
// Parts: `rate` creates users at a steady offered rate; `tokens` asks its provider for a token as
// each API call does; `follow` exports the event stream to a file under the fleet's lease.
import { randomUUID } from 'node:crypto';
import { setMaxListeners } from 'node:events';
import { clientCredentials, staticToken } from '@x/auth';
import { createEventsClient, type FollowerLease, type LeaseChange } from '@x/events';
import { connectFleet, type Fleet } from '@x/fleet';
import { ApiError } from '@x/runtime';
import { createWorkforceClient } from '@x/workforce';
import type { RateCounts } from './lib/fleet-figures.js';

/** The workforce tenant's client credentials on the emulator. */
export interface Credentials {
  tokenUrl: string;
  clientId: string;
  clientSecret: string;
}

/** What a worker is told to do (its argument, as JSON). */
export type WorkerTask =
  | {
      part: 'rate';
      worker: number;
      /** Redis URL of fleet mode, or undefined: on its own. */
      fleetUrl: string | undefined;
      keyPrefix: string;
      workforceUrl: string;
      credentials: Credentials;
      /** Creates offered per second. */
      rps: number;
      durationMs: number;
      /** Most creates sent or waiting for the budget at once; offers beyond are not sent. */
      maxWaiting: number;
    }
  | {
      part: 'tokens';
      worker: number;
      fleetUrl: string | undefined;
      keyPrefix: string;
      credentials: Credentials;
      everyMs: number;
      durationMs: number;
      tokenSkewMs: number;
    }
  | {
      part: 'follow';
      worker: number;
      fleetUrl: string;
      keyPrefix: string;
      eventsUrl: string;
      apiKey: string;
      file: string;
      leaseName: string;
      ttlMs: number;
      marginMs: number;
      pollMs: number;
    };

/** What a worker tells the benchmark. */
export type WorkerMessage =
  | { type: 'ready' }
  | {
      type: 'rate';
      counts: RateCounts;
      limitedAtMs: number[];
      okAtMs: number[];
      /** Warnings that Redis was unavailable (this process then ran on its own limits). */
      warnings: string[];
      /** How long each answered create took from going out to its answer being read, in ms. */
      answerMs: number[];
      errors: string[];
    }
  | { type: 'tokens'; distinct: number }
  | { type: 'lease'; leader: boolean; at: number; reason?: string | undefined }
  | { type: 'error'; message: string };

const send = (message: WorkerMessage) => process.send?.(message);

/** Resolves when the benchmark says `go` (every worker started, so all start together). */
const go = () =>
  new Promise<void>((resolve) => {
    process.on('message', (message) => {
      if (message === 'go') resolve();
    });
  });

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Redis-unavailable warnings of this process, as `onWarning` gave them. */
const warnings: string[] = [];

async function fleetOf(url: string | undefined, keyPrefix: string, tokenSkewMs?: number) {
  if (url === undefined) return undefined;
  return connectFleet({
    url,
    keyPrefix,
    ...(tokenSkewMs === undefined ? {} : { tokenSkewMs }),
    onWarning: (message) => warnings.push(message),
  });
}

function provider(credentials: Credentials, fleet: Fleet | undefined) {
  return clientCredentials({
    ...credentials,
    ...(fleet ? { tokenStore: fleet.tokenStore } : {}),
  });
}

async function rate(task: Extract<WorkerTask, { part: 'rate' }>): Promise<void> {
  const fleet = await fleetOf(task.fleetUrl, task.keyPrefix);
  // A budget learns each window from answers: how late they come bounds how well it can.
  const answerMs: number[] = [];
  const workforce = createWorkforceClient({
    onEvent: (event) => {
      if (event.type === 'response') answerMs.push(Math.round(event.durationMs));
    },
    baseUrl: task.workforceUrl,
    auth: provider(task.credentials, fleet),
    // Without the fleet: the runtime's own limiter of this process (the default).
    ...(fleet ? { rateLimit: fleet.rateBudget('workforce-tenant') } : {}),
    // A 429 counts as it comes: retried, it would be hidden behind a later success.
    retry: false,
  });
  send({ type: 'ready' });
  await go();
  const counts: RateCounts = { offered: 0, ok: 0, limited: 0, failed: 0, notSent: 0 };
  const errors = new Set<string>();
  const stop = new AbortController();
  // One signal for every create the run still has waiting (the transport listens a few times each).
  setMaxListeners(4 * (task.maxWaiting + 10), stop.signal);
  const pending = new Set<Promise<unknown>>();
  const started = performance.now();
  // When each 429 came, in ms from the start: a cold start and a steady state differ.
  const limitedAtMs: number[] = [];
  const okAtMs: number[] = [];
  let created = 0;
  // Offers on a schedule (the count due by now), so a late timer does not lower the offered rate.
  while (performance.now() - started < task.durationMs) {
    const due = Math.floor(((performance.now() - started) * task.rps) / 1000);
    for (; counts.offered < due; counts.offered++) {
      if (pending.size >= task.maxWaiting) {
        counts.notSent++;
        continue;
      }
      const n = created++;
      const call = workforce.users
        .create(
          { username: `w${task.worker}-${n}`, email_address: `w${task.worker}-${n}@example.com` },
          { signal: stop.signal },
        )
        .then(
          () => {
            counts.ok++;
            okAtMs.push(Math.round(performance.now() - started));
          },
          (error: unknown) => {
            if (stop.signal.aborted) counts.notSent++;
            else if (error instanceof ApiError && error.status === 429) {
              counts.limited++;
              limitedAtMs.push(Math.round(performance.now() - started));
            } else {
              counts.failed++;
              errors.add(String(error).split('\n')[0]!);
            }
          },
        )
        .finally(() => pending.delete(call));
      pending.add(call);
    }
    await pause(5);
  }
  // Creates still waiting for the budget when the run ends are not sent.
  stop.abort();
  await Promise.all(pending);
  send({
    type: 'rate',
    counts,
    limitedAtMs,
    okAtMs,
    warnings,
    answerMs,
    errors: [...errors].slice(0, 5),
  });
  await fleet?.close();
}

async function tokens(task: Extract<WorkerTask, { part: 'tokens' }>): Promise<void> {
  const fleet = await fleetOf(task.fleetUrl, task.keyPrefix, task.tokenSkewMs);
  const auth = provider(task.credentials, fleet);
  send({ type: 'ready' });
  await go();
  // Every process ends the same time after `go`: timed from each one's own first token, a process
  // that got the fleet's first token late ran on past that token's third refresh and fetched a
  // fourth. The first token is issued within 3 s of `go` (its refreshes are 4.5 s apart).
  const end = performance.now() + task.durationMs;
  const seen = new Set<string>([await auth.getToken()]);
  while (performance.now() < end) {
    seen.add(await auth.getToken());
    await pause(task.everyMs);
  }
  send({ type: 'tokens', distinct: seen.size });
  await fleet?.close();
}

/**
 * A follower: `export` to the file under the fleet's lease, pass after pass (each pass writes what
 * is new, then the next starts from the committed checkpoint, the file cut back to its offset).
 * Between passes it keeps the lease, as a `follow` does between polls: every pass asks as this
 * process's one holder, so the grant is extended with the same fencing token instead of released
 * and taken by another replica. Released on SIGTERM; on SIGKILL it runs out after the TTL.
 */
async function follow(task: Extract<WorkerTask, { part: 'follow' }>): Promise<void> {
  const fleet = await connectFleet({ url: task.fleetUrl, keyPrefix: task.keyPrefix });
  const shared = fleet.lease(task.leaseName, { ttlMs: task.ttlMs, marginMs: task.marginMs });
  const holder = randomUUID();
  let token: string | undefined;
  const lease: FollowerLease = {
    ttlMs: shared.ttlMs,
    marginMs: shared.marginMs,
    now: () => shared.now(),
    wait: (ms, signal) => shared.wait(ms, signal),
    acquire: () => shared.acquire(holder),
    renew: (held) => shared.renew(held),
    commit: (held, checkpoint) => shared.commit(held, checkpoint),
    release: async () => undefined,
  };
  const events = createEventsClient({ baseUrl: task.eventsUrl, auth: staticToken(task.apiKey) });
  const stop = new AbortController();
  process.on('SIGTERM', () => stop.abort());
  let leading = false;
  const onLeaseChange = (change: LeaseChange) => {
    token = change.leader ? change.token : undefined;
    // Each pass reports leading again: only a change is news.
    if (change.leader === leading) return;
    leading = change.leader;
    send({ type: 'lease', leader: change.leader, at: Date.now(), reason: change.reason });
  };
  send({ type: 'ready' });
  await go();
  while (!stop.signal.aborted) {
    try {
      await events.export({
        to: task.file,
        lease,
        onLeaseChange,
        pageSize: 500,
        signal: stop.signal,
      });
    } catch (error) {
      if (!stop.signal.aborted) send({ type: 'error', message: String(error).split('\n')[0]! });
    }
    await pause(task.pollMs);
  }
  if (token !== undefined) await shared.release(token).catch(() => undefined);
  await fleet.close();
}

const task = JSON.parse(process.argv[2] ?? '{}') as WorkerTask;
const parts = { rate, tokens, follow } as const;
try {
  await (parts[task.part] as (task: WorkerTask) => Promise<void>)(task);
} catch (error) {
  send({ type: 'error', message: String(error) });
  process.exitCode = 1;
}
process.disconnect?.();
