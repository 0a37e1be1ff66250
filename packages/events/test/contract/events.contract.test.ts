// Contract tests against a Prism mock started from specs/events.yaml (see tools/mock).
// Prism runs with --errors: a request that breaks the spec gets an error response, and
// `sl-violations` would name any rule it broke, so a clean 200 means the SDK sent a valid request.
import { staticToken } from '@x/auth';
import { createEventsClient, parseCheckpoint, queryText } from '@x/events';
import { exampleFor } from '@x/mock';
// Brings in the typing of `inject('mockUrls')` provided by the contract project's global setup.
import type {} from '@x/mock/vitest-global-setup';
import {
  ApiError,
  BadRequestError,
  ForbiddenError,
  PagingLoopError,
  UnauthorizedError,
  ValidationError,
} from '@x/runtime';
import { beforeEach, describe, expect, inject, it } from 'vitest';

const baseUrl = inject('mockUrls').events!;
const seen: Response[] = [];
const sent: URL[] = [];
const recordingFetch = async (input: Request, init?: RequestInit) => {
  sent.push(new URL(input.url));
  const response = await fetch(input, init);
  seen.push(response.clone());
  return response;
};
const events = createEventsClient({
  baseUrl,
  auth: staticToken('contract-test-key'),
  fetch: recordingFetch,
  retry: false,
});
const example = exampleFor('events', 'listEvents') as {
  message: string;
  body: { events: unknown[]; cursor?: string };
};

beforeEach(() => {
  seen.length = 0;
  sent.length = 0;
});

function expectAcceptedByPrism() {
  expect(seen).toHaveLength(1);
  expect(seen[0]!.status).toBe(200);
  expect(seen[0]!.headers.get('sl-violations')).toBeNull();
}

const everyParameter = {
  start_time: new Date(1_795_132_800_000),
  end_time: 1_795_219_200_000,
  page_size: 100,
  ordering: 'asc',
  cursor: 'eyJyIjoxNzk1MTgzOTY1NzAxLCJpIjoiNmI0ZDE2YzIifQ',
  event_type: ['USER_CHANGE', 'POLICY_CHANGE'],
  actor: 'Ada Lovelace',
  outcome: ['SUCCESS'],
  emitting_service: ['directory'],
  correlation_id: ['c6f1d0a4-2b8e-4f7a-9d35-0e1b7a4c9f62'],
  query_text: queryText.any('ada', 'grace').not('test'),
  include_not_attested: true,
} as const;

/** The first page of a list, or what it was rejected with. */
const firstPageOrError = (list: PromiseLike<unknown>) =>
  Promise.resolve(list).catch((e: unknown) => e);

describe('events.list first page (GET /v1/events)', () => {
  it('sends a request Prism accepts and returns the spec example', async () => {
    const page = await events.list();
    expectAcceptedByPrism();
    expect(page.items).toEqual(example.body.events);
    expect(page.next).toBe(example.body.cursor);
    expect(page.raw).toEqual(example);
    expect(page.raw.message).toBe(example.message);
    expect(page.response.status).toBe(200);
    expect(sent[0]!.searchParams.get('ordering')).toBe('desc');
  });

  it('sends every query parameter once, in a valid form, and Prism accepts them', async () => {
    await events.list(everyParameter);
    expectAcceptedByPrism();
    const q = sent[0]!.searchParams;
    expect(q.get('start_time')).toBe('1795132800000');
    expect(q.get('end_time')).toBe('1795219200000');
    expect(q.get('page_size')).toBe('100');
    expect(q.get('ordering')).toBe('asc');
    expect(q.get('cursor')).toBe(everyParameter.cursor);
    expect(q.getAll('event_type')).toEqual(['USER_CHANGE', 'POLICY_CHANGE']);
    expect(q.get('actor')).toBe('Ada Lovelace');
    expect(q.get('outcome')).toBe('SUCCESS');
    expect(q.get('emitting_service')).toBe('directory');
    expect(q.get('correlation_id')).toBe(everyParameter.correlation_id[0]);
    expect(q.get('query_text')).toBe('"ada" OR "grace" -"test"');
    expect(q.get('include_not_attested')).toBe('true');
    const names = [...q.keys()].filter((k) => k !== 'event_type');
    expect(new Set(names).size).toBe(names.length);
    expect(new Set(q.keys()).size).toBe(12);
  });

  it.each([
    ['start_time', { start_time: 1_795_132_800_000 }],
    ['end_time', { end_time: new Date(1_795_219_200_000) }],
    ['page_size', { page_size: 1000 }],
    ['ordering', { ordering: 'asc' as const }],
    ['cursor', { cursor: 'abc' }],
    ['event_type', { event_type: 'USER_AUTHENTICATION' }],
    ['actor', { actor: ['Grace Hopper'] }],
    ['outcome', { outcome: 'SUCCESS' }],
    ['emitting_service', { emitting_service: 'policy' }],
    ['correlation_id', { correlation_id: 'c-1' }],
    ['query_text', { query_text: 'ada OR grace -test' }],
    ['include_not_attested', { include_not_attested: false }],
    ['start_time', { start_time: '2026-11-20T00:00:00Z' }],
  ])('parameter %s alone is accepted', async (name, params) => {
    await events.list(params);
    expectAcceptedByPrism();
    expect(sent[0]!.searchParams.getAll(name)).toHaveLength(1);
  });

  it.each([
    ['400', BadRequestError],
    ['401', UnauthorizedError],
    ['403', ForbiddenError],
  ] as const)('a forced %s gives the typed error with the {message} text', async (status, type) => {
    const error = await firstPageOrError(
      events.list({}, { headers: { Prefer: `code=${status}` } }),
    );
    expect(error).toBeInstanceOf(type);
    const e = error as ApiError;
    expect(e.status).toBe(Number(status));
    expect(e.paging).toEqual({
      page: 1,
      resumeFrom: undefined,
      pagesDelivered: 0,
      itemsDelivered: 0,
    });
    const { message } = exampleFor('events', 'listEvents', status) as { message: string };
    expect(e.message).toContain(message);
    expect(e.request).toMatchObject({ method: 'GET', pathTemplate: '/v1/events' });
  });

  it('without a key the typed 401 arrives', async () => {
    const anonymous = createEventsClient({ baseUrl, retry: false });
    expect(await firstPageOrError(anonymous.list())).toBeInstanceOf(UnauthorizedError);
  });

  it('refuses an invalid query before sending', async () => {
    await expect(events.list({ page_size: 0 })).rejects.toThrow(ValidationError);
    expect(sent).toHaveLength(0);
  });

  it('a query that breaks the spec, sent through the raw client, is refused by Prism', async () => {
    const error = await events.raw
      .GET('/v1/events', { params: { query: { ordering: 'asc', page_size: 5000 } } })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBeGreaterThanOrEqual(400);
    expect((error as ApiError).status).toBeLessThan(500);
  });
});

describe('events.list and events.follow against Prism', () => {
  it('list passes the cursor of the example page to the next request', async () => {
    const list = events.list({ ordering: 'asc', page_size: 4 });
    const got = await list.toArray({ limit: 5 });
    expect(got).toHaveLength(5);
    expect(seen.every((r) => r.status === 200 && !r.headers.get('sl-violations'))).toBe(true);
    expect(sent[1]!.searchParams.get('cursor')).toBe(example.body.cursor);
  });

  it('follow delivers the example page once although Prism repeats it, then stops on the repeated cursor', async () => {
    const ids: string[] = [];
    const error = await (async () => {
      // settleMs 0: the example page is all recorded at once (the window is tested elsewhere).
      for await (const event of events.follow({ pollIntervalMs: 1, maxPages: 3, settleMs: 0 }))
        ids.push(event.id);
    })().catch((e: unknown) => e);
    expect(ids).toEqual(example.body.events.map((e) => (e as { id: string }).id));
    // Prism answers every cursor with the same page and cursor: paging would never end.
    expect(error).toBeInstanceOf(PagingLoopError);
    const resumeFrom = parseCheckpoint((error as PagingLoopError).paging!.resumeFrom);
    expect(resumeFrom.seenIdsAtEdge).toEqual([ids.at(-1)]);
    expect(sent.every((u) => u.searchParams.get('ordering') === 'asc')).toBe(true);
    expect(seen.every((r) => r.status === 200 && !r.headers.get('sl-violations'))).toBe(true);
  });
});
