// The facts codegen writes of each operation (`generated/operations.ts`): path parameters in path
// order, parameter names by place, the body's members (an `allOf` is one object), and the module
// as committed, which `codegen --check` keeps equal to the spec.
import { readFile } from 'node:fs/promises';
import { specDocument } from '@x/specs';
import { describe, expect, it } from 'vitest';
import { documentFacts, generateFacts, objectMembers, pathParamNames } from '../src/facts.js';

describe('operation facts', () => {
  it('reads path parameters in path order, an action suffix included', () => {
    expect(
      pathParamNames('/v1/tenants/{tenant_id}/realms/{realm_id}/groups/{group_id}:addMembers'),
    ).toEqual(['tenant_id', 'realm_id', 'group_id']);
    expect(pathParamNames('/scim/v2/Users')).toEqual([]);
  });

  it('lists the members of an object body, through references and the parts of an allOf', () => {
    const doc = {
      components: { schemas: { Base: { properties: { a: {}, b: {} } } } },
    };
    expect(objectMembers(doc, { $ref: '#/components/schemas/Base' })).toEqual(['a', 'b']);
    expect(
      objectMembers(doc, {
        allOf: [{ $ref: '#/components/schemas/Base' }, { properties: { c: {}, a: {} } }],
      }),
    ).toEqual(['a', 'b', 'c']);
    expect(objectMembers(doc, { type: 'object' })).toEqual([]);
  });

  it('records an operation of the specs as the catalog needs it', () => {
    const access = documentFacts(specDocument('access'));
    expect(access.get('addRoleMembers')).toEqual({
      method: 'post',
      path: '/v1/tenants/{tenant_id}/realms/{realm_id}/resource-servers/{resource_server_id}/roles/{role_id}:addMembers',
      pathParams: ['tenant_id', 'realm_id', 'resource_server_id', 'role_id'],
      serverVariables: [],
      query: [],
      header: [],
      body: ['group_ids', 'identity_ids'],
    });
    // The SCIM realm is a variable of the operation's server, not a path parameter.
    const scim = access.get('listScimUsers')!;
    expect([scim.pathParams, scim.serverVariables, scim.query, scim.body]).toEqual([
      [],
      ['tenant_id', 'realm_id'],
      ['filter', 'count', 'startIndex'],
      null,
    ]);
  });

  it('is the committed module of each family', async () => {
    for (const family of ['access', 'workforce', 'events', 'legacy']) {
      const committed = (module: string) =>
        readFile(
          new URL(`../../../packages/${family}/src/generated/${module}.ts`, import.meta.url),
          'utf8',
        );
      const generated = generateFacts(family, `specs/${family}.yaml`);
      expect(generated.operations).toBe(await committed('operations'));
      expect(generated.queries).toBe(await committed('queries'));
    }
  });
});
