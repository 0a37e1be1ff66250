// 10. Fleet mode (@x/fleet): many processes, one tenant budget, one token, one follower, against a
// real Redis (Debian's redis-server on a free loopback port, started by @x/testing's
// `startRedis`, as the fleet tests do) and the emulator (in this process, on a loopback port; its
// per-tenant rate limits and its token lifetime set through its options, the token requests
// counted from its snapshot, the events recorded through `recordEvent`). Every worker is a child
// process (bench/src/fleet-worker.ts), as the pods of a fleet are.
//
// `X_BENCH_FLEET_QUICK=1` (or `--quick`) shortens every part for a smoke run; the recorded figures
// come from the full run.
import { type ChildProcess, fork } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Emulator, startEmulator } from '@x/emulator';
import { type RedisServer, startRedis } from '@x/testing';
import type { WorkerMessage, WorkerTask } from './fleet-worker.js';
import {
  checkFileDelivery,
  type Kill,
  type LeaderChange,
  type RateCounts,
  steadyRate,
  summariseRate,
  summariseTakeovers,
  takeoverTimes,
} from './lib/fleet-figures.js';
import { figure, fmt, quantile, runStandalone, type Section } from './lib/report.js';

const WORKER = fileURLToPath(new URL('./fleet-worker.ts', import.meta.url));
const QUICK = process.env.X_BENCH_FLEET_QUICK === '1' || process.argv.includes('--quick');

/** Rate: 8 processes offering 50 creates per second each against a tenant limit of 50 per second. */
const RATE = {
  processes: 8,
  limit: 50,
  rpsEach: 50,
  durationMs: QUICK ? 10_000 : 60_000,
  maxWaiting: 50,
  /** The steady state: from here to the end (the first token, learning the limit and start-up before). */
  steadyFromMs: QUICK ? 4000 : 10_000,
};
/**
 * Tokens: 8 processes over 3 expiries. A token of 10 s is refreshed at half its life (the provider
 * refreshes a token living less than twice its 60 s window then); in the fleet it lives in Redis
 * until then, less a skew of 500 ms (4.5 s). In the 12 s after `go` (the same for every
 * process) each process (or the fleet) needs 3 tokens: the first, issued within 3 s of `go`, and 2
 * refreshes, the next one being 1.5 s or more past the end.
 */
const TOKENS = {
  processes: 8,
  lifetimeSeconds: 10,
  expiries: 3,
  durationMs: 12_000,
  everyMs: 100,
  tokenSkewMs: 500,
};
/** Follow: 3 followers, the leader killed 5 times while the emulator records 20,000 events. */
const FOLLOW = {
  followers: 3,
  kills: QUICK ? 2 : 5,
  events: QUICK ? 4000 : 20_000,
  /** The lease TTL: `@x/fleet`'s default. */
  ttlMs: QUICK ? 6000 : 15_000,
  /** How long before its end a holder stops: `@x/fleet`'s default, a fifth of the TTL when quick. */
  marginMs: QUICK ? 1200 : 3000,
  pollMs: 250,
  /** Events recorded per 100 ms, so that production spans every kill. */
  batchPer100Ms: QUICK ? 40 : 25,
};

/** A worker process and the messages it sent. */
interface Worker {
  readonly id: number;
  readonly child: ChildProcess;
  readonly messages: WorkerMessage[];
  /** Resolves with the first message of `type`. */
  next<T extends WorkerMessage['type']>(type: T): Promise<Extract<WorkerMessage, { type: T }>>;
  exited: Promise<void>;
}

function startWorker(id: number, task: WorkerTask, onMessage?: (m: WorkerMessage) => void): Worker {
  // The benchmark runs under tsx: its loader flags (in execArgv) let the worker run TypeScript.
  const child = fork(WORKER, [JSON.stringify(task)], {
    execArgv: process.execArgv,
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const messages: WorkerMessage[] = [];
  const waiting = new Map<string, ((m: WorkerMessage) => void)[]>();
  child.on('message', (raw) => {
    const message = raw as WorkerMessage;
    messages.push(message);
    onMessage?.(message);
    for (const resolve of waiting.get(message.type)?.splice(0) ?? []) resolve(message);
    if (message.type === 'error') console.error(`fleet worker ${id}: ${message.message}`);
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    id,
    child,
    messages,
    exited,
    next(type) {
      const found = messages.find((m) => m.type === type);
      if (found) return Promise.resolve(found as never);
      return new Promise((resolve, reject) => {
        const list = waiting.get(type) ?? [];
        list.push(resolve as (m: WorkerMessage) => void);
        waiting.set(type, list);
        child.once('exit', (code) =>
          reject(new Error(`fleet worker ${id} exited (${code}) before sending ${type}`)),
        );
      });
    },
  };
}

/** Starts the workers, waits until every one is ready, then tells them all to go at once. */
async function startTogether(tasks: WorkerTask[]): Promise<Worker[]> {
  const workers = tasks.map((task, i) => startWorker(i, task));
  await Promise.all(workers.map((w) => w.next('ready')));
  for (const w of workers) w.child.send('go');
  return workers;
}

const credentialsOf = (emulator: Emulator) => {
  const { tokenUrl, clientId, clientSecret } = emulator.credentials.workforce;
  return { tokenUrl, clientId, clientSecret };
};

/** One rate run: all processes with the fleet's budget, or each with its own limiter. */
async function rateRun(redis: RedisServer, withFleet: boolean) {
  const emulator = await startEmulator({
    port: 0,
    rateLimits: { limit: RATE.limit, windowSeconds: 1 },
  });
  // One prefix for the whole run: every worker must name the same budget.
  const keyPrefix = `bench-rate-${Date.now()}:`;
  try {
    const workers = await startTogether(
      Array.from({ length: RATE.processes }, (_, worker) => ({
        part: 'rate' as const,
        worker,
        fleetUrl: withFleet ? redis.url : undefined,
        keyPrefix,
        workforceUrl: emulator.urls.workforce,
        credentials: credentialsOf(emulator),
        rps: RATE.rpsEach,
        durationMs: RATE.durationMs,
        maxWaiting: RATE.maxWaiting,
      })),
    );
    const results = await Promise.all(workers.map((w) => w.next('rate')));
    await Promise.all(workers.map((w) => w.exited));
    const errors = [...new Set(results.flatMap((r) => r.errors))];
    return {
      limitedBySecond: countBySecond(results.flatMap((r) => r.limitedAtMs)),
      answerMs: results.flatMap((r) => r.answerMs),
      steady: steadyRate(
        results.flatMap((r) => r.okAtMs),
        results.flatMap((r) => r.limitedAtMs),
        RATE.limit,
        RATE.steadyFromMs,
        RATE.durationMs,
      ),
      unavailable: results.filter((r) => r.warnings.length > 0).length,
      summary: summariseRate(
        results.map((r): RateCounts => r.counts),
        RATE.limit,
        RATE.durationMs,
      ),
      errors,
    };
  } finally {
    await emulator.stop();
  }
}

/** `[second, count]` of the seconds of the run that had any. */
function countBySecond(atMs: readonly number[]): string {
  const counts = new Map<number, number>();
  for (const ms of atMs)
    counts.set(Math.floor(ms / 1000), (counts.get(Math.floor(ms / 1000)) ?? 0) + 1);
  return (
    [...counts]
      .sort((a, b) => a[0] - b[0])
      .map(([s, n]) => `${s}: ${n}`)
      .join(', ') || 'none'
  );
}

/** One token run: the token requests the emulator answered for the workforce client. */
async function tokenRun(redis: RedisServer, withFleet: boolean): Promise<number> {
  const emulator = await startEmulator({ port: 0, tokenLifetimeSeconds: TOKENS.lifetimeSeconds });
  try {
    const credentials = credentialsOf(emulator);
    // One prefix for the whole run: every worker must share the same token.
    const keyPrefix = `bench-tokens-${Date.now()}:`;
    const workers = await startTogether(
      Array.from({ length: TOKENS.processes }, (_, worker) => ({
        part: 'tokens' as const,
        worker,
        fleetUrl: withFleet ? redis.url : undefined,
        keyPrefix,
        credentials,
        everyMs: TOKENS.everyMs,
        durationMs: TOKENS.durationMs,
        tokenSkewMs: TOKENS.tokenSkewMs,
      })),
    );
    await Promise.all(workers.map((w) => w.next('tokens')));
    await Promise.all(workers.map((w) => w.exited));
    // Every issued token is recorded in the emulator's state (its snapshot): one per request.
    const issued = Object.values(emulator.snapshot().state.tokens) as { client_id: string }[];
    return issued.filter((t) => t.client_id === credentials.clientId).length;
  } finally {
    await emulator.stop();
  }
}

/** The follow run: followers, kills, and the file read back. */
async function followRun(redis: RedisServer) {
  const emulator = await startEmulator({ port: 0 });
  const dir = await mkdtemp(join(tmpdir(), 'x-bench-fleet-'));
  const file = join(dir, 'events.ndjson');
  const changes: LeaderChange[] = [];
  const kills: Kill[] = [];
  const workers: Worker[] = [];
  let leader: number | undefined;
  const task = (worker: number): WorkerTask => ({
    part: 'follow',
    worker,
    fleetUrl: redis.url,
    keyPrefix: 'bench-follow:',
    eventsUrl: emulator.urls.events,
    apiKey: emulator.credentials.events.apiKey,
    file,
    leaseName: 'tenant:export',
    ttlMs: FOLLOW.ttlMs,
    marginMs: FOLLOW.marginMs,
    pollMs: FOLLOW.pollMs,
  });
  const spawnFollower = async () => {
    const id = workers.length;
    const w = startWorker(id, task(id), (m) => {
      if (m.type !== 'lease') return;
      if (m.leader) {
        leader = id;
        changes.push({ worker: id, at: m.at });
      } else if (leader === id) leader = undefined;
    });
    workers.push(w);
    await w.next('ready');
    w.child.send('go');
  };
  const produced: string[] = [];
  try {
    for (let i = 0; i < FOLLOW.followers; i++) await spawnFollower();
    // The emulator records events at a steady pace while the leaders are killed.
    const producing = (async () => {
      while (produced.length < FOLLOW.events) {
        for (let i = 0; i < FOLLOW.batchPer100Ms && produced.length < FOLLOW.events; i++)
          produced.push(String(emulator.recordEvent({ eventType: 'USER_CHANGE' }).id));
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    })();
    const productionMs = (FOLLOW.events / FOLLOW.batchPer100Ms) * 100;
    const killEveryMs = productionMs / (FOLLOW.kills + 1);
    for (let k = 0; k < FOLLOW.kills; k++) {
      await new Promise((resolve) => setTimeout(resolve, killEveryMs));
      // Kill the follower that leads now (waiting for one, after a takeover still under way).
      while (leader === undefined) await new Promise((resolve) => setTimeout(resolve, 20));
      const victim = workers[leader]!;
      kills.push({ worker: victim.id, at: Date.now() });
      victim.child.kill('SIGKILL');
      leader = undefined;
      await victim.exited;
      // An orchestrator starts a new replica in its place: 3 followers again.
      await spawnFollower();
    }
    await producing;
    // Wait until the last leader has written every event (bounded: a stuck follower is a figure).
    const deadline = Date.now() + 3 * FOLLOW.ttlMs + 30_000;
    for (;;) {
      const text = await readFile(file, 'utf8').catch(() => '');
      if (checkFileDelivery(text, produced).missing === 0 || Date.now() > deadline) break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  } finally {
    for (const w of workers) if (w.child.exitCode === null) w.child.kill('SIGTERM');
    await Promise.all(workers.map((w) => w.exited));
    await emulator.stop();
  }
  const delivery = checkFileDelivery(await readFile(file, 'utf8').catch(() => ''), produced);
  await rm(dir, { recursive: true, force: true });
  const takeovers = summariseTakeovers(takeoverTimes(kills, changes));
  return { delivery, takeovers, produced: produced.length, kills: kills.length };
}

/** Runs one part, saying on stderr how long it took (the parts take minutes together). */
async function step<T>(name: string, part: () => Promise<T>): Promise<T> {
  const started = performance.now();
  console.error(`fleet: ${name}…`);
  const result = await part();
  console.error(`fleet: ${name}: ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return result;
}

const latency = (ms: readonly number[]) =>
  `${fmt(quantile(ms, 0.5), 0)} ms / ${fmt(quantile(ms, 0.9), 0)} ms`;
const pct = (share: number) => `${fmt(share * 100, 1)} %`;
const seconds = (ms: number) => `${fmt(ms / 1000, 1)} s`;

export async function run(): Promise<Section> {
  const redis = await startRedis();
  try {
    const rateFleet = await step('rate, fleet', () => rateRun(redis, true));
    const rateAlone = await step('rate, alone', () => rateRun(redis, false));
    const tokensFleet = await step('tokens, fleet', () => tokenRun(redis, true));
    const tokensAlone = await step('tokens, alone', () => tokenRun(redis, false));
    const follow = await step('follow', () => followRun(redis));
    const f = rateFleet.summary;
    const a = rateAlone.summary;
    const d = follow.delivery;
    const ttlPlus = FOLLOW.ttlMs + 1000;
    const exactlyOnce =
      d.duplicates === 0 && d.missing === 0 && d.torn === 0 && d.lines === follow.produced;
    return {
      id: 'fleet',
      title: '10. Fleet mode',
      method: [
        `Against a real Redis (Debian's redis-server on a loopback port, no persistence) and the emulator on a loopback port, every worker a child process.`,
        `Rate: ${RATE.processes} processes each offer ${RATE.rpsEach} user creates per second (\`workforce.users.create\`, no retries, at most ${RATE.maxWaiting} waiting per process) for ${seconds(RATE.durationMs)} against the emulator's tenant limit of ${RATE.limit} requests per second (fixed 1 s windows, RateLimit-* headers on every answer); with the fleet's shared budget, then each process with the runtime's own limiter.`,
        `Tokens: ${TOKENS.processes} processes ask their client-credentials provider for a token every ${TOKENS.everyMs} ms for ${seconds(TOKENS.durationMs)} after they are all told to start; tokens live ${TOKENS.lifetimeSeconds} s and are refreshed at half their life, so ${TOKENS.expiries} tokens cover the run; the emulator's issued tokens are counted.`,
        `Follow: ${FOLLOW.followers} followers export the tenant's events to one NDJSON file under the fleet's lease (TTL ${seconds(FOLLOW.ttlMs)}, \`@x/fleet\`'s default; each pass from the committed checkpoint, the file cut back to its offset), while the emulator records ${FOLLOW.events.toLocaleString('en-US')} events; the leader is killed with SIGKILL ${FOLLOW.kills} times (a new follower started in its place); the file is then read back. Takeover: from the kill to another follower leading.`,
      ].join(' '),
      figures: [
        figure(
          `rate, fleet: 429s / accepted / use of the limit`,
          `${f.limited} / ${f.ok} (${fmt(f.acceptedPerSecond, 1)}/s) / ${pct(f.useOfLimit)}`,
          '0 / — / ≥ 90 %',
          f.limited === 0 && f.useOfLimit >= 0.9,
        ),
        figure(
          `rate, each process alone: 429s / accepted / use of the limit`,
          `${a.limited} / ${a.ok} (${fmt(a.acceptedPerSecond, 1)}/s) / ${pct(a.useOfLimit)}`,
        ),
        figure(
          `rate, after the first ${seconds(RATE.steadyFromMs)}: 429s / use of the limit (fleet; alone)`,
          `${rateFleet.steady.limited} / ${pct(rateFleet.steady.useOfLimit)}; ${rateAlone.steady.limited} / ${pct(rateAlone.steady.useOfLimit)}`,
        ),
        figure(
          'rate: creates offered / not sent (fleet; alone)',
          `${f.offered} / ${f.notSent}; ${a.offered} / ${a.notSent}`,
        ),
        figure(
          `tokens over ${TOKENS.expiries} expiries, ${TOKENS.processes} processes: fleet / alone`,
          `${tokensFleet} / ${tokensAlone}`,
          `${TOKENS.expiries} / ${TOKENS.expiries * TOKENS.processes}`,
          tokensFleet === TOKENS.expiries && tokensAlone === TOKENS.expiries * TOKENS.processes,
        ),
        figure(
          'follow: events in the file / duplicates / missing / torn lines',
          `${d.lines} of ${follow.produced} / ${d.duplicates} / ${d.missing} / ${d.torn}`,
          'every event once',
          exactlyOnce,
        ),
        figure(
          `follow: takeover after ${follow.kills} SIGKILLs, max / median`,
          `${seconds(follow.takeovers.maxMs)} / ${seconds(follow.takeovers.medianMs)}${follow.takeovers.missed ? ` (${follow.takeovers.missed} not taken over)` : ''}`,
          `≤ ${seconds(ttlPlus)} (TTL + 1 s)`,
          follow.takeovers.missed === 0 && follow.takeovers.maxMs <= ttlPlus,
        ),
      ],
      notes: [
        `Rate: time from a create going out to its answer being read (what the budget learns each window from), median / 90th percentile: with the fleet ${latency(rateFleet.answerMs)}; each process alone ${latency(rateAlone.answerMs)}. The tenant's window is 1 s.`,
        `Rate, fleet: ${rateFleet.unavailable} of ${RATE.processes} processes warned that Redis was unavailable (a command timed out: the machine's load) and ran on their own limits until it answered again.`,
        `Rate: 429s by second of the run (second: count): with the fleet ${rateFleet.limitedBySecond}; each process alone ${rateAlone.limitedBySecond}.`,
        "The machine has 2 cores, shared with other jobs during the run (load averages below): the rate figures depend on how promptly answers come. RateLimit-Reset is whole seconds (1 on every answer of a 1 s window), so the budget bounds a window's end by its first answer plus the reset, a round trip after the server's end; when that costs more than one request of the window, the last request of each window goes alone once the window may have ended, and its answer, the first of the next window, lets that window's budget go (see the package README). A cold fleet whose first answer (its token request included) comes later than `learningMs` lets what it held go at once, and a process whose Redis command times out runs on its own limits meanwhile: both would show as 429s in the first seconds.",
        ...(QUICK ? ['A quick run (`--quick`): shorter than the recorded figures.'] : []),
        ...(rateFleet.errors.length
          ? [`Rate, fleet: other failures: ${rateFleet.errors.join('; ')}`]
          : []),
        ...(rateAlone.errors.length
          ? [`Rate, alone: other failures: ${rateAlone.errors.join('; ')}`]
          : []),
      ],
    };
  } finally {
    await redis.stop();
  }
}

await runStandalone(import.meta.url, run);
