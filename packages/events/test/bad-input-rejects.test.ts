// Bad input never throws from a call: `list`, `follow` and `export`, given arguments a careless or
// untyped caller passes, return; the refusal surfaces when the result is awaited or iterated (a
// list rejects on its first await or `next()`, a tail on its first `next()`).
import { createEventsClient, ValidationError } from '@x/events';
import { publicCalls, refusalsOf } from '@x/testing';
import { describe, expect, it } from 'vitest';

const sent: unknown[] = [];
const events = createEventsClient({
  baseUrl: 'http://127.0.0.1:9',
  retry: false,
  fetch: async (request) => {
    sent.push(request);
    throw new Error('nothing should be sent');
  },
});

// What a careless caller passes. An empty call is valid (it would list or tail everything).
const JUNK: unknown[][] = [
  [''],
  [null],
  [{ page_size: -1 }],
  [{}, { maxPages: 0 }],
  [{ start_time: 'yesterday' }],
  [{ to: 'x', page_size: 0 }],
];

// A rejected call nobody awaits must not be reported as unhandled; a list is not fetched.
const settle = (result: unknown) => {
  if (result instanceof Promise) result.catch(() => undefined);
};

describe('bad input rejects, never throws', () => {
  const calls = publicCalls(events);

  it('finds the public calls', () => {
    expect(calls.map((c) => c.path)).toEqual(expect.arrayContaining(['list', 'follow', 'export']));
  });

  it.each(calls.map((c) => [c.path, c] as const))('%s returns for any arguments', (_p, c) => {
    for (const args of JUNK) expect(() => settle(c.call(...args))).not.toThrow();
  });

  it.each([
    ['list', () => events.list({ page_size: 0 })],
    ['list options', () => events.list({}, { limit: -1 })],
    ['list cursor', () => events.list({ cursor: 5 as never })],
    ['follow', () => events.follow({ page_size: 1001 })],
    ['follow checkpoint', () => events.follow({ checkpoint: 'not json' })],
    ['export', () => events.export({ to: 'x', page_size: 0 })],
  ])('%s rejects with ValidationError on await or on for await', async (name, call) => {
    expect(() => settle(call())).not.toThrow();
    const { awaited, iterated } = await refusalsOf(call);
    // A list is both; a tail is iterated only; an export is awaited only.
    if (!name.startsWith('follow')) expect(awaited).toBeInstanceOf(ValidationError);
    if (!name.startsWith('export')) expect(iterated).toBeInstanceOf(ValidationError);
    expect(sent).toHaveLength(0);
  });
});
