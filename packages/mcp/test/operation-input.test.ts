// Tool inputs derived from the specs, and the wire arguments they become.
import { specDocument, specOperations } from '@x/specs';
import { describe, expect, it } from 'vitest';
import { operationInput } from '../src/tools/operation-input.js';
import { InputValidator } from '../src/tools/validate.js';

const TENANT = { tenant_id: 'tenant-1' };
const inputOf = (
  family: 'access' | 'workforce' | 'events',
  operationId: string,
  paged = false,
  hidden: string[] = [],
) => {
  const op = specOperations(family).get(operationId);
  if (!op) throw new Error(`no ${operationId}`);
  return operationInput(specDocument(family), op, family === 'access' ? TENANT : {}, paged, hidden);
};
const props = (schema: Record<string, unknown>) => Object.keys(schema.properties as object);

describe('tool inputs', () => {
  it('hoist a wrapped body beside the path parameters, and fill the tenant in', () => {
    const input = inputOf('access', 'createGroup');
    expect(props(input.schema)).toEqual(['realm_id', 'group']);
    expect(input.schema.required).toEqual(['realm_id', 'group']);
    expect(input.wire({ realm_id: 'r1', group: { display_name: 'Ops' } }, undefined)).toEqual({
      path: { tenant_id: 'tenant-1', realm_id: 'r1' },
      query: {},
      header: {},
      body: { group: { display_name: 'Ops' } },
    });
  });

  it("keep the spec's lengths and forbidden characters, written in place", () => {
    const input = inputOf('access', 'createGroup');
    const group = (input.schema.properties as Record<string, Record<string, unknown>>).group!;
    const name = (group.properties as Record<string, Record<string, unknown>>).display_name;
    expect(name).toMatchObject({
      type: 'string',
      minLength: 1,
      maxLength: 64,
      pattern: expect.any(String),
    });
    const check = new InputValidator(input.schema);
    expect(check.check({ realm_id: 'r', group: { display_name: 'a;b' } })).toEqual([
      { field: 'group.display_name', description: expect.stringMatching(/pattern/) },
    ]);
    expect(check.check({ realm_id: 'r', group: { display_name: 'Ops', colour: 'red' } })).toEqual([
      { field: 'group.colour', description: 'is not a known field' },
    ]);
  });

  it('say what an operation needs, down to the required fields of required objects', () => {
    expect(inputOf('access', 'addGroupMembers').needs).toEqual([
      'realm_id',
      'group_id',
      'identity_ids',
    ]);
    expect(inputOf('access', 'createBatchCredentialBindingJob').needs).toEqual([
      'realm_id',
      'batch_credential_binding_job.identity_ids',
      'batch_credential_binding_job.job_template',
    ]);
  });

  it('replace the paging parameters by one cursor, and default the page size', () => {
    const input = inputOf('access', 'listIdentities', true);
    expect(input.paged).toBe(true);
    expect(props(input.schema)).not.toContain('page_token');
    expect(props(input.schema)).not.toContain('skip');
    expect(props(input.schema)).toContain('cursor');
    expect(input.wire({ realm_id: 'r' }, 'tok-2').query).toEqual({
      page_size: 50,
      page_token: 'tok-2',
    });
    expect(input.wire({ realm_id: 'r', page_size: 5 }, undefined).query).toEqual({ page_size: 5 });
    const users = inputOf('workforce', 'listUsers', true);
    expect(users.wire({}, 100).query).toEqual({ page_size: 50, skip: 100 });
    const scim = inputOf('workforce', 'listScimUsers', true);
    expect(scim.wire({}, 51).query).toEqual({ count: 50, startIndex: 51 });
  });

  it('take the realm of a realm-scoped SCIM server as an argument', () => {
    const input = inputOf('access', 'listScimUsers', true);
    expect(input.schema.required).toContain('realm_id');
    expect(input.wire({ realm_id: 'r' }, undefined).path).toEqual({
      tenant_id: 'tenant-1',
      realm_id: 'r',
    });
  });

  it('send an empty object for a required body without fields, and hoist a replace body', () => {
    const retire = inputOf('workforce', 'retireTenantIssuer');
    expect(props(retire.schema)).toEqual([]);
    expect(retire.wire({}, undefined).body).toEqual({});
    const replace = inputOf('access', 'replaceScimUser');
    expect(props(replace.schema)).toEqual(
      expect.arrayContaining(['realm_id', 'user_id', 'userName']),
    );
  });

  it('leave out optional headers and hidden parameters', () => {
    expect(props(inputOf('access', 'getSsoConfig').schema)).not.toContain('x-correlation_id');
    const events = inputOf('events', 'listEvents', true, ['query_text']);
    expect(props(events.schema)).not.toContain('query_text');
    expect(events.schema.required).toEqual(['ordering']);
  });
});
