// A small abortable wait: resolves true after `ms`, or false as soon as the signal aborts.
// It never leaves a timer or a listener behind.

/** Waits `ms` milliseconds; resolves false at once if the signal aborts (before or during). */
export function waitFor(ms: number, signal?: AbortSignal): Promise<boolean> {
  if (signal?.aborted) return Promise.resolve(false);
  return new Promise((resolve) => {
    const onAbort = () => {
      clearTimeout(timer);
      resolve(false);
    };
    const timer = setTimeout(
      () => {
        signal?.removeEventListener('abort', onAbort);
        resolve(true);
      },
      Math.max(0, ms),
    );
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
