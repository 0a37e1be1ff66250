// The access client of the contract tests, on the Prism mock of specs/access.yaml (see tools/mock),
// with every exchange recorded. Prism runs with --errors: a request that breaks the spec gets an
// error answer (and `sl-violations` names the rule), so a clean 2xx means the SDK sent a valid
// request; `Prefer: code=<status>` makes it answer a declared error instead.

import { readFileSync } from 'node:fs';
import { type AccessClient, createAccessClient } from '@x/access';
import { staticToken } from '@x/auth';
import { declaredStatuses, exampleFor, operation } from '@x/mock';
// Brings in the typing of `inject('mockUrls')`.
import type {} from '@x/mock/vitest-global-setup';
import {
  ApiError,
  BadRequestError,
  type CallOptions,
  ConflictError,
  ForbiddenError,
  NotFoundError,
  RateLimitError,
  ServerError,
  UnauthorizedError,
} from '@x/runtime';
import { beforeEach, describe, expect, inject, it } from 'vitest';

export const prismUrl = inject('mockUrls').access!;

/** One exchange with Prism. */
export interface Seen {
  method: string;
  url: URL;
  headers: Headers;
  body: string;
  response: Response;
}

/** Every exchange of the current test. */
export const seen: Seen[] = [];
beforeEach(() => {
  seen.length = 0;
});

/** A fetch that records each exchange in `seen`. */
export const recordingFetch = async (input: Request, init?: RequestInit): Promise<Response> => {
  const body = await input.clone().text();
  const response = await fetch(input, init);
  seen.push({
    method: input.method,
    url: new URL(input.url),
    headers: input.headers,
    body,
    response,
  });
  return response;
};

/** A client of tenant `tenant-1` on Prism; SCIM paths are served at Prism's root. */
export const access: AccessClient = createAccessClient({
  baseUrl: prismUrl,
  scimBaseUrl: prismUrl,
  tenantId: 'tenant-1',
  auth: staticToken('contract-test-token'),
  fetch: recordingFetch,
  // The examples of 429 answers say `RateLimit-Remaining: 0` and a reset in seconds: a limiting
  // client would then hold the next test's requests that long. What is checked here is the
  // requests and the answers; the limiter has its own tests in the runtime.
  rateLimit: false,
});

/** The first example Prism serves for an operation and status. */
export const example = (operationId: string, status = '200'): unknown =>
  exampleFor('access', operationId, status);

/** The error statuses an operation declares. */
export const errorStatuses = (operationId: string): string[] =>
  declaredStatuses('access', operationId).filter((status) => Number(status) >= 400);

/** The error class each declared status arrives as (a status not listed: its `ApiError`). */
export const errorClass: Record<string, new (...args: never[]) => ApiError> = {
  '400': BadRequestError,
  '401': UnauthorizedError,
  '403': ForbiddenError,
  '404': NotFoundError,
  '409': ConflictError,
  '429': RateLimitError,
  '500': ServerError,
  '503': ServerError,
};

/** What a contract case expects of the request it sent. */
export interface ExpectedRequest {
  /** The end of the path, or a pattern of it (default: the operation's template). */
  path?: string | RegExp | undefined;
  /** Query parameters that must be sent, with their values. */
  query?: Record<string, string | string[]> | undefined;
  /** The JSON body. */
  body?: unknown;
}

/**
 * Checks that the requests of the current test reached Prism cleanly (2xx, no violation), that
 * the first is the operation's method and path with the test token, and what it carried.
 */
export function expectAccepted(operationId: string, expected: ExpectedRequest = {}): void {
  expect(seen.length).toBeGreaterThan(0);
  for (const { response } of seen) {
    expect(response.headers.get('sl-violations')).toBeNull();
    expect(response.status).toBeGreaterThanOrEqual(200);
    expect(response.status).toBeLessThan(300);
  }
  const sent = seen[0]!;
  const { method, path } = operation('access', operationId);
  expect(sent.method).toBe(method.toUpperCase());
  expect(sent.headers.get('authorization')).toBe('Bearer contract-test-token');
  if (typeof expected.path === 'string')
    expect(sent.url.pathname.endsWith(expected.path)).toBe(true);
  else expect(sent.url.pathname).toMatch(expected.path ?? templatePattern(path));
  for (const [name, value] of Object.entries(expected.query ?? {}))
    expect(sent.url.searchParams.getAll(name)).toEqual(Array.isArray(value) ? value : [value]);
  if (expected.body !== undefined) expect(JSON.parse(sent.body)).toEqual(expected.body);
}

/** A path template as a pattern of the path sent (ids are any segment). */
export function templatePattern(template: string): RegExp {
  const escaped = template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+');
  return new RegExp(`${escaped}$`);
}

/** One operation's contract case: how the SDK calls it, and what it must send and return. */
export interface ContractCase {
  operationId: string;
  /** Calls the SDK method with the call options (a list returns its first page's raw body). */
  run: (options: CallOptions) => Promise<unknown>;
  /** What the method returns (default: the operation's 200 example). */
  expected?: (() => unknown) | undefined;
  /** What the request must carry. */
  request?: ExpectedRequest | undefined;
}

/** The operationIds of a tag of specs/access.yaml, in document order. */
export function operationsTagged(tag: string): string[] {
  const yaml = readFileSync(new URL('../../../../specs/access.yaml', import.meta.url), 'utf8');
  const ids: string[] = [];
  let current: string | undefined;
  for (const line of yaml.split('\n')) {
    const id = /^\s+operationId: (\w+)/.exec(line)?.[1];
    if (id) current = id;
    else if (current && new RegExp(`^\\s+tags: \\[${tag}\\]`).test(line)) {
      ids.push(current);
      current = undefined;
    }
  }
  return ids;
}

/**
 * The contract tests of a table of cases: the table covers exactly the operations of `tags`;
 * each case sends a request Prism accepts and returns the example; each declared error status
 * arrives as its error class (with `paging` or `batch` where the call was a list or a batch).
 */
export function contractCases(tags: readonly string[], cases: readonly ContractCase[]): void {
  it(`covers every operation tagged ${tags.join(', ')}, once`, () => {
    expect(cases.map((c) => c.operationId).sort()).toEqual(tags.flatMap(operationsTagged).sort());
  });

  describe.each(cases)('$operationId', (c) => {
    it('sends a request Prism accepts and returns the example, typed', async () => {
      const result = await c.run({});
      expectAccepted(c.operationId, c.request);
      expect(result).toEqual(c.expected ? c.expected() : example(c.operationId));
    });

    it.each(errorStatuses(c.operationId))('a %s arrives as its error class', async (status) => {
      const error = await c
        .run({ headers: { Prefer: `code=${status}` }, retry: false })
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(errorClass[status] ?? ApiError);
      expect((error as ApiError).status).toBe(Number(status));
    });
  });
}
