import { vi } from 'vitest';

/** Lets pending promise chains run under fake timers without moving the clock. */
export async function settle(rounds = 25): Promise<void> {
  for (let i = 0; i < rounds; i++) await vi.advanceTimersByTimeAsync(0);
}
