// Shared setup of the family W contract tests against the Prism mock of specs/workforce.yaml.
// Prism runs with --errors: a request that breaks the spec gets an error response and an
// `sl-violations` header, so one clean 2xx per call means the SDK sent a valid request.
import { staticToken } from '@x/auth';
import { declaredStatuses, exampleFor } from '@x/mock';
// Declares the `mockUrls` value the global setup provides to `inject()`.
import type {} from '@x/mock/vitest-global-setup';
import {
  type ApiError,
  BadRequestError,
  type CallOptions,
  ConflictError,
  ForbiddenError,
  NotFoundError,
  PreconditionFailedError,
  RateLimitError,
  ServerError,
  UnauthorizedError,
} from '@x/runtime';
import { createWorkforceClient } from '@x/workforce';
import { beforeEach, describe, expect, inject, it } from 'vitest';

const baseUrl = inject('mockUrls').workforce!;
const seen: Response[] = [];

/** The client under test; every response it gets is recorded. */
export const workforce = createWorkforceClient({
  baseUrl,
  auth: staticToken('contract-test-token'),
  fetch: async (input, init) => {
    const response = await fetch(input, init);
    seen.push(response.clone());
    return response;
  },
});

/**
 * A client for forced error statuses: rate limiting off, so a forced 429 with
 * `RateLimit-Remaining: 0` does not hold the next test's requests.
 */
const errorClient = createWorkforceClient({
  baseUrl,
  auth: staticToken('contract-test-token'),
  rateLimit: false,
});

/** Clears the recorded responses before each test of the calling file. */
export function recordResponses(): void {
  beforeEach(() => {
    seen.length = 0;
  });
}

/** Exactly one request was made, Prism answered 2xx and reported no spec violation. */
export function expectAcceptedByPrism(status = 200): void {
  expect(seen).toHaveLength(1);
  expect(seen[0]!.status).toBe(status);
  expect(seen[0]!.headers.get('sl-violations')).toBeNull();
}

/** The example Prism serves for an operation and status. */
export function example<T>(operationId: string, status = '200'): T {
  return exampleFor('workforce', operationId, status) as T;
}

const CLASS_OF_STATUS: Record<string, abstract new (...args: never[]) => ApiError> = {
  '400': BadRequestError,
  '401': UnauthorizedError,
  '403': ForbiddenError,
  '404': NotFoundError,
  '409': ConflictError,
  '412': PreconditionFailedError,
  '429': RateLimitError,
  '500': ServerError,
};

type Call = (client: typeof workforce, options: CallOptions) => Promise<unknown>;

/**
 * One test per error status the operation declares: the status is forced with
 * `Prefer: code=…`, and the error must be the class for the status, carrying the example's
 * body and its details (ResourceInfo for 404, FieldViolations for 400, the RateLimit headers
 * for 429, the SCIM error object for SCIM operations).
 */
export function declaredErrors(operationId: string, call: Call): void {
  const declared = declaredStatuses('workforce', operationId).filter((s) => !s.startsWith('2'));
  const statuses = declared.filter((s) => s !== 'default');
  describe(`${operationId}: declared error statuses`, () => {
    it.each(statuses)('%s surfaces as the typed error with its details', async (status) => {
      const options: CallOptions = { headers: { Prefer: `code=${status}` }, retry: false };
      const error = await call(errorClient, options).then(
        () => undefined,
        (e: unknown) => e,
      );
      const ErrorClass = CLASS_OF_STATUS[status]!;
      expect(error).toBeInstanceOf(ErrorClass);
      const apiError = error as ApiError;
      const body = example<Record<string, unknown> | undefined>(operationId, status);
      expect(apiError.status).toBe(Number(status));
      expect(apiError.body).toEqual(body);
      expect(apiError.request?.attempts).toBe(1);
      if (status === '429') expectRateLimitHeaders(error as RateLimitError);
      // A 429 has no body (the spec declares the RateLimit headers only).
      if (body === undefined) return;
      if (Array.isArray(body.schemas)) {
        // SCIM operations answer with the SCIM error object.
        expect(apiError.scim).toMatchObject({ status: body.status, detail: body.detail });
        if (status === '400') expect(apiError.scim?.scimType).toBe(body.scimType);
        return;
      }
      expect(apiError.code).toBe(body.code);
      expect(apiError.details).toEqual(body.details ?? []);
      if (status === '404')
        expect((error as NotFoundError).resourceInfo).toEqual(
          (body.details as unknown[] | undefined)?.[0],
        );
      if (status === '400') {
        expect((error as BadRequestError).fieldViolations).toEqual([
          { field: 'user.username', description: 'missing' },
        ]);
      }
    });
    // `default` covers every status the operation does not list: Prism answers an unlisted one
    // (503 here) with the default response, which must still be the typed error of its class.
    if (declared.includes('default') && !declared.includes('503'))
      it('default (an unlisted 503) surfaces as the typed error', async () => {
        const options: CallOptions = { headers: { Prefer: 'code=503' }, retry: false };
        const error = await call(errorClient, options).then(
          () => undefined,
          (e: unknown) => e,
        );
        expect(error).toBeInstanceOf(ServerError);
        const apiError = error as ApiError;
        expect(apiError.status).toBe(503);
        expect(apiError.request?.attempts).toBe(1);
        if (Array.isArray((apiError.body as { schemas?: unknown } | undefined)?.schemas))
          expect(apiError.scim?.status).toEqual(expect.any(String));
        else expect(apiError.code).toEqual(expect.any(String));
      });
  });
}

/** The RateLimit headers of the spec's 429 examples, read by the error. */
function expectRateLimitHeaders(limited: RateLimitError): void {
  expect(limited.limit).toBe(100);
  expect(limited.remaining).toBe(0);
  expect(limited.resetSeconds).toBe(30);
}
