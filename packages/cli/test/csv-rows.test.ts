// CSV rows as request bodies, checked against the spec: nested columns (`traits.username`),
// fixed values filled in (`traits.type`), each problem named by row, line and field.
import { describe, expect, it } from 'vitest';
import type { LooseEntry } from '../src/catalog.js';
import { FAMILIES } from '../src/families.js';
import { rowsToBodies } from '../src/import/csv-rows.js';
import { InputError } from '../src/invoke/input-error.js';
import { deriveCommands } from '../src/tree/derive.js';

// The access spec's createIdentity, with an entry standing in for the catalog's (only its shape
// matters here: nothing is sent).
const access = FAMILIES.find((f) => f.name === 'access')!;
const entry: LooseEntry = {
  effect: 'write',
  resource: ['realm', 'identities'],
  method: 'create',
  call: async () => undefined,
};
const [createIdentity] = deriveCommands(access, { createIdentity: entry }).commands;

describe('CSV rows', () => {
  it('builds nested bodies, filling the fixed traits type', () => {
    expect(createIdentity!.words).toEqual(['identities', 'create']);
    const bodies = rowsToBodies(
      createIdentity!,
      'display_name,status,traits.username,traits.primary_email_address\nAda L,active,ada,ada@example.com\n',
      'identities.csv',
    );
    expect(bodies).toEqual([
      {
        identity: {
          display_name: 'Ada L',
          status: 'active',
          traits: { type: 'traits_v0', username: 'ada', primary_email_address: 'ada@example.com' },
        },
      },
    ]);
  });

  it('names every bad row and field, and sends nothing', () => {
    const csv = [
      'display_name,status,traits.username',
      'Ada,active,ada',
      'Bad!,active,bad',
      'Grace,retired,grace',
      `${'x'.repeat(65)},active,long`,
    ].join('\n');
    let error: unknown;
    try {
      rowsToBodies(createIdentity!, csv, 'identities.csv');
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(InputError);
    const fields = (error as InputError).problems.map((p) => p.field);
    expect(fields).toEqual([
      'row 2 (line 3) display_name',
      'row 3 (line 4) status',
      'row 4 (line 5) display_name',
    ]);
    expect((error as InputError).problems[1]!.message).toMatch(
      /must be one of "active", "suspended"/,
    );
  });

  it('refuses a header that names no field', () => {
    expect(() => rowsToBodies(createIdentity!, 'display_name,nickname\nA,b\n', 'x.csv')).toThrow(
      /header "nickname"/,
    );
    expect(() => rowsToBodies(createIdentity!, 'traits.shoe_size\n42\n', 'x.csv')).toThrow(
      /header "traits.shoe_size"/,
    );
  });

  it('takes columns inside fields whose names hold dots (SCIM extension URNs)', () => {
    const workforce = FAMILIES.find((f) => f.name === 'workforce')!;
    const [createScimUser] = deriveCommands(workforce, {
      createScimUser: { ...entry, resource: ['scim', 'users'] },
    }).commands;
    const urn = 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User';
    const [body] = rowsToBodies(
      createScimUser!,
      [
        `schemas,externalId,userName,displayName,active,emails,name.givenName,${urn}.employeeNumber`,
        `urn:ietf:params:scim:schemas:core:2.0:User,x-1,ada,Ada,true,"[{""value"":""ada@example.com"",""primary"":true}]",Ada,E-1`,
      ].join('\n'),
      'scim.csv',
    );
    expect(body).toMatchObject({
      userName: 'ada',
      active: true,
      name: { givenName: 'Ada' },
      [urn]: { employeeNumber: 'E-1' },
    });
  });
});
