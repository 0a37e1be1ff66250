// `withResponse()` beside every call, batches included: a membership change in chunks gives the
// group as the last request left it and that request's response; each list page gives its own.
import { staticToken } from '@x/auth';
import { type JsonFake, startJsonFake } from '@x/testing';
import { createWorkforceClient } from '@x/workforce';
import { afterEach, describe, expect, it } from 'vitest';

let server: JsonFake | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function workforceOn(answer: Parameters<typeof startJsonFake>[0]) {
  server = await startJsonFake(answer);
  return createWorkforceClient({
    baseUrl: server.url,
    auth: staticToken('unit-token'),
    retry: false,
  });
}

describe('withResponse on batches and pages', () => {
  it("groups.addMembers and scim.groups.removeMembers give the last request's response", async () => {
    const workforce = await workforceOn(() => {
      const n = server!.requests.length;
      return {
        body: { id: 'g-1', name: `after-${n}`, displayName: `after-${n}` },
        headers: { 'x-request-id': `req-${n}`, 'ratelimit-remaining': String(50 - n) },
      };
    });
    const ids = Array.from({ length: 1200 }, (_, i) => `u-${i}`);
    const { data, response } = await workforce.groups.members.add('g-1', ids).withResponse();
    expect(data).toMatchObject({ id: 'g-1', name: 'after-2' });
    expect(response.status).toBe(200);
    expect(response.requestId).toBe('req-2');
    expect(response.rateLimit?.remaining).toBe(48);
    expect(response.attempts).toBe(1);
    const removed = await workforce.scim.groups.removeMembers('g-1', ['a', 'b']).withResponse();
    // One PATCH: a `remove` operation per id, up to 1000 per request.
    expect(removed.response.requestId).toBe('req-3');
    expect(server!.requests).toHaveLength(3);
  });

  it("users.list gives the first page with its response; pages() gives each page's", async () => {
    const workforce = await workforceOn(({ url }) => {
      const skip = Number(url.searchParams.get('skip'));
      const users = ['a', 'b', 'c'].slice(skip, skip + 2).map((id) => ({ id }));
      return {
        body: { users, total_size: 3 },
        headers: { 'x-request-id': `page-at-${skip}` },
      };
    });
    const list = workforce.users.list({ page_size: 2 });
    const { data, response } = await list.withResponse();
    expect(data.items).toHaveLength(2);
    expect(response.requestId).toBe('page-at-0');
    const ids: (string | undefined)[] = [];
    for await (const page of list.pages()) ids.push(page.response.requestId);
    expect(ids).toEqual(['page-at-0', 'page-at-2']);
  });
});
