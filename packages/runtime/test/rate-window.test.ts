// The limiter's estimate of the server's window, as a pure function of what the answers said and
// when: one table row per situation, no timers.
import { describe, expect, it } from 'vitest';
import { RateWindow, UNKNOWN_RESET_MS } from '../src/transport/rate-window.js';

type Step =
  | {
      record: [
        remaining: number,
        resetSeconds: number,
        sentAt: number,
        now: number,
        inFlight?: number,
      ];
    }
  | { block: [ms: number, now: number] }
  | { take: true };

const rows: {
  name: string;
  steps: Step[];
  at: number;
  inFlight?: number;
  wait: number | undefined;
  remaining?: number | undefined;
}[] = [
  { name: 'no answer yet: no limit known, go', steps: [], at: 0, wait: undefined },
  {
    name: 'budget left: go',
    steps: [{ record: [3, 10, 0, 100] }],
    at: 200,
    wait: undefined,
    remaining: 3,
  },
  {
    name: 'budget spent: wait until the latest end of the window (arrival + reset)',
    steps: [{ record: [0, 10, 0, 100] }],
    at: 200,
    wait: 10_100 - 200,
  },
  {
    name: 'requests still in flight were counted after the answer: they use the budget',
    steps: [{ record: [2, 10, 0, 100, 2] }],
    at: 200,
    wait: 10_100 - 200,
    remaining: 0,
  },
  {
    name: 'of answers of one window the earliest end is kept (a late reader does not push it out)',
    steps: [{ record: [1, 10, 0, 100] }, { record: [0, 10, 50, 3_000] }],
    at: 3_000,
    wait: 10_100 - 3_000,
  },
  {
    name: 'an answer counted after the known end follows the newer window',
    steps: [{ record: [0, 1, 0, 100] }, { record: [0, 1, 1_200, 1_300] }],
    at: 1_300,
    wait: 2_300 - 1_300,
  },
  {
    name: 'a whole-second reset is rounded up: a later request of the same window keeps its end',
    // The first answer's window ends at 1_100 at the latest; the second request went out at 200,
    // before that end, and its reset of 1 s says the same window (it may end up to 1 s sooner).
    steps: [{ record: [5, 1, 0, 100] }, { record: [0, 1, 200, 300] }],
    at: 1_100,
    wait: undefined,
  },
  {
    name: 'out of order: an earlier, larger remaining does not raise the budget again',
    steps: [{ record: [0, 10, 0, 100] }, { record: [5, 10, 0, 150] }],
    at: 200,
    wait: 10_100 - 200,
  },
  {
    name: 'after the end passes, the limit applies again',
    steps: [{ record: [0, 1, 0, 100] }],
    at: 1_100,
    wait: undefined,
  },
  {
    name: 'a 429 blocks for its reset',
    steps: [{ block: [5_000, 1_000] }],
    at: 1_000,
    wait: 5_000,
  },
  {
    name: 'budget spent with the end unknown and requests in flight: wait the default',
    steps: [{ block: [0, 0] }],
    at: 0,
    inFlight: 1,
    wait: UNKNOWN_RESET_MS,
  },
];

describe('RateWindow', () => {
  it.each(rows)('$name', (row) => {
    const w = new RateWindow();
    for (const step of row.steps) {
      if ('record' in step) {
        const [remaining, reset, sentAt, now, inFlight = 0] = step.record;
        w.record(remaining, reset, sentAt, now, inFlight);
      } else if ('block' in step) w.block(...step.block);
      else w.take();
    }
    expect(w.waitFor(row.at, Number.POSITIVE_INFINITY, row.inFlight ?? 0)).toBe(row.wait);
    if ('remaining' in row) expect(w.remaining).toBe(row.remaining);
  });

  it('a wait longer than the caller accepts is not made', () => {
    const w = new RateWindow();
    w.record(0, 60, 0, 0, 0);
    expect(w.waitFor(0, 1_000, 0)).toBeUndefined();
    expect(w.waitFor(0, 60_000, 0)).toBe(60_000);
  });
});
