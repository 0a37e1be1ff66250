import { vi } from 'vitest';

/** Lets pending promise chains run under fake timers without moving the clock. */
export async function settle(rounds = 25): Promise<void> {
  for (let i = 0; i < rounds; i++) await vi.advanceTimersByTimeAsync(0);
}

/** A promise's outcome, captured so that a rejection is never unhandled. */
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
