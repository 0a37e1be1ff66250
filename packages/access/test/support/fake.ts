// A scripted JSON fake of the management API and an access client on it (tenant `t-1`, realm
// `r-1`, no retries), closed after each test. For paging, chunking and bad-input tests: they look
// at what was sent (`requests`) and script what comes back (`handler`).
import { type AccessClient, createAccessClient } from '@x/access';
import { staticToken } from '@x/auth';
import { type JsonFake, type JsonHandler, startJsonFake } from '@x/testing';
import { afterEach } from 'vitest';

/** The test's token: a test may check it is sent, and that no error or printout holds it. */
export const TOKEN = 'unit-test-token-4711';

const open: JsonFake[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((fake) => fake.close()));
});

/** A fake answering with `handler`, and a client of tenant `t-1` on it (realm `r-1`). */
export async function fakeAccess(handler: JsonHandler = () => ({ status: 200, body: {} })) {
  const fake = await startJsonFake(handler);
  open.push(fake);
  const access: AccessClient = createAccessClient({
    baseUrl: fake.url,
    tenantId: 't-1',
    auth: staticToken(TOKEN),
    retry: false,
  });
  return { ...fake, access, realm: access.realm('r-1') };
}

/** The path of a realm resource as the fake sees it. */
export const inRealm = (path: string): string => `/v1/tenants/t-1/realms/r-1${path}`;

/**
 * A page-token list on the fake: `items` in pages of `page_size` (default 2) under `key`, with
 * tokens `page-<n>`. A token remembers the filter it was issued with and answers 400 to another
 * one, as the platform does.
 */
export function pagedList(key: string, items: readonly unknown[]): JsonHandler {
  const filterOf = new Map<string, string | null>();
  return ({ url }) => {
    const token = url.searchParams.get('page_token');
    const filter = url.searchParams.get('filter');
    if (token !== null && filterOf.get(token) !== filter)
      return {
        status: 400,
        body: { code: 'bad_request', message: 'filter differs from the token' },
      };
    const size = Number(url.searchParams.get('page_size') ?? 2);
    const start = token === null ? 0 : Number(token.replace('page-', ''));
    const end = start + size;
    const next = end < items.length ? `page-${end}` : undefined;
    if (next) filterOf.set(next, filter);
    return {
      status: 200,
      body: {
        [key]: items.slice(start, end),
        total_size: items.length,
        ...(next ? { next_page_token: next } : {}),
      },
    };
  };
}

/** Runs `act` and returns what it threw or rejected with (undefined when it did neither). */
export async function failureOf(act: () => unknown): Promise<unknown> {
  try {
    await act();
  } catch (error) {
    return error;
  }
  return undefined;
}
