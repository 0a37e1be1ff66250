// Waits that the caller's signal ends at once, with an AbortError that says which call it ended.
import { AbortError, type RequestContext } from '../core/errors.js';

/** The reason the caller's signal gave, as an AbortError of `request`. */
export function abortErrorFrom(signal: AbortSignal, request?: RequestContext): AbortError {
  return new AbortError('the call was aborted', { request, cause: signal.reason });
}

/** Waits `ms`, rejecting with AbortError as soon as the signal fires. */
export function sleep(ms: number, signal?: AbortSignal, request?: RequestContext): Promise<void> {
  if (signal?.aborted) return Promise.reject(abortErrorFrom(signal, request));
  if (ms <= 0) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const onAbort = () => {
      clearTimeout(timer);
      reject(abortErrorFrom(signal!, request));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/** Waits for a promise, rejecting with AbortError as soon as the signal fires. */
export function abortable<T>(
  promise: Promise<T>,
  signal?: AbortSignal,
  request?: RequestContext,
): Promise<T> {
  if (!signal) return promise;
  if (signal.aborted) {
    // Nobody waits for `promise` any more: its own failure must not surface as an unhandled
    // rejection (which ends a Node process).
    promise.catch(() => undefined);
    return Promise.reject(abortErrorFrom(signal, request));
  }
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(abortErrorFrom(signal, request));
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}
