// The `lease` option of `follow` and `export` is checked before anything is polled or opened.
import { staticToken } from '@x/auth';
import { createEventsClient, type FollowerLease } from '@x/events';
import { ValidationError } from '@x/runtime';
import { describe, expect, it } from 'vitest';

const events = createEventsClient({ baseUrl: 'http://127.0.0.1:9', auth: staticToken('k') });

/** A lease whose every method fails the test if called: only its shape is checked here. */
function unusedLease(ttlMs: number, marginMs: number): FollowerLease {
  const never = () => {
    throw new Error('the lease was used');
  };
  return {
    ttlMs,
    marginMs,
    now: never,
    wait: never,
    acquire: never,
    renew: never,
    commit: never,
    release: never,
  };
}

describe('the lease option', () => {
  it('follow refuses an object that is not a FollowerLease', async () => {
    const tail = events.follow({ lease: {} as FollowerLease });
    await expect(tail.next()).rejects.toThrow(ValidationError);
    await expect(events.follow({ lease: {} as FollowerLease }).next()).rejects.toThrow(/lease/);
  });

  it('refuses a margin of half the TTL or more (two leaders could overlap)', async () => {
    await expect(events.follow({ lease: unusedLease(1000, 500) }).next()).rejects.toThrow(
      ValidationError,
    );
    await expect(
      events.export({ to: new WritableStream(), lease: unusedLease(1000, 600) }),
    ).rejects.toThrow(ValidationError);
  });
});
