// Inputs from untyped callers are checked before anything is sent, with the field named the way
// it is sent (`user.display_name`, `userIds[3]`, `page_size`).
import { ValidationError } from '@x/runtime';
import { refusalsOf } from '@x/testing';
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
      'user.username',
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
    const job = { user_id: 'u', issuer_user_id: 'i', delivery_method: 'SHORT_CODE' as const };
    for (const ttl_seconds of [59, 901, 60.5, Number.NaN, '300' as never])
      expect(await fieldOf(() => workforce.bindingJobs.create({ ...job, ttl_seconds }))).toBe(
        'ttl_seconds',
      );
    expect(await fieldOf(() => workforce.bindingJobs.create({ ...job, user_id: '' }))).toBe(
      'binding_job.user_id',
    );
    expect(await fieldOf(() => workforce.bindingJobs.get(''))).toBe('bindingJobId');
    expect(sent).toHaveLength(0);
  });

  it('checks page sizes and offsets; a list rejects, never throws', async () => {
    const bad: [() => unknown, RegExp][] = [
      [
        () => workforce.users.list({ page_size: 0 }),
        /page_size: must be an integer from 1 to 1000/,
      ],
      [() => workforce.groups.list({ page_size: 1001 }), /^page_size: /],
      [() => workforce.passkeys.list({ skip: -1 }), /^skip: /],
      [() => workforce.scim.users.list({ count: 0 }), /^count: /],
      [() => workforce.scim.groups.list({ startIndex: 0 }), /^startIndex: /],
      [() => workforce.users.list({ filter: 42 as never }), /^filter: /],
      [() => workforce.users.list({}, { maxPages: 0 }), /^maxPages: /],
      [() => workforce.users.groups.list(''), /^userId: /],
      [() => workforce.users.groups.list('u', { page_size: -1 }), /^page_size: /],
      [() => workforce.groups.members.list('', {}), /^groupId: /],
      [() => workforce.groups.members.list('g', { skip: 1.5 }), /^skip: /],
    ];
    for (const [call, message] of bad) {
      expect(call).not.toThrow();
      const { awaited, iterated } = await refusalsOf(call);
      expect(awaited).toBeInstanceOf(ValidationError);
      expect(iterated).toBeInstanceOf(ValidationError);
      expect(String((awaited as Error).message)).toMatch(message);
    }
    await expect(workforce.users.list({ page_size: 0 })).rejects.toBeInstanceOf(ValidationError);
    await expect(workforce.users.list({ page_size: 0 }).toArray()).rejects.toThrow(/page_size/);
    expect(await fieldOf(() => workforce.users.list({ page_size: 5000 }))).toBe('page_size');
    expect(sent).toHaveLength(0);
  });

  it('returns a frozen client', () => {
    expect(Object.isFrozen(workforce)).toBe(true);
    expect(Object.isFrozen(workforce.scim)).toBe(true);
  });
});

const adaScim = {
  externalId: 'crm-1',
  userName: 'ada',
  displayName: 'Ada',
  active: true,
  emails: [{ value: 'ada@example.com', primary: true }],
};
const VENDOR = 'urn:scim:schemas:extension:vendor:1.0:Group';

/** Every method, a bad input, and the field the error must name. */
const BAD_INPUT: [method: string, call: () => unknown, field: string][] = [
  ['users.create: not an object', () => workforce.users.create('ada' as never), 'user'],
  [
    'users.create: not a string',
    () => workforce.users.create({ email_address: 1 as never }),
    'user.email_address',
  ],
  ['users.get', () => workforce.users.get(''), 'userId'],
  ['users.update: id', () => workforce.users.update('', {}), 'userId'],
  [
    'users.update: field',
    () => workforce.users.update('u', { display_name: [] as never }),
    'user.display_name',
  ],
  ['users.delete', () => workforce.users.delete(' '), 'userId'],
  ['users.list: page_size', () => workforce.users.list({ page_size: 0 }), 'page_size'],
  ['users.list: order_by', () => workforce.users.list({ order_by: 5 as never }), 'order_by'],
  ['users.list: list options', () => workforce.users.list({}, { maxPages: 0 }), 'maxPages'],
  ['users.listGroups: id', () => workforce.users.groups.list('..'), 'userId'],
  ['users.listGroups: skip', () => workforce.users.groups.list('u', { skip: -1 }), 'skip'],
  ['groups.create', () => workforce.groups.create({ name: 1 as never }), 'group.name'],
  ['groups.get', () => workforce.groups.get('.'), 'groupId'],
  ['groups.update', () => workforce.groups.update('g', 'x' as never), 'group'],
  ['groups.delete', () => workforce.groups.delete('..'), 'groupId'],
  ['groups.list', () => workforce.groups.list({ filter: 1 as never }), 'filter'],
  ['groups.addMembers: none', () => workforce.groups.members.add('g', []), 'userIds'],
  [
    'groups.removeMembers: not an id',
    () => workforce.groups.members.remove('g', [1 as never]),
    'userIds[0]',
  ],
  [
    'groups.listMembers',
    () => workforce.groups.members.list('g', { page_size: 1001 }),
    'page_size',
  ],
  ['groups.addUsers (deprecated)', () => workforce.groups.addUsers('g', ['']), 'userIds[0]'],
  ['groups.removeUsers (deprecated)', () => workforce.groups.removeUsers('g', []), 'userIds'],
  ['groups.listUsers (deprecated)', () => workforce.groups.listUsers(''), 'groupId'],
  [
    'bindingJobs.create: ttl',
    () => workforce.bindingJobs.create({ ttl_seconds: 30 }),
    'ttl_seconds',
  ],
  [
    'bindingJobs.create: delivery method',
    () => workforce.bindingJobs.create({ delivery_method: 'EMAIL' as never }),
    'binding_job.delivery_method',
  ],
  [
    'bindingJobs.create: expiry',
    () =>
      workforce.bindingJobs.create({ short_code_delivery_details: { expire_time: 'tomorrow' } }),
    'binding_job.short_code_delivery_details.expire_time',
  ],
  [
    'bindingJobs.create: ttl with an expiry of its own',
    () =>
      workforce.bindingJobs.create({
        short_code_delivery_details: { expire_time: '2026-11-12T17:10:00Z' },
        ttl_seconds: 300,
      }),
    'ttl_seconds',
  ],
  [
    'bindingJobs.create: issuer',
    () => workforce.bindingJobs.create({ issuer_user_id: ' ' }),
    'binding_job.issuer_user_id',
  ],
  ['bindingJobs.get', () => workforce.bindingJobs.get(''), 'bindingJobId'],
  ['passkeys.list', () => workforce.passkeys.list({ page_size: 0 }), 'page_size'],
  ['passkeys.delete', () => workforce.passkeys.delete(''), 'passkeyId'],
  ['passkeys.getTags', () => workforce.passkeys.tags.get(''), 'passkeyId'],
  [
    'passkeys.replaceTags: not a list',
    () => workforce.passkeys.tags.replace('p', 'x' as never),
    'tags',
  ],
  [
    'passkeys.replaceTags: one name twice',
    () => workforce.passkeys.tags.replace('p', ['Corp', 'corp']),
    'tags[1]',
  ],
  [
    'passkeys.replaceTags: one name twice, as objects',
    () => workforce.passkeys.tags.replace('p', [{ name: 'fleet' }, { name: 'FLEET' }]),
    'tags[1].name',
  ],
  [
    'passkeys.replaceTags: blank id',
    () => workforce.passkeys.tags.replace('p', [{ name: 'a', id: '' }]),
    'tags[0].id',
  ],
  ['passkeys.replaceTags: id', () => workforce.passkeys.tags.replace('', []), 'passkeyId'],
  [
    'passkeys.setTags (deprecated)',
    () => workforce.passkeys.setTags('p', [null as never]),
    'tags[0]',
  ],
  [
    'certificateAuthority.retireTenantIssuer',
    () => workforce.certificateAuthority.retireTenantIssuer('now' as never),
    'options',
  ],
  [
    'scim.users.create: no primary e-mail',
    () => workforce.scim.users.create({ ...adaScim, emails: [{ value: 'a@example.com' }] }),
    'user.emails',
  ],
  [
    'scim.users.create: two primary e-mails',
    () =>
      workforce.scim.users.create({
        ...adaScim,
        emails: [
          { value: 'a@example.com', primary: true },
          { value: 'b@example.com', primary: true },
        ],
      }),
    'user.emails[1].primary',
  ],
  [
    'scim.users.create: e-mail type',
    () =>
      workforce.scim.users.create({
        ...adaScim,
        emails: [{ value: 'a@example.com', primary: true, type: 'mobile' as never }],
      }),
    'user.emails[0].type',
  ],
  [
    'scim.users.create: schema',
    () => workforce.scim.users.create({ ...adaScim, schemas: ['urn:x' as never] }),
    'user.schemas[0]',
  ],
  [
    'scim.users.create: active',
    () => workforce.scim.users.create({ ...adaScim, active: 'yes' as never }),
    'user.active',
  ],
  ['scim.users.get', () => workforce.scim.users.get(''), 'userId'],
  ['scim.users.list: count', () => workforce.scim.users.list({ count: 1001 }), 'count'],
  ['scim.users.list: startIndex', () => workforce.scim.users.list({ startIndex: 0 }), 'startIndex'],
  [
    'scim.users.replace: attribute',
    () => workforce.scim.users.replace('u', { ...adaScim, userName: '' }),
    'user.userName',
  ],
  ['scim.users.replace: id', () => workforce.scim.users.replace('', adaScim), 'userId'],
  ['scim.users.patch: no operation', () => workforce.scim.users.patch('u', []), 'operations'],
  [
    'scim.users.patch: remove',
    () => workforce.scim.users.patch('u', [{ op: 'remove' as never, value: {} }]),
    'operations[0].op',
  ],
  [
    'scim.users.patch: value',
    () => workforce.scim.users.patch('u', [{ op: 'add' } as never]),
    'operations[0].value',
  ],
  [
    'scim.users.patch: id',
    () => workforce.scim.users.patch('', [{ op: 'add', value: {} }]),
    'userId',
  ],
  ['scim.users.delete', () => workforce.scim.users.delete(''), 'userId'],
  [
    'scim.groups.create: name',
    () => workforce.scim.groups.create({ displayName: '' }),
    'group.displayName',
  ],
  [
    'scim.groups.create: description characters',
    () => workforce.scim.groups.create({ displayName: 'x', [VENDOR]: { description: 'a;b' } }),
    `group.${VENDOR}.description`,
  ],
  [
    'scim.groups.create: description length',
    () =>
      workforce.scim.groups.create({
        displayName: 'x',
        [VENDOR]: { description: 'a'.repeat(301) },
      }),
    `group.${VENDOR}.description`,
  ],
  [
    'scim.groups.create: member',
    () => workforce.scim.groups.create({ displayName: 'x', members: [{}] }),
    'group.members[0].value',
  ],
  [
    'scim.groups.create: schemas without the core schema',
    () => workforce.scim.groups.create({ displayName: 'x', schemas: [VENDOR] }),
    'group.schemas',
  ],
  ['scim.groups.get', () => workforce.scim.groups.get(''), 'groupId'],
  ['scim.groups.list', () => workforce.scim.groups.list({ count: 0 }), 'count'],
  [
    'scim.groups.patch: name and members in one operation',
    () =>
      workforce.scim.groups.patch('g', [
        { op: 'replace', value: { displayName: 'x', members: [] } as never },
      ]),
    'operations[0].value.members',
  ],
  [
    'scim.groups.patch: batch remove',
    () =>
      workforce.scim.groups.patch('g', [
        { op: 'remove', value: { members: [{ value: 'a' }, { value: 'b' }] } as never },
      ]),
    'operations[0].value.members',
  ],
  [
    'scim.groups.patch: add to the name',
    () =>
      workforce.scim.groups.patch('g', [
        { op: 'add', path: 'displayName' as never, value: { members: [{ value: 'a' }] } },
      ]),
    'operations[0].path',
  ],
  [
    'scim.groups.patch: rename without a name',
    () => workforce.scim.groups.patch('g', [{ op: 'replace', value: {} as never }]),
    'operations[0].value.displayName',
  ],
  [
    'scim.groups.patch: member without an id',
    () => workforce.scim.groups.patch('g', [{ op: 'add', value: { members: [{ display: 'x' }] } }]),
    'operations[0].value.members[0].value',
  ],
  ['scim.groups.delete', () => workforce.scim.groups.delete(''), 'groupId'],
  ['scim.groups.addMembers', () => workforce.scim.groups.addMembers('g', []), 'userIds'],
  ['scim.groups.removeMembers', () => workforce.scim.groups.removeMembers('g', ['']), 'userIds[0]'],
  ['scim.resourceTypes', () => workforce.scim.resourceTypes(5 as never), 'options'],
  ['scim.schemas', () => workforce.scim.schemas({ timeoutMs: -1 }), 'timeoutMs'],
  [
    'scim.serviceProviderConfig',
    () => workforce.scim.serviceProviderConfig(true as never),
    'options',
  ],
];

describe('bad input to every method is refused before sending, naming the field', () => {
  it.each(BAD_INPUT)('%s', async (_method, call, field) => {
    expect(await fieldOf(call)).toBe(field);
    expect(sent).toHaveLength(0);
  });
});
