// The list's parameters are checked before anything is sent, each refusal naming the parameter
// the way it is written (camelCase, `actor[1]` for an item of a list).
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
    ['startTime', { startTime: -1 }],
    ['startTime', { startTime: 1.5 }],
    ['startTime', { startTime: new Date('nope') }],
    ['startTime', { startTime: 'yesterday' }],
    ['startTime', { startTime: '2026-11-01T08:00:00' }], // no time zone: whose local time?
    ['startTime', { startTime: '2026-02-30' }], // no such day
    ['startTime', { startTime: 5, endTime: 4 }],
    ['endTime', { endTime: Number.NaN }],
    ['endTime', { endTime: '2026-11-01T25:00:00Z' }],
    ['ordering', { ordering: 'up' }],
    ['pageSize', { pageSize: 0 }],
    ['pageSize', { pageSize: 1001 }],
    ['pageSize', { pageSize: 2.5 }],
    ['pageSize', { pageSize: '10' }],
    ['cursor', { cursor: 5 }],
    ['eventType', { eventType: 42 }],
    ['eventType[1]', { eventType: ['USER_CHANGE', ''] }],
    ['actor[0]', { actor: [42] }],
    ['actor', { actor: '' }],
    ['outcome[0]', { outcome: [null] }],
    ['emittingService', { emittingService: {} }],
    ['correlationId[2]', { correlationId: ['a', 'b', 7] }],
    ['queryText', { queryText: 7 }],
    ['includeNotAttested', { includeNotAttested: 'yes' }],
    ['page_size', { page_size: 10 }],
    ['start_time', { start_time: 0 }],
    ['unknown', { unknown: 1 }],
  ])('refuses a bad %s before sending', async (field, params) => {
    expect(await refusedField(params)).toBe(field);
    expect(sent).toEqual([]);
  });

  it('points 0.1 names at their new ones', async () => {
    await expect(events.list({ page_size: 10 } as EventListParams)).rejects.toThrow(
      /^page_size: is the 0.1 name of this parameter: use pageSize$/,
    );
    await expect(events.list({ include_not_attested: true } as EventListParams)).rejects.toThrow(
      /use includeNotAttested/,
    );
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
    expect(() => events.list({ queryText: queryText.all('a\nb') })).toThrow(/^queryText: /);
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
