/**
 * A promise's outcome, captured so that a rejection is never unhandled: `done`, then `value` or
 * `error`, readable at any time; `settled` resolves once it is done.
 */
export function capture<T>(promise: Promise<T>) {
  const state: { done: boolean; value?: T; error?: unknown } = { done: false };
  const settled = promise.then(
    (value) => {
      state.done = true;
      state.value = value;
    },
    (error: unknown) => {
      state.done = true;
      state.error = error;
    },
  );
  return Object.assign(state, { settled });
}
