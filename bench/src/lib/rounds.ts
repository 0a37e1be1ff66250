// Side-by-side measurement: variants run interleaved in rounds (A B C, A B C, …), the order
// rotating every round so none always runs first; after warm-up rounds, each round yields one time
// per variant and the report uses medians of per-round ratios.
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { median, quantile } from './report.js';

/** A full garbage collection on demand (the flag can be set at run time; `gc` then exists). */
let collect: (() => void) | undefined;
function fullGc(): void {
  if (!collect) {
    setFlagsFromString('--expose-gc');
    collect = runInNewContext('gc') as () => void;
  }
  collect();
}

export interface Variant {
  name: string;
  /** One unit of work; its duration is what is measured. */
  run(): Promise<unknown>;
}

export interface RoundsResult {
  /** Median time of each variant, in ms, for context. */
  medianMs: Record<string, number>;
  /** Median over rounds of time(variant) / time(reference). */
  ratio(variant: string, reference: string): number;
  /** The middle half of the per-round ratios (first and third quartiles): how much they spread. */
  spread(variant: string, reference: string): [number, number];
  times: Record<string, number[]>;
}

/**
 * `gcBefore`: a full collection (untimed) before each variant's turn, so that no variant pays for
 * the garbage the one before it left (a page of 1000 items leaves about 1 MB per call); each
 * still pays for the collections its own calls cause.
 */
export async function interleave(
  variants: readonly Variant[],
  options: { rounds: number; warmup: number; gcBefore?: boolean },
): Promise<RoundsResult> {
  const times: Record<string, number[]> = Object.fromEntries(variants.map((v) => [v.name, []]));
  for (let round = 0; round < options.warmup + options.rounds; round++) {
    for (let k = 0; k < variants.length; k++) {
      const v = variants[(round + k) % variants.length]!;
      if (options.gcBefore) fullGc();
      const started = performance.now();
      await v.run();
      const elapsed = performance.now() - started;
      if (round >= options.warmup) times[v.name]!.push(elapsed);
    }
  }
  const perRound = (variant: string, reference: string) => {
    const b = times[reference]!;
    return times[variant]!.map((t, i) => t / b[i]!);
  };
  return {
    times,
    medianMs: Object.fromEntries(Object.entries(times).map(([k, t]) => [k, median(t)])),
    ratio(variant, reference) {
      return median(perRound(variant, reference));
    },
    spread(variant, reference) {
      const ratios = perRound(variant, reference);
      return [quantile(ratios, 0.25), quantile(ratios, 0.75)];
    },
  };
}

/** Runs `fn` `count` times in sequence. */
export async function repeat(count: number, fn: () => Promise<unknown>): Promise<void> {
  for (let i = 0; i < count; i++) await fn();
}
