// The per-call measurement that sections 1 (the SDK beside its peers, overhead.ts) and 9 (the
// runtime's senders, transport.ts) share: the same three cases, in interleaved rounds, each
// reported as a ratio to one reference variant with the middle half of its per-round ratios.
import { fmt, ratio } from './report.js';
import { interleave, type RoundsResult, repeat } from './rounds.js';

/**
 * Rounds long enough that each holds the garbage collections its own calls cause, and many of
 * them, so that the median of the per-round ratios leaves out rounds hit by a burst of noise.
 */
export const PER_CALL = {
  smallCalls: 100,
  smallRounds: 41,
  pageCalls: 10,
  pageRounds: 31,
  inFlight: 64,
  flightCalls: 640,
  flightRounds: 21,
  warmup: 5,
} as const;

/** One variant's two calls: a small GET and a 1000-item page. */
export interface PerCallVariant {
  name: string;
  get(): Promise<unknown>;
  page(): Promise<unknown>;
}

/** The rounds of each case. */
export interface PerCallResults {
  /** `smallCalls` small GETs one after another. */
  small: RoundsResult;
  /** `pageCalls` pages one after another. */
  page: RoundsResult;
  /** `flightCalls` small GETs with `inFlight` of them in flight at any time. */
  flight: RoundsResult;
}

/** Runs `total` calls with `width` of them in flight at any time. */
export async function inFlight(
  width: number,
  total: number,
  call: () => Promise<unknown>,
): Promise<void> {
  let left = total;
  const lane = async () => {
    while (left-- > 0) await call();
  };
  await Promise.all(Array.from({ length: width }, lane));
}

/**
 * The three cases for every variant, interleaved, with a full garbage collection (untimed) before
 * each variant's turn, so that each pays only for the collections its own calls cause.
 */
export async function measurePerCall(variants: readonly PerCallVariant[]): Promise<PerCallResults> {
  const p = PER_CALL;
  const measure = (rounds: number, work: (v: PerCallVariant) => Promise<unknown>) =>
    interleave(
      variants.map((v) => ({ name: v.name, run: () => work(v) })),
      { rounds, warmup: p.warmup, gcBefore: true },
    );
  const small = await measure(p.smallRounds, (v) => repeat(p.smallCalls, () => v.get()));
  const page = await measure(p.pageRounds, (v) => repeat(p.pageCalls, () => v.page()));
  const flight = await measure(p.flightRounds, (v) =>
    inFlight(p.inFlight, p.flightCalls, () => v.get()),
  );
  return { small, page, flight };
}

/**
 * A ratio to `reference` with the middle half of its per-round ratios; `invert` for throughput,
 * the inverse of time (the reference's time / the variant's).
 */
export function withSpread(
  result: RoundsResult,
  variant: string,
  reference: string,
  invert = false,
): string {
  const [low, high] = result.spread(variant, reference);
  const r = result.ratio(variant, reference);
  return invert
    ? `${ratio(1 / r, 2)} (middle half of rounds ${fmt(1 / high, 2)}–${fmt(1 / low, 2)})`
    : `${ratio(r)} (middle half of rounds ${fmt(low, 3)}–${fmt(high, 3)})`;
}
