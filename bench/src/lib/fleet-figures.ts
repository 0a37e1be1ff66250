// The arithmetic of the fleet benchmark (bench/src/fleet.ts), apart from its processes so that it
// is tested on its own (bench/test/fleet-figures.test.ts): what the workers counted, summed; how
// many lines a file target holds, once each or not; how long each takeover took.
import { median } from './report.js';

/** What one worker of the rate run counted. */
export interface RateCounts {
  /** Creates offered by the worker's schedule (its share of the offered rate). */
  offered: number;
  /** Answered 2xx. */
  ok: number;
  /** Answered 429. */
  limited: number;
  /** Failed otherwise (a connection, a timeout, another status). */
  failed: number;
  /** Not sent: the worker had its most requests waiting already, or the run ended first. */
  notSent: number;
}

/** The rate run of all workers against a tenant limit of `limit` requests per second. */
export interface RateSummary extends RateCounts {
  /** Accepted requests per second over the run. */
  acceptedPerSecond: number;
  /** Accepted requests as a share of what the limit allows in the run (0..1). */
  useOfLimit: number;
}

export function summariseRate(
  workers: readonly RateCounts[],
  limit: number,
  durationMs: number,
): RateSummary {
  const sum = (key: keyof RateCounts) => workers.reduce((total, w) => total + w[key], 0);
  const ok = sum('ok');
  const seconds = durationMs / 1000;
  return {
    offered: sum('offered'),
    ok,
    limited: sum('limited'),
    failed: sum('failed'),
    notSent: sum('notSent'),
    acceptedPerSecond: ok / seconds,
    useOfLimit: ok / (limit * seconds),
  };
}

/** The rate run past its cold start: what was accepted and refused from `fromMs` to `toMs`. */
export interface SteadyRate {
  ok: number;
  limited: number;
  /** Accepted as a share of what the limit allows in that span (0..1). */
  useOfLimit: number;
}

/**
 * The answers (times in ms from the start of the run) from `fromMs` to `toMs`: a fleet's first
 * seconds (the first token, learning the limit, processes still starting) apart from the rest.
 */
export function steadyRate(
  okAtMs: readonly number[],
  limitedAtMs: readonly number[],
  limit: number,
  fromMs: number,
  toMs: number,
): SteadyRate {
  const within = (at: number) => at >= fromMs && at < toMs;
  const ok = okAtMs.filter(within).length;
  return {
    ok,
    limited: limitedAtMs.filter(within).length,
    useOfLimit: ok / ((limit * (toMs - fromMs)) / 1000),
  };
}

/** How the events of a run ended up in an NDJSON file target. */
export interface FileDelivery {
  /** Complete lines in the file. */
  lines: number;
  /** Distinct event ids among them. */
  distinct: number;
  /** Lines whose event id came earlier in the file too. */
  duplicates: number;
  /** Events produced that are not in the file. */
  missing: number;
  /** Lines that are not a JSON event with an id (a cut-off write), and a last line without `\n`. */
  torn: number;
}

/** Reads `text` (NDJSON of events) against the ids of the events that were produced. */
export function checkFileDelivery(text: string, produced: Iterable<string>): FileDelivery {
  const parts = text.split('\n');
  const unterminated = parts.pop() ?? '';
  const seen = new Set<string>();
  let lines = 0;
  let duplicates = 0;
  let torn = unterminated === '' ? 0 : 1;
  for (const line of parts) {
    const id = eventId(line);
    if (id === undefined) {
      torn++;
      continue;
    }
    lines++;
    if (seen.has(id)) duplicates++;
    else seen.add(id);
  }
  let missing = 0;
  for (const id of produced) if (!seen.has(id)) missing++;
  return { lines, distinct: seen.size, duplicates, missing, torn };
}

function eventId(line: string): string | undefined {
  try {
    const value = JSON.parse(line) as { id?: unknown };
    return typeof value?.id === 'string' ? value.id : undefined;
  } catch {
    return undefined;
  }
}

/** A follower became the leader (epoch ms of its own clock: one machine, one clock). */
export interface LeaderChange {
  worker: number;
  at: number;
}

/** A leader was killed. */
export interface Kill {
  worker: number;
  at: number;
}

/**
 * For each kill, the time until another worker led: the first change to a worker other than the
 * killed one at or after the kill. Undefined for a kill nobody took over from (yet).
 */
export function takeoverTimes(
  kills: readonly Kill[],
  changes: readonly LeaderChange[],
): (number | undefined)[] {
  const ordered = [...changes].sort((a, b) => a.at - b.at);
  return kills.map((kill) => {
    const next = ordered.find((change) => change.at >= kill.at && change.worker !== kill.worker);
    return next === undefined ? undefined : next.at - kill.at;
  });
}

/** Maximum and median of the takeovers that happened, and how many did not. */
export function summariseTakeovers(times: readonly (number | undefined)[]): {
  maxMs: number;
  medianMs: number;
  missed: number;
} {
  const done = times.filter((t): t is number => t !== undefined);
  return {
    maxMs: done.length ? Math.max(...done) : Number.NaN,
    medianMs: median(done),
    missed: times.length - done.length,
  };
}
