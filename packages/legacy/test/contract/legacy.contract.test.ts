// Contract tests against a Prism mock started from specs/legacy.yaml (see tools/mock).
// Prism runs with --errors: a request that breaks the spec gets an error response, and
// `sl-violations` would name any rule it broke, so a clean 2xx means the SDK sent a valid request.
import { staticToken } from '@x/auth';
import { createLegacyClient } from '@x/legacy';
import { exampleFor } from '@x/mock';
import { ApiError, UnauthorizedError, ValidationError } from '@x/runtime';
import { beforeEach, describe, expect, inject, it } from 'vitest';

const baseUrl = inject('mockUrls').legacy!;
const seen: Response[] = [];
const recordingFetch = async (input: Request, init?: RequestInit) => {
  const response = await fetch(input, init);
  seen.push(response.clone());
  return response;
};
const legacy = createLegacyClient({
  baseUrl,
  auth: staticToken('contract-test-token'),
  fetch: recordingFetch,
});

beforeEach(() => {
  seen.length = 0;
});

function expectAcceptedByPrism() {
  expect(seen).toHaveLength(1);
  expect(seen[0]!.status).toBe(200);
  expect(seen[0]!.headers.get('sl-violations')).toBeNull();
}

describe('users.create (POST /v1/manage/users)', () => {
  it('sends a request Prism accepts and returns the spec example, typed', async () => {
    const user = await legacy.users.create({
      external_id: 'crm-000123',
      email: 'ada@example.com',
      user_name: 'ada',
      display_name: 'Ada Lovelace',
    });
    expectAcceptedByPrism();
    expect(user).toEqual(exampleFor('legacy', 'createLegacyUser'));
    // Typed: status is the enum, dates are strings.
    const status:
      | 'USER_STATUS_UNSET'
      | 'USER_STATUS_ACTIVE'
      | 'USER_STATUS_SUSPENDED'
      | 'USER_STATUS_DELETED'
      | undefined = user.status;
    expect(status).toBe('USER_STATUS_ACTIVE');
  });

  it('without a token the typed 401 error arrives, with status and request context', async () => {
    const anonymous = createLegacyClient({ baseUrl });
    const error = await anonymous.users
      .create({ external_id: 'x', email: 'x@example.com', user_name: 'x', display_name: 'X' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UnauthorizedError);
    expect(error).toBeInstanceOf(ApiError);
    const e = error as UnauthorizedError;
    expect(e.status).toBe(401);
    expect(e.request).toMatchObject({
      method: 'POST',
      pathTemplate: '/v1/manage/users',
      attempts: 1,
    });
    expect(e.rawBody.length).toBeGreaterThan(0);
  });

  it('refuses invalid input before sending, naming the field', async () => {
    const bad = { external_id: 'crm-1', email: '', user_name: 'ada', display_name: 'Ada' };
    await expect(legacy.users.create(bad)).rejects.toThrow(ValidationError);
    await expect(legacy.users.create(bad)).rejects.toThrow(/^email: /);
    const wrongMethod = {
      ...bad,
      email: 'a@example.com',
      binding_token_delivery_method: 'sms' as 'email',
    };
    await expect(legacy.users.create(wrongMethod)).rejects.toThrow(
      /binding_token_delivery_method: only "email"/,
    );
    expect(seen).toHaveLength(0);
  });

  it('a body that breaks the spec, sent through the raw client, is refused by Prism as a typed error', async () => {
    const error = await legacy.raw
      .POST('/v1/manage/users', {
        // @ts-expect-error: email is required by the spec, so the typed client refuses this body
        body: {
          external_id: 'x',
          user_name: 'x',
          display_name: 'X',
          binding_token_delivery_method: 'email',
        },
      })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBeGreaterThanOrEqual(400);
    expect((error as ApiError).status).toBeLessThan(500);
  });
});

describe('users.recover (POST /v1/manage/recover-user)', () => {
  it('sends a request Prism accepts and returns the spec example', async () => {
    const user = await legacy.users.recover({ external_id: 'crm-000123' });
    expectAcceptedByPrism();
    expect(user).toEqual(exampleFor('legacy', 'recoverLegacyUser'));
  });

  it('without a token the typed 401 error arrives', async () => {
    const anonymous = createLegacyClient({ baseUrl });
    await expect(anonymous.users.recover({ external_id: 'crm-000123' })).rejects.toBeInstanceOf(
      UnauthorizedError,
    );
  });

  it('refuses a missing external_id before sending', async () => {
    // @ts-expect-error: untyped JavaScript callers can omit it
    await expect(legacy.users.recover({})).rejects.toThrow(
      /^external_id: must be a non-empty string/,
    );
    expect(seen).toHaveLength(0);
  });
});

describe('raw and untyped access', () => {
  it('the raw typed client shares auth and returns data', async () => {
    const { data } = await legacy.raw.POST('/v1/manage/recover-user', {
      body: { external_id: 'crm-000123', binding_token_delivery_method: 'email' },
    });
    expect(data?.internal_id).toBe(
      (exampleFor('legacy', 'recoverLegacyUser') as { internal_id: string }).internal_id,
    );
  });

  it('request() reaches any path with the same pipeline', async () => {
    const data = await legacy.request<{ user_name: string }>('POST', '/v1/manage/recover-user', {
      body: { external_id: 'crm-000123', binding_token_delivery_method: 'email' },
    });
    expect(data.user_name).toBe('ada');
  });
});
