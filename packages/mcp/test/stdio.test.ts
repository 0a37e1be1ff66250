// The server as an agent's client meets it: `x-mcp --emulator` started over stdio, driven by the
// official SDK's client. One server per safety mode.
import { startEmulator } from '@x/emulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CREDENTIAL_MASK, ENROLMENT_MASK } from '../src/results/redact.js';
import { type Connected, connect, data, summary } from './helpers/stdio.js';
import { Session } from './helpers/tools.js';

/** The emulator's seeded secrets (fixed): none may appear in any result. */
async function seededSecrets(): Promise<string[]> {
  const emulator = await startEmulator();
  const c = emulator.credentials;
  return [c.workforce.clientSecret, c.access.clientSecret, c.events.apiKey, c.legacy.token];
}
/** A JSON Web Token (what the emulator issues as access tokens). */
const JWT = /eyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}/;

const REALM = '2c4e6a8b-0d1f-4a3c-9e5b-7f1a3c5e7a90';

describe('a read-only server (no flag)', () => {
  let server: Connected;
  let s: Session;
  beforeAll(async () => {
    server = await connect(['--emulator']);
    s = new Session(server.client);
  });
  afterAll(() => server.close());

  it('offers read tools only, each annotated read-only', async () => {
    const { tools } = await server.client.listTools();
    expect(tools.length).toBeGreaterThan(3);
    for (const tool of tools) {
      expect(tool.annotations, tool.name).toMatchObject({
        readOnlyHint: true,
        destructiveHint: false,
      });
    }
    expect(tools.map((t) => t.name)).toContain('search_tools');
    expect(tools.map((t) => t.name)).not.toContain('legacy_users_create');
  });

  it('refuses a write tool with a tool error that names the flag, and sends nothing', async () => {
    const result = await s.call('legacy_users_create', {
      external_id: 'crm-1',
      email: 'ada@example.com',
      user_name: 'ada',
      display_name: 'Ada',
      binding_token_delivery_method: 'email',
    });
    expect(result.isError).toBe(true);
    expect(summary(result)).toMatch(/--allow-write/);
    expect(data(result).error).toMatchObject({
      type: 'NotAllowed',
      required_flags: ['--allow-write'],
    });
  });

  it('finds tools it does not offer, marked unavailable with the flags they need', async () => {
    const result = await s.call('search_tools', { query: 'recover a legacy user' });
    const tools = data(result).tools as {
      name: string;
      available: boolean;
      needs_flags?: string[];
    }[];
    expect(tools[0]).toMatchObject({
      name: 'legacy_users_recover',
      available: false,
      needs_flags: ['--allow-write'],
    });
  });

  it('says what it allows in its instructions', () => {
    expect(server.client.getInstructions()).toMatch(/READ-ONLY/);
  });

  it('serves the reference documents as resources', async () => {
    const { resources } = await server.client.listResources();
    const uris = resources.map((r) => r.uri);
    expect(uris).toEqual(
      expect.arrayContaining([
        'x-mcp://reference/specs/access.yaml',
        'x-mcp://reference/specs/GAPS.md',
        'x-mcp://reference/readme/events.md',
        'x-mcp://reference/readme/mcp.md',
      ]),
    );
    const spec = await server.client.readResource({ uri: 'x-mcp://reference/specs/legacy.yaml' });
    expect(spec.contents[0]).toMatchObject({ mimeType: 'application/yaml' });
    expect(String((spec.contents[0] as { text: string }).text)).toMatch(/createLegacyUser/);
  });

  it("refuses what the events package refuses, under the tool's argument names", async () => {
    const when = await s.call('events_search', { start_time: 'yesterday' });
    expect(when.isError).toBe(true);
    expect(data(when).error).toMatchObject({
      type: 'ValidationError',
      field_violations: [{ field: 'start_time' }],
    });
    const text = await s.call('events_search', { query_text: { all: ['a\nb'] } });
    expect(data(text).error).toMatchObject({ field_violations: [{ field: 'query_text' }] });
    const list = await s.call('events_list', { ordering: 'sideways' });
    expect(data(list).error).toMatchObject({
      type: 'InvalidArguments',
      field_violations: [{ field: 'ordering' }],
    });
  });

  it('answers an unknown tool with a tool error pointing at search_tools', async () => {
    const result = await s.call('workforce_users_delete_everything');
    expect(result.isError).toBe(true);
    expect(summary(result)).toMatch(/search_tools/);
  });
});

describe('a server with --allow-write', () => {
  let server: Connected;
  let s: Session;
  let secrets: string[];
  beforeAll(async () => {
    [server, secrets] = await Promise.all([
      connect(['--emulator', '--allow-write', '--all-tools']),
      seededSecrets(),
    ]);
    s = new Session(server.client);
  });
  afterAll(() => server.close());

  it('provisions in the workforce directory: a group, a user in it, and the events of both', async () => {
    const group = await s.op('workforce.createGroup', {
      group: { name: 'Site reliability', description: 'Keeps things up' },
    });
    expect(group.isError, summary(group)).toBeFalsy();
    const groupId = data(group).id as string;
    const user = await s.op('workforce.createUser', {
      user: {
        username: 'margaret',
        email_address: 'margaret@example.com',
        display_name: 'Margaret Hamilton',
      },
    });
    expect(user.isError, summary(user)).toBeFalsy();
    const userId = data(user).id as string;
    const added = await s.op('workforce.addGroupUsers', { group_id: groupId, user_ids: [userId] });
    expect(added.isError, summary(added)).toBeFalsy();
    const members = await s.op('workforce.listGroupUsers', { group_id: groupId });
    expect((data(members).items as { id: string }[]).map((u) => u.id)).toEqual([userId]);

    const events = await s.call('events_search', {
      query_text: { any: ['Site reliability', 'margaret'] },
    });
    expect(events.isError, summary(events)).toBeFalsy();
    const found = data(events).events as { event_type: string }[];
    expect(found.map((e) => e.event_type)).toEqual(
      expect.arrayContaining(['GROUP_CHANGE', 'USER_CHANGE', 'GROUP_MEMBERSHIP_CHANGE']),
    );
    expect(JSON.stringify(found)).toContain(groupId);
    // Workforce events name the user by user name (the event's User record has no id).
    expect(JSON.stringify(found)).toContain('"user_name":"margaret"');
  });

  it('provisions: a group, an identity in it, and the events of both', async () => {
    const group = await s.op('access.createGroup', {
      realm_id: REALM,
      group: { display_name: 'Night shift', description: 'On call after ten at night' },
    });
    expect(group.isError, summary(group)).toBeFalsy();
    expect(summary(group)).toMatch(/"Night shift"/);
    const groupId = data(group).id as string;

    const identity = await s.op('access.createIdentity', {
      realm_id: REALM,
      identity: {
        display_name: 'Grace Hopper',
        status: 'active',
        traits: {
          type: 'traits_v0',
          username: 'grace.hopper',
          primary_email_address: 'grace@example.com',
        },
      },
    });
    expect(identity.isError, summary(identity)).toBeFalsy();
    const identityId = data(identity).id as string;

    const added = await s.op('access.addGroupMembers', {
      realm_id: REALM,
      group_id: groupId,
      identity_ids: [identityId],
    });
    expect(added.isError, summary(added)).toBeFalsy();

    const members = await s.op('access.listGroupMembers', { realm_id: REALM, group_id: groupId });
    expect(members.isError, summary(members)).toBeFalsy();
    expect(JSON.stringify(data(members).items)).toContain(identityId);

    const events = await s.call('events_search', {
      start_time: '1h',
      query_text: { any: ['Night shift', 'grace.hopper'] },
    });
    expect(events.isError, summary(events)).toBeFalsy();
    const found = data(events).events as { event_type: string; data: unknown }[];
    const types = found.map((e) => e.event_type);
    expect(types).toEqual(
      expect.arrayContaining(['GROUP_CHANGE', 'USER_CHANGE', 'GROUP_MEMBERSHIP_CHANGE']),
    );
    expect(JSON.stringify(found)).toContain(groupId);
    // The events' User record names the identity by user name (it has no id field).
    expect(JSON.stringify(found)).toContain('"user_name":"grace.hopper"');
    expect(data(events).query_text).toBe('"Night shift" OR "grace.hopper"');
  });

  it('pages the events with an opaque cursor', async () => {
    const first = await s.call('events_search', { page_size: 2 });
    expect(data(first).events).toHaveLength(2);
    const cursor = data(first).next_cursor as string;
    const second = await s.call('events_search', { page_size: 2, cursor });
    const ids = (r: typeof first) => (data(r).events as { id: string }[]).map((e) => e.id);
    expect(ids(second).length).toBeGreaterThan(0);
    expect(ids(second).some((id) => ids(first).includes(id))).toBe(false);
    const listed = await s.call('events_list', { ordering: 'desc', page_size: 2 });
    expect(listed.isError, summary(listed)).toBeFalsy();
    expect(data(listed).next_cursor).toEqual(expect.any(String));
  });

  it('pages a list with an opaque cursor', async () => {
    for (const name of ['Alpha', 'Beta', 'Gamma'])
      await s.op('access.createGroup', {
        realm_id: REALM,
        group: { display_name: `Team ${name}` },
      });
    const first = await s.op('access.listGroups', { realm_id: REALM, page_size: 2 });
    expect(first.isError, summary(first)).toBeFalsy();
    expect(data(first).items).toHaveLength(2);
    const cursor = data(first).next_cursor as string;
    expect(cursor).toEqual(expect.any(String));
    const second = await s.op('access.listGroups', { realm_id: REALM, page_size: 2, cursor });
    expect(second.isError, summary(second)).toBeFalsy();
    const ids = (r: typeof first) => (data(r).items as { id: string }[]).map((g) => g.id);
    expect(ids(second).some((id) => ids(first).includes(id))).toBe(false);
    const foreign = await s.op('access.listIdentities', { realm_id: REALM, cursor });
    expect(foreign.isError).toBe(true);
    expect(summary(foreign)).toMatch(/cursor/);
  });

  it('refuses destructive tools without --allow-destructive, and does not list them', async () => {
    const { tools } = await server.client.listTools();
    expect(tools.some((t) => t.annotations?.destructiveHint)).toBe(false);
    const result = await s.call('workforce_groups_delete', { group_id: 'x' });
    expect(result.isError).toBe(true);
    expect(data(result).error).toMatchObject({
      type: 'NotAllowed',
      required_flags: ['--allow-destructive'],
    });
  });

  it('refuses invalid arguments before any call, naming each field', async () => {
    const tooLong = await s.op('access.createGroup', {
      realm_id: REALM,
      group: { display_name: 'x'.repeat(65) },
    });
    expect(tooLong.isError).toBe(true);
    expect(data(tooLong).error).toMatchObject({
      type: 'InvalidArguments',
      field_violations: [{ field: 'group.display_name', description: expect.stringMatching(/64/) }],
    });
    const forbidden = await s.op('access.createGroup', {
      realm_id: REALM,
      group: { display_name: 'a<b>' },
    });
    expect(summary(forbidden)).toMatch(/group\.display_name/);
    const missing = await s.op('access.createGroup', { group: { display_name: 'ok' } });
    expect(summary(missing)).toMatch(/realm_id is required/);
    const wrongType = await s.op('access.addGroupMembers', {
      realm_id: REALM,
      group_id: 'g',
      identity_ids: 'not-a-list',
    });
    expect(summary(wrongType)).toMatch(/identity_ids/);
    const unknown = await s.op('access.createGroup', { realm_id: REALM, group: {}, realm: 'x' });
    expect(summary(unknown)).toMatch(/realm is not an argument/);
  });

  it("turns the platform's refusals into tool errors with status, code, message and request id", async () => {
    const missing = await s.op('access.getGroup', { realm_id: REALM, group_id: 'no-such-group' });
    expect(missing.isError).toBe(true);
    expect(data(missing).error).toMatchObject({
      type: 'NotFoundError',
      status: 404,
      code: 'not_found',
      message: expect.stringMatching(/404/),
      resource: { resource_type: 'group', id: 'no-such-group' },
    });
    // Group names are unique in the workforce directory.
    await s.op('workforce.createGroup', { group: { name: 'Twice' } });
    const twice = await s.op('workforce.createGroup', { group: { name: 'Twice' } });
    expect(data(twice).error).toMatchObject({ type: 'ConflictError', status: 409 });
  });

  it('masks short codes', async () => {
    const user = await s.op('workforce.createUser', {
      user: { username: 'ada', email_address: 'ada@example.com' },
    });
    expect(user.isError, summary(user)).toBeFalsy();
    const binding = await s.op('workforce.createBindingJob', {
      binding_job: { user_id: data(user).id, delivery_method: 'SHORT_CODE' },
    });
    expect(binding.isError, summary(binding)).toBeFalsy();
    expect(data(binding).short_code_delivery_details).toMatchObject({ short_code: ENROLMENT_MASK });
    expect(summary(binding)).toMatch(/Masked: short_code_delivery_details\.short_code/);
  });

  it('masks binding links', async () => {
    const identity = await s.op('access.createIdentity', {
      realm_id: REALM,
      identity: { display_name: 'Alan', traits: { type: 'traits_v0', username: 'alan' } },
    });
    const job = await s.op('access.createCredentialBindingJob', {
      realm_id: REALM,
      identity_id: data(identity).id,
      job: { delivery_method: 'RETURN' },
    });
    expect(job.isError, summary(job)).toBeFalsy();
    expect(data(job).credential_binding_link).toBe(ENROLMENT_MASK);
    expect(summary(job)).toMatch(/Masked: credential_binding_link/);
  });

  it('put no credential in any result of this suite', () => {
    const transcript = s.transcript();
    expect(s.results.length).toBeGreaterThan(10);
    for (const secret of secrets) expect(transcript).not.toContain(secret);
    expect(transcript).not.toMatch(JWT);
  });
});

describe('a server with --allow-write --allow-destructive --reveal-enrolment-secrets', () => {
  let server: Connected;
  let s: Session;
  let secrets: string[];
  beforeAll(async () => {
    [server, secrets] = await Promise.all([
      connect([
        '--emulator',
        '--allow-write',
        '--allow-destructive',
        '--reveal-enrolment-secrets',
        '--all-tools',
      ]),
      seededSecrets(),
    ]);
    s = new Session(server.client);
  });
  afterAll(() => server.close());

  it('lists every tool: names, annotations and argument names as in the snapshot', async () => {
    const { tools } = await server.client.listTools();
    // One line per tool (`*` marks a required argument): a plain text file, so that a change to
    // the tool list reads as a one-line diff.
    const lines = tools.map((t) => {
      const a = t.annotations ?? {};
      const hints = ['readOnlyHint', 'destructiveHint', 'idempotentHint', 'openWorldHint']
        .map((hint) => `${hint.replace('Hint', '')}=${String(a[hint as keyof typeof a])}`)
        .join(' ');
      const required = new Set(t.inputSchema.required ?? []);
      const args = Object.keys(t.inputSchema.properties ?? {})
        .map((name) => (required.has(name) ? `${name}*` : name))
        .join(', ');
      return `${t.name} | ${hints} | ${args}`;
    });
    await expect(`${lines.join('\n')}\n`).toMatchFileSnapshot('./__snapshots__/tool-list.txt');
  });

  it('deletes with the flags', async () => {
    const group = await s.op('access.createGroup', {
      realm_id: REALM,
      group: { display_name: 'Temp' },
    });
    const deleted = await s.op('access.deleteGroup', { realm_id: REALM, group_id: data(group).id });
    expect(deleted.isError, summary(deleted)).toBeFalsy();
    const gone = await s.op('access.getGroup', { realm_id: REALM, group_id: data(group).id });
    expect(data(gone).error).toMatchObject({ status: 404 });
  });

  it('shows enrolment secrets to an operator who allowed them, never credentials', async () => {
    const user = await s.op('workforce.createUser', { user: { username: 'lin' } });
    const binding = await s.op('workforce.createBindingJob', {
      binding_job: { user_id: data(user).id, delivery_method: 'SHORT_CODE' },
    });
    expect(data(binding).short_code_delivery_details).toMatchObject({
      short_code: expect.stringMatching(/^\w{6,}$/),
    });
    const identity = await s.op('access.createIdentity', {
      realm_id: REALM,
      identity: { display_name: 'Katherine', traits: { type: 'traits_v0', username: 'kj' } },
    });
    const job = await s.op('access.createCredentialBindingJob', {
      realm_id: REALM,
      identity_id: data(identity).id,
      job: { delivery_method: 'RETURN' },
    });
    expect(data(job).credential_binding_link).toMatch(/^https?:\/\//);
    const app = await s.op('access.createApplication', {
      realm_id: REALM,
      application: {
        display_name: 'Reports',
        protocol_config: { type: 'oauth2', grant_type: ['client_credentials'] },
      },
    });
    expect(app.isError, summary(app)).toBeFalsy();
    const clientSecret = /"client_secret":"([^"]*)"/.exec(JSON.stringify(data(app)))?.[1];
    if (clientSecret !== undefined) expect(clientSecret).toBe(CREDENTIAL_MASK);
    const transcript = s.transcript();
    for (const secret of secrets) expect(transcript).not.toContain(secret);
    expect(transcript).not.toMatch(JWT);
  });
});
