// How a call refuses bad input, seen the three ways a caller can meet it: while calling, while
// awaiting the result, and while iterating it (a list or a tail). A call of the SDK must never
// throw while calling: its refusal surfaces when the result is awaited or iterated.

/** What each of the three ways met: the error, or undefined when it went through. */
export interface Refusals {
  /** Thrown by the call itself (synchronously): undefined for every SDK call. */
  readonly thrown: unknown;
  /** The rejection of awaiting the result (undefined for a result that cannot be awaited). */
  readonly awaited: unknown;
  /** The rejection of `for await` over a second result (undefined for one that cannot be iterated). */
  readonly iterated: unknown;
}

/**
 * Makes the call three times: once to see whether it throws, once to await its result, once to
 * iterate it (its first item).
 */
export async function refusalsOf(call: () => unknown): Promise<Refusals> {
  let thrown: unknown;
  try {
    settleQuietly(call());
  } catch (error) {
    thrown = error;
  }
  if (thrown !== undefined) return { thrown, awaited: undefined, iterated: undefined };
  let awaited: unknown;
  const result = call();
  if (isThenable(result))
    try {
      await result;
    } catch (error) {
      awaited = error ?? 'rejected without a reason';
    }
  let iterated: unknown;
  const again = call();
  if (isIterable(again))
    try {
      for await (const _ of again) break;
    } catch (error) {
      iterated = error ?? 'rejected without a reason';
    }
  else settleQuietly(again);
  return { thrown, awaited, iterated };
}

// A rejected promise nobody awaits would be reported as unhandled: this one is looked at only
// through another call. A list is left alone (awaiting it would fetch).
function settleQuietly(result: unknown): void {
  if (isThenable(result) && !isIterable(result)) result.then(undefined, () => undefined);
}

function isIterable(value: unknown): value is AsyncIterable<unknown> {
  return typeof value === 'object' && value !== null && Symbol.asyncIterator in value;
}

function isThenable(value: unknown): value is PromiseLike<unknown> {
  return (
    (typeof value === 'object' || typeof value === 'function') &&
    value !== null &&
    typeof (value as { then?: unknown }).then === 'function'
  );
}
