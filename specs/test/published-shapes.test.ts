// Bodies shaped as the platform's published examples and schemas show them, which the specs once
// refused: each is validated against the schema the spec declares for it, with objects closed as
// the specs' convention says (`closedSchema`).
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { closedSchema, specDocument } from '../index.mjs';

type Json = Record<string, unknown>;
const ajv = new Ajv2020({ strict: false, allErrors: true });
(addFormats as unknown as (a: Ajv2020) => void)(ajv);
for (const f of ['int32', 'int64', 'uint32', 'uint64', 'float', 'double']) ajv.addFormat(f, true);
for (const name of ['workforce', 'access'])
  ajv.addSchema({
    $id: `urn:shapes:${name}`,
    components: closedSchema((specDocument(name) as Json).components, `urn:shapes:${name}`),
  });

function errorsOf(spec: string, component: string, value: unknown) {
  const validate = ajv.getSchema(`urn:shapes:${spec}#/components/schemas/${component}`);
  if (!validate) throw new Error(`no ${component} in ${spec}`);
  return validate(value) ? [] : validate.errors;
}

const ids = {
  id: '7b3e1a9d-4c6f-4d82-a5e1-9f0b2c8d3e16',
  realm_id: '3c7e9b2a-5d1f-4a86-b3e0-7f2c4d9a1e65',
  tenant_id: '9a2f6c1e-3b7d-4e58-a0c4-1d8e5f7b2c90',
};

describe('published shapes the specs accept', () => {
  it.each(['workforce', 'access'])('%s: an error detail of an unpublished kind', (spec) => {
    const error = {
      code: 'not_found',
      message: 'resource not found',
      details: [{ type: 'ErrorInfo', reason: 'IDENTITY_NOT_FOUND', metadata: { id: ids.id } }],
    };
    expect(errorsOf(spec, 'Error', error)).toEqual([]);
    // One open object: a known kind's members keep their types, and every detail names its kind.
    const known = { type: 'ResourceInfo', resource_type: 'identity', id: ids.id, description: 'x' };
    expect(errorsOf(spec, 'Error', { ...error, details: [known] })).toEqual([]);
    expect(errorsOf(spec, 'Error', { ...error, details: [{ ...known, id: 7 }] })).not.toEqual([]);
    expect(errorsOf(spec, 'Error', { ...error, details: [{ id: ids.id }] })).not.toEqual([]);
  });

  it('access: an identity without status', () => {
    const identity = {
      ...ids,
      display_name: 'Ada Lovelace',
      create_time: '2026-01-12T08:00:00Z',
      update_time: '2026-01-12T08:00:00Z',
      traits: { type: 'traits_v0', username: 'ada' },
    };
    expect(errorsOf('access', 'Identity', identity)).toEqual([]);
  });

  it('access: a theme without update_time', () => {
    const theme = { ...ids, create_time: '2026-01-12T08:10:00Z', email_realm_name: 'Example' };
    expect(errorsOf('access', 'Theme', theme)).toEqual([]);
  });

  it("access: an identity's SSO-config page and a created identity provider without ids", () => {
    expect(errorsOf('access', 'IdentitySsoConfigList', {})).toEqual([]);
    const examples = ((specDocument('access') as Json).components as Json).examples as Record<
      string,
      { value: Json }
    >;
    const { id: _i, tenant_id: _t, realm_id: _r, ...created } = examples.IdentityProvider!.value;
    expect(errorsOf('access', 'CreatedIdentityProvider', created)).toEqual([]);
  });

  it.each([
    [
      'access',
      ['IdentityList', 'TokenList', 'BatchCredentialBindingJobResultList', 'RoleMemberList'],
    ],
    ['workforce', ['UserList', 'GroupList', 'PasskeyList', 'TagList']],
  ] as const)('%s: an empty list as proto3 JSON sends it, `{}`', (spec, lists) => {
    for (const list of lists) expect(errorsOf(spec, list, {}), list).toEqual([]);
  });

  it('proto3 JSON: an identity of an SSO configuration without status, a flow without false', () => {
    const identity = {
      ...ids,
      create_time: '2026-01-12T08:00:00Z',
      update_time: '2026-01-12T08:00:00Z',
    };
    expect(errorsOf('access', 'SsoConfigIdentity', identity)).toEqual([]);
    expect(errorsOf('access', 'FlowTypeConfiguration', {})).toEqual([]);
    const passkey = {
      id: 'pk-1',
      user_id: 'u-1',
      user_name: 'ada',
      date_created: '2026-01-12T08:00:00Z',
      vulnerabilities: {},
    };
    expect(errorsOf('workforce', 'Passkey', passkey)).toEqual([]);
  });

  it("access: the SSO request examples use only the published variants' fields", () => {
    // The facts' `SsoConfig` (create's `sso_config`) and its payload variants `SsoConfigBookmark`,
    // `SsoConfigGenericOidc`; update's `sso_config` is `SsoConfigBookmarkPartialUpdate`.
    const published = {
      ssoConfig: {
        fields: ['is_migrated', 'display_name', 'payload'],
        required: ['display_name', 'payload'],
      },
      bookmark: {
        fields: ['type', 'login_link', 'icon', 'is_tile_visible'],
        required: ['type', 'login_link'],
      },
      generic_oidc: {
        fields: [
          'type',
          'redirect_uris',
          'scopes',
          'trusted_origins',
          'login_link',
          'icon',
          'is_tile_visible',
          'confidentiality',
          'pkce',
          'inbound_scim',
        ],
        required: ['type', 'redirect_uris', 'scopes', 'confidentiality', 'pkce'],
      },
      bookmarkUpdate: {
        fields: ['type', 'login_link', 'icon', 'is_tile_visible'],
        required: ['type'],
      },
    };
    const fits = (value: Json, shape: { fields: string[]; required: string[] }) => ({
      unpublished: Object.keys(value).filter((key) => !shape.fields.includes(key)),
      missing: shape.required.filter((key) => !(key in value)),
    });
    const none = { unpublished: [], missing: [] };
    const paths = (specDocument('access') as Json).paths as Record<string, Json>;
    const ssoConfigs = paths['/v1/tenants/{tenant_id}/realms/{realm_id}/sso-configs'] as Json;
    const ssoConfig = paths[
      '/v1/tenants/{tenant_id}/realms/{realm_id}/sso-configs/{sso_config_id}'
    ] as Json;
    const examplesOf = (op: unknown) =>
      ((((op as Json).requestBody as Json).content as Json)['application/json'] as Json)
        .examples as Record<string, { value: { sso_config: Json } }>;
    const created = examplesOf(ssoConfigs.post);
    for (const name of ['bookmark', 'genericOidc']) {
      const config = created[name]!.value.sso_config;
      expect(fits(config, published.ssoConfig), name).toEqual(none);
      const payload = config.payload as Json;
      const variant = published[payload.type as 'bookmark' | 'generic_oidc'];
      expect(fits(payload, variant), name).toEqual(none);
    }
    const hideTile = examplesOf(ssoConfig.patch).hideTile!.value.sso_config;
    expect(hideTile.type).toBe('bookmark');
    expect(fits(hideTile, published.bookmarkUpdate)).toEqual(none);
  });

  it('access SCIM: manager as a string, schemas without the core URN first', () => {
    const user = {
      schemas: [
        'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User',
        'urn:ietf:params:scim:schemas:core:2.0:User',
      ],
      id: ids.id,
      userName: 'ada',
      'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User': { manager: 'mgr-1' },
      meta: {
        resourceType: 'User',
        created: '2026-01-12T08:00:00Z',
        lastModified: '2026-01-12T08:00:00Z',
        location: `https://scim.example.com/Users/${ids.id}`,
        version: 'W/"1"',
      },
    };
    expect(errorsOf('access', 'ScimUser', user)).toEqual([]);
    const complex = {
      ...user,
      'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User': {
        manager: { value: 'mgr-1', displayName: 'Grace' },
      },
    };
    expect(errorsOf('access', 'ScimUser', complex)).toEqual([]);
  });

  it.each(['workforce', 'access'])(
    '%s SCIM discovery: sub-attributes without multiValued and description',
    (spec) => {
      const attribute = {
        name: 'emails',
        type: 'complex',
        multiValued: true,
        description: 'E-mail addresses.',
        required: false,
        mutability: 'readWrite',
        returned: 'default',
        subAttributes: [
          {
            name: 'value',
            type: 'string',
            required: false,
            mutability: 'readWrite',
            returned: 'default',
          },
        ],
      };
      expect(errorsOf(spec, 'ScimSchemaAttribute', attribute)).toEqual([]);
      // An attribute itself still carries both.
      const { multiValued: _m, ...withoutMultiValued } = attribute;
      expect(errorsOf(spec, 'ScimSchemaAttribute', withoutMultiValued)).not.toEqual([]);
    },
  );
});
