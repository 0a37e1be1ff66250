// `abortable`: a wait the caller's signal ends at once. The promise it gave up on must not turn
// into an unhandled rejection when it fails later: that ends a Node process (the fleet benchmark's
// workers died of it when a call was aborted while its token was being fetched).
import { afterEach, describe, expect, it } from 'vitest';
import { AbortError } from '../src/core/errors.js';
import { abortable } from '../src/transport/sleep.js';

const unhandled: unknown[] = [];
const onUnhandled = (reason: unknown) => unhandled.push(reason);
afterEach(() => {
  process.off('unhandledRejection', onUnhandled);
  unhandled.length = 0;
});

/** A promise that rejects with `reason` a little later. */
const failingLater = (reason: Error) =>
  new Promise<never>((_, reject) => setTimeout(() => reject(reason), 5));

/** Long enough for a rejection nobody handled to be reported. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

describe('abortable', () => {
  it('with a signal aborted before: rejects with AbortError, and the given-up promise fails quietly', async () => {
    process.on('unhandledRejection', onUnhandled);
    const controller = new AbortController();
    controller.abort();
    await expect(abortable(failingLater(new Error('late')), controller.signal)).rejects.toThrow(
      AbortError,
    );
    await settle();
    expect(unhandled).toEqual([]);
  });

  it('with a signal aborted meanwhile: the same', async () => {
    process.on('unhandledRejection', onUnhandled);
    const controller = new AbortController();
    const waiting = abortable(failingLater(new Error('late')), controller.signal);
    controller.abort();
    await expect(waiting).rejects.toThrow(AbortError);
    await settle();
    expect(unhandled).toEqual([]);
  });

  it("passes the promise's own value and failure through while the signal is quiet", async () => {
    const controller = new AbortController();
    await expect(abortable(Promise.resolve(7), controller.signal)).resolves.toBe(7);
    await expect(abortable(failingLater(new Error('own')), controller.signal)).rejects.toThrow(
      'own',
    );
  });
});
