// Inputs from untyped callers are checked before anything is sent, with the field named.
import { ValidationError } from '@x/runtime';
import { createWorkforceClient } from '@x/workforce';
import { describe, expect, it } from 'vitest';

const sent: Request[] = [];
const workforce = createWorkforceClient({
  baseUrl: 'http://127.0.0.1:9',
  fetch: async (request) => {
    sent.push(request);
    throw new Error('nothing should be sent');
  },
});

async function fieldOf(call: () => unknown): Promise<string> {
  let error: unknown;
  try {
    await call();
  } catch (e) {
    error = e;
  }
  expect(error).toBeInstanceOf(ValidationError);
  return (error as ValidationError).field;
}

describe('validation before sending', () => {
  it('names the field at fault', async () => {
    const loose = workforce as unknown as Record<
      string,
      Record<string, (...a: unknown[]) => unknown>
    >;
    expect(await fieldOf(() => workforce.users.get(''))).toBe('userId');
    expect(await fieldOf(() => loose.users!.get!(42))).toBe('userId');
    expect(await fieldOf(() => workforce.users.create(null as never))).toBe('user');
    expect(await fieldOf(() => workforce.users.update('u', { username: 7 as never }))).toBe(
      'changes.username',
    );
    expect(await fieldOf(() => workforce.groups.delete('  '))).toBe('groupId');
    expect(await fieldOf(() => workforce.passkeys.setTags('p', [''] as never))).toBe('tags[0]');
    expect(await fieldOf(() => workforce.passkeys.setTags('p', [{ id: 'x' }] as never))).toBe(
      'tags[0].name',
    );
    expect(await fieldOf(() => workforce.scim.users.get(''))).toBe('userId');
    expect(
      await fieldOf(() =>
        workforce.scim.users.create({
          userName: 'a',
          externalId: 'e',
          displayName: '',
          active: true,
          emails: [],
        }),
      ),
    ).toBe('user.displayName');
    expect(sent).toHaveLength(0);
  });

  it('checks binding-job ttl_seconds is an integer from 60 to 900', async () => {
    const job = { user_id: 'u', issuer_user_id: 'i', delivery_method: 'SHORT_CODE' };
    for (const ttl_seconds of [59, 901, 60.5, Number.NaN, '300' as never])
      expect(await fieldOf(() => workforce.bindingJobs.create({ ...job, ttl_seconds }))).toBe(
        'ttl_seconds',
      );
    expect(await fieldOf(() => workforce.bindingJobs.create({ ...job, user_id: '' }))).toBe(
      'input.user_id',
    );
    expect(await fieldOf(() => workforce.bindingJobs.get(''))).toBe('bindingJobId');
    expect(sent).toHaveLength(0);
  });

  it('checks page sizes and offsets; list() throws at once', async () => {
    expect(() => workforce.users.list({ pageSize: 0 })).toThrow(
      /pageSize: must be an integer from 1 to 1000/,
    );
    expect(() => workforce.groups.list({ pageSize: 1001 })).toThrow(ValidationError);
    expect(() => workforce.passkeys.list({ skip: -1 })).toThrow(/skip/);
    expect(() => workforce.scim.users.list({ count: 0 })).toThrow(/count/);
    expect(() => workforce.scim.users.list({ startIndex: 0 })).toThrow(/startIndex/);
    expect(() => workforce.users.list({ filter: 42 as never })).toThrow(/filter/);
    expect(() => workforce.users.listGroups('')).toThrow(/userId/);
    expect(await fieldOf(() => workforce.users.listPage({ pageSize: 5000 }))).toBe('pageSize');
    expect(sent).toHaveLength(0);
  });

  it('returns a frozen client', () => {
    expect(Object.isFrozen(workforce)).toBe(true);
    expect(Object.isFrozen(workforce.scim)).toBe(true);
  });
});
