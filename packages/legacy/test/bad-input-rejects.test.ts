// Bad input never throws from a call: `users.create` and `users.recover`, given arguments a
// careless or untyped caller passes, return; the refusal surfaces when the result is awaited.
import { createLegacyClient, ValidationError } from '@x/legacy';
import { publicCalls } from '@x/testing';
import { describe, expect, it } from 'vitest';

const sent: unknown[] = [];
const legacy = createLegacyClient({
  baseUrl: 'http://127.0.0.1:9',
  retry: false,
  fetch: async (request) => {
    sent.push(request);
    throw new Error('nothing should be sent');
  },
});

const JUNK: unknown[][] = [[], [''], [null], [{}], [{ external_id: '' }, null]];

describe('bad input rejects, never throws', () => {
  const calls = publicCalls(legacy);

  it.each(calls.map((c) => [c.path, c] as const))('%s rejects for bad arguments', async (_p, c) => {
    for (const args of JUNK) {
      let result: unknown;
      expect(() => {
        result = c.call(...args);
      }).not.toThrow();
      await expect(result).rejects.toBeInstanceOf(ValidationError);
    }
    expect(calls.map((x) => x.path)).toEqual(
      expect.arrayContaining(['users.create', 'users.recover']),
    );
    expect(sent).toHaveLength(0);
  });
});
