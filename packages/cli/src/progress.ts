// Progress on stderr for long work: a bar with the count, the rate and the time left, drawn only
// when stderr is a terminal (and NO_COLOR is unset), so pipes and log files never get escape codes.
import cliProgress from 'cli-progress';
import { type Io, progressOn } from './io.js';

/** A progress display: a bar on a terminal, nothing otherwise. */
export interface Progress {
  /** Moves to `value` (of `total`), with a text for `{detail}`. */
  update(value: number, detail?: string): void;
  setTotal(total: number): void;
  /** Removes nothing: leaves the final bar on its line and moves below it. */
  stop(): void;
}

const NONE: Progress = { update() {}, setTotal() {}, stop() {} };

/**
 * A bar on stderr when it is a terminal: count of total, rate and time left.
 * @param options.unit what is counted (`items`, `rows`)
 */
export function createProgress(
  io: Io,
  options: {
    total: number;
    unit: string;
    label?: string | undefined;
    /** Where the count starts: what an earlier run did already. */
    start?: number | undefined;
    /** Remove the bar when done (a list's result follows it). */
    clearOnComplete?: boolean | undefined;
  },
): Progress {
  if (!progressOn(io)) return NONE;
  const started = Date.now();
  const counted = '{value}/{total} {unit}';
  const bar = new cliProgress.SingleBar(
    {
      stream: io.stderr as NodeJS.WritableStream,
      format: `${options.label ? `${options.label} ` : ''}{bar} {percentage}% | ${counted} | {rate}/s | ETA {eta_formatted}{detail}`,
      hideCursor: true,
      clearOnComplete: options.clearOnComplete === true,
      etaBuffer: 50,
      fps: 10,
      barsize: 24,
    },
    cliProgress.Presets.shades_classic,
  );
  let count = 0;
  // Work done by an earlier run (a resumed import) is not part of this run's rate.
  const base = options.start ?? 0;
  const payload = (detail: string | undefined) => {
    const seconds = Math.max((Date.now() - started) / 1000, 0.001);
    const rate = (count - base) / seconds;
    return {
      unit: options.unit,
      count,
      rate: rate.toFixed(rate < 10 ? 1 : 0),
      detail: detail ? ` | ${detail}` : '',
    };
  };
  count = options.start ?? 0;
  bar.start(options.total, count, payload(undefined));
  return {
    update(value, detail) {
      count = value;
      bar.update(value, payload(detail));
    },
    setTotal(total) {
      bar.setTotal(total);
    },
    stop() {
      bar.stop();
    },
  };
}

/** A bar for work measured as a share of a whole (a time window), with items done and their rate. */
export interface ShareProgress {
  /** `share` of the whole is done (0 to 1), `count` items so far. */
  update(share: number, count: number): void;
  stop(): void;
}

/** A share-of-the-whole bar on stderr when it is a terminal. */
export function createShareProgress(io: Io, unit: string, label: string): ShareProgress {
  if (!progressOn(io)) return { update(_share: number, _count: number) {}, stop() {} };
  const started = Date.now();
  const bar = new cliProgress.SingleBar(
    {
      stream: io.stderr as NodeJS.WritableStream,
      format: `${label} {bar} {percentage}% of the window | {count} ${unit} | {rate} ${unit}/s | ETA {left}`,
      hideCursor: true,
      clearOnComplete: false,
      etaBuffer: 20,
      fps: 10,
      barsize: 24,
    },
    cliProgress.Presets.shades_classic,
  );
  bar.start(1000, 0, { count: 0, rate: '0', left: '-' });
  let first: { share: number; at: number } | undefined;
  return {
    update(share: number, count: number) {
      const now = Date.now();
      const seconds = Math.max((now - started) / 1000, 0.001);
      const s = Math.min(Math.max(share, 0), 1);
      // Time left from the pace of the window since the first report (a resumed export starts
      // part way, so the elapsed time alone would say too little).
      first ??= { share: s, at: now };
      const pace = (s - first.share) / Math.max(now - first.at, 1);
      const left = s >= 1 ? '0s' : pace > 0 ? duration((1 - s) / pace) : '-';
      bar.update(Math.round(s * 1000), { count, rate: (count / seconds).toFixed(0), left });
    },
    stop() {
      bar.stop();
    },
  };
}

/** Milliseconds as `45s`, `3m20s`, `2h05m`. */
function duration(ms: number): string {
  const s = Math.round(ms / 1000);
  if (s < 60) return `${s}s`;
  if (s < 3600) return `${Math.floor(s / 60)}m${String(s % 60).padStart(2, '0')}s`;
  return `${Math.floor(s / 3600)}h${String(Math.floor((s % 3600) / 60)).padStart(2, '0')}m`;
}
