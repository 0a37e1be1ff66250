// The list's parameters are checked before anything is sent, each refusal naming the parameter
// by its wire name (`page_size`, `actor[1]` for an item of a list); 0.2's camelCase names are
// deprecated aliases, refused under their wire name.
import { createEventsClient, type EventListParams, queryText, toMillis } from '@x/events';
import { ValidationError } from '@x/runtime';
import { refusalsOf } from '@x/testing';
import { describe, expect, it } from 'vitest';

const sent: string[] = [];
const events = createEventsClient({
  baseUrl: 'https://events.example.test',
  fetch: async (request) => {
    sent.push(request.url);
    throw new Error('nothing may be sent');
  },
  retry: false,
});

/** The field of the ValidationError that `list(params)` throws. */
async function refusedField(params: unknown): Promise<string> {
  const list = () => events.list(params as EventListParams);
  expect(list).not.toThrow();
  const { awaited, iterated } = await refusalsOf(list);
  expect(awaited).toBeInstanceOf(ValidationError);
  expect(iterated).toBeInstanceOf(ValidationError);
  return (awaited as ValidationError).field;
}

describe('list parameters', () => {
  it.each([
    ['params', 'not an object'],
    ['params', ['an', 'array']],
    ['params', null],
    ['start_time', { start_time: -1 }],
    ['start_time', { start_time: 1.5 }],
    ['start_time', { start_time: new Date('nope') }],
    ['start_time', { start_time: 'yesterday' }],
    ['start_time', { start_time: '2026-11-01T08:00:00' }], // no time zone: whose local time?
    ['start_time', { start_time: '2026-02-30' }], // no such day
    ['start_time', { start_time: 5, end_time: 4 }],
    ['end_time', { end_time: Number.NaN }],
    ['end_time', { end_time: '2026-11-01T25:00:00Z' }],
    ['ordering', { ordering: 'up' }],
    ['page_size', { page_size: 0 }],
    ['page_size', { page_size: 1001 }],
    ['page_size', { page_size: 2.5 }],
    ['page_size', { page_size: '10' }],
    ['cursor', { cursor: 5 }],
    ['event_type', { event_type: 42 }],
    ['event_type[1]', { event_type: ['USER_CHANGE', ''] }],
    ['actor[0]', { actor: [42] }],
    ['actor', { actor: '' }],
    ['outcome[0]', { outcome: [null] }],
    ['emitting_service', { emitting_service: {} }],
    ['correlation_id[2]', { correlation_id: ['a', 'b', 7] }],
    ['query_text', { query_text: 7 }],
    ['include_not_attested', { include_not_attested: 'yes' }],
    ['pageSize', { pageSize: 10, page_size: 10 }],
    ['unknown', { unknown: 1 }],
    ['page', { page: 1 }],
  ])('refuses a bad %s before sending', async (field, params) => {
    expect(await refusedField(params)).toBe(field);
    expect(sent).toEqual([]);
  });

  it('names a deprecated alias by its wire name when its value is bad', async () => {
    expect(await refusedField({ pageSize: 0 })).toBe('page_size');
    expect(await refusedField({ eventType: [''] })).toBe('event_type[0]');
    expect(sent).toEqual([]);
  });

  it('refuses the list options the runtime checks (maxPages, limit, prefetch)', async () => {
    await expect(events.list({}, { maxPages: 0 })).rejects.toThrow(/^maxPages: /);
    await expect(events.list({}, { limit: 1.5 })).rejects.toThrow(/^limit: /);
    await expect(events.list({}, { prefetch: 'yes' as unknown as boolean })).rejects.toThrow(
      /^prefetch: /,
    );
    expect(sent).toEqual([]);
  });

  it('a query text builder that throws names queryText (the builder throws, before list is called)', () => {
    expect(() => events.list({ query_text: queryText.all('a\nb') })).toThrow(/^queryText: /);
  });
});

describe('toMillis', () => {
  it('reads epoch ms, Dates and ISO 8601 texts with a zone (a date alone is UTC)', () => {
    expect(toMillis(1_795_132_800_000, 'x')).toBe(1_795_132_800_000);
    expect(toMillis(new Date(1_795_132_800_000), 'x')).toBe(1_795_132_800_000);
    expect(toMillis('2026-11-21', 'x')).toBe(Date.UTC(2026, 10, 21));
    expect(toMillis('2026-11-21T00:00Z', 'x')).toBe(Date.UTC(2026, 10, 21));
    expect(toMillis('2026-11-21T08:30:15.250+01:00', 'x')).toBe(
      Date.UTC(2026, 10, 21, 7, 30, 15, 250),
    );
    expect(toMillis('1970-01-01T00:00:00Z', 'x')).toBe(0);
    expect(() => toMillis('1969-12-31T23:59:59Z', 'startTime')).toThrow(/^startTime: /);
    expect(() => toMillis('2026-11-21 08:30Z', 'x')).toThrow(ValidationError);
  });
});
