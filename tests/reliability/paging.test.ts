// Paging under faults, for the four paging styles, through the family clients: with faults at
// random requests, a list yields every item exactly once and in order, or throws the fault's own
// error class with `paging` saying where it stopped; resuming from there yields exactly the rest.
import { createAccessClient } from '@x/access';
import { createEventsClient } from '@x/events';
import { SdkError } from '@x/runtime';
import { FAULTS, type Fault, startTestServer, type TestServer } from '@x/testing';
import { createWorkforceClient } from '@x/workforce';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { suiteServer } from './support.js';

const SEED = 20_240_601;
const RUNS = 30;
// Faults that end an attempt at once (the timeouts are covered with a fake clock in faults.test.ts).
const PAGE_FAULTS: Fault[] = FAULTS.filter(
  (f) =>
    f.wait.kind !== 'timeout-then-backoff' &&
    f.id !== 'json-as-text-plain' &&
    !f.id.startsWith('oversized'),
);

interface Style {
  name: string;
  /** Answers a page request for the items, or undefined when the path is not this style's. */
  page(url: URL, items: string[]): unknown;
  /** Lists every item id, from the start or from an error's `paging.resumeFrom`. */
  list(server: TestServer, pageSize: number, resumeFrom?: unknown): AsyncIterable<string>;
}

const retry = { maxRetries: 2, baseDelayMs: 1, maxRateLimitWaitMs: 0 };
const common = (server: TestServer) => ({
  baseUrl: server.url,
  retry,
  random: () => 0.5,
  rateLimit: false,
});

async function* ids<T>(items: AsyncIterable<T>, id: (item: T) => string) {
  for await (const item of items) yield id(item);
}

const STYLES: Style[] = [
  {
    name: 'offset (W users)',
    page(url, items) {
      const skip = Number(url.searchParams.get('skip'));
      const size = Number(url.searchParams.get('page_size'));
      return {
        users: items.slice(skip, skip + size).map((id) => ({ id })),
        total_size: items.length,
      };
    },
    list: (server, pageSize, resumeFrom) =>
      ids(
        createWorkforceClient(common(server)).users.list({
          page_size: pageSize,
          ...(resumeFrom === undefined ? {} : { skip: resumeFrom as number }),
        }),
        (u) => u.id as string,
      ),
  },
  {
    name: 'page token (A realms)',
    page(url, items) {
      const token = url.searchParams.get('page_token');
      const start = token ? Number(Buffer.from(token, 'base64url').toString()) : 0;
      const size = Number(url.searchParams.get('page_size'));
      const end = start + size;
      return {
        realms: items.slice(start, end).map((id) => ({ id, display_name: id })),
        next_page_token: end < items.length ? Buffer.from(String(end)).toString('base64url') : '',
      };
    },
    list: (server, pageSize, resumeFrom) =>
      ids(
        createAccessClient({ ...common(server), tenantId: 't-1' }).realms.list({
          page_size: pageSize,
          ...(resumeFrom === undefined || resumeFrom === null
            ? {}
            : { page_token: resumeFrom as string }),
        }),
        (r) => r.id as string,
      ),
  },
  {
    name: 'cursor (E events)',
    page(url, items) {
      const cursor = url.searchParams.get('cursor');
      const start = cursor ? Number(Buffer.from(cursor, 'base64url').toString()) : 0;
      const size = Number(url.searchParams.get('page_size'));
      const end = start + size;
      return {
        message: 'OK',
        body: {
          events: items.slice(start, end).map((id) => ({ id, event_type: 'USER_CHANGE' })),
          ...(end < items.length ? { cursor: Buffer.from(String(end)).toString('base64url') } : {}),
        },
      };
    },
    list: (server, pageSize, resumeFrom) =>
      ids(
        createEventsClient(common(server)).list({
          page_size: pageSize,
          ordering: 'asc',
          ...(resumeFrom === undefined ? {} : { cursor: resumeFrom as string }),
        }),
        (e) => e.id,
      ),
  },
  {
    name: 'SCIM (W SCIM users)',
    page(url, items) {
      const startIndex = Number(url.searchParams.get('startIndex'));
      const count = Number(url.searchParams.get('count'));
      const slice = items.slice(startIndex - 1, startIndex - 1 + count);
      return {
        schemas: ['urn:ietf:params:scim:api:messages:2.0:ListResponse'],
        totalResults: items.length,
        startIndex,
        itemsPerPage: slice.length,
        Resources: slice.map((id) => ({ id, userName: id })),
      };
    },
    list: (server, pageSize, resumeFrom) =>
      ids(
        createWorkforceClient(common(server)).scim.users.list({
          count: pageSize,
          ...(resumeFrom === undefined ? {} : { startIndex: resumeFrom as number }),
        }),
        (u) => u.id as string,
      ),
  },
];

const tally = {
  runs: 0,
  itemsExpected: 0,
  itemsDelivered: 0,
  itemsLost: 0,
  duplicates: 0,
  faults: 0,
  stops: 0,
};

const server = suiteServer(
  'paging under faults',
  () => ({
    styles: STYLES.length,
    runs: tally.runs,
    'faults injected': tally.faults,
    'typed stops (an error with paging, then resumed)': tally.stops,
    'items expected': tally.itemsExpected,
    'items delivered': tally.itemsDelivered,
    'items lost': tally.itemsLost,
    'items duplicated': tally.duplicates,
  }),
  () => startTestServer(undefined, { maxRequests: 200_000 }),
);

describe.each(STYLES.map((s) => [s.name, s] as const))('paging style %s', (_name, style) => {
  it('yields every item exactly once, in order, or stops with a resumable error', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: 40 }),
        fc.integer({ min: 1, max: 7 }),
        // The fault (index into PAGE_FAULTS) for each of the first requests; -1: none.
        fc.array(fc.integer({ min: -4, max: PAGE_FAULTS.length - 1 }), { maxLength: 30 }),
        async (count, pageSize, plan) => {
          const items = Array.from(
            { length: count },
            (_, i) => `item-${String(i).padStart(3, '0')}`,
          );
          let n = 0;
          let faults = 0;
          server().handle((req, res, raw) => {
            const which = plan[n++] ?? -1;
            const fault = which >= 0 ? PAGE_FAULTS[which] : undefined;
            if (fault) {
              faults++;
              return fault.respond(req, res, raw);
            }
            const body = JSON.stringify(style.page(new URL(req.url, 'http://x'), items));
            res.writeHead(200, { 'content-type': 'application/json' });
            res.end(body);
          });
          const seen: string[] = [];
          let resumeFrom: unknown;
          let stops = 0;
          // Each stop must be resumable; the plan is finite, so the list completes eventually.
          for (;;) {
            const before = seen.length;
            try {
              for await (const id of style.list(server(), pageSize, resumeFrom)) seen.push(id);
              break;
            } catch (error) {
              expect(error).toBeInstanceOf(SdkError);
              const { paging } = error as SdkError;
              expect(paging, 'the error says where paging stopped').toBeDefined();
              expect(paging!.itemsDelivered).toBe(seen.length - before);
              // Only the first page of a listing may start at no position (the list's default).
              if (paging!.page > 1) expect(paging!.resumeFrom).toBeDefined();
              resumeFrom = paging!.resumeFrom ?? resumeFrom;
              stops++;
              expect(stops).toBeLessThan(40);
            }
          }
          expect(seen).toEqual(items);
          tally.runs++;
          tally.faults += faults;
          tally.stops += stops;
          tally.itemsExpected += items.length;
          tally.itemsDelivered += seen.length;
          tally.itemsLost += items.filter((id) => !seen.includes(id)).length;
          tally.duplicates += seen.length - new Set(seen).size;
        },
      ),
      { seed: SEED, numRuns: RUNS },
    );
  });
});
