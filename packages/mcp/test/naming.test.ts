import { describe, expect, it } from 'vitest';
import { snakeCase, TOOL_NAME, toolName } from '../src/tools/naming.js';

describe('tool names', () => {
  it('are the family, the resource path and the method in snake case', () => {
    expect(toolName('workforce', ['users'], 'create')).toBe('workforce_users_create');
    expect(toolName('access', ['realm', 'groups'], 'addMembers')).toBe('access_groups_add_members');
    expect(toolName('workforce', ['scim', 'users'], 'replace')).toBe(
      'workforce_scim_users_replace',
    );
    expect(toolName('workforce', ['certificateAuthority'], 'retireTenantIssuer')).toBe(
      'workforce_certificate_authority_retire_tenant_issuer',
    );
  });

  it('leave out scope accessors and a resource named like its family', () => {
    expect(toolName('events', [], 'list')).toBe('events_list');
    expect(toolName('events', ['events'], 'list')).toBe('events_list');
    expect(toolName('access', ['realm', 'scim', 'users'], 'list')).toBe('access_scim_users_list');
  });

  it('split camel case, acronyms and separators', () => {
    expect(snakeCase('listSsoConfigs')).toBe('list_sso_configs');
    expect(snakeCase('SCIMUsers')).toBe('scim_users');
    expect(snakeCase('binding-jobs')).toBe('binding_jobs');
  });

  it('fit what every client accepts', () => {
    expect(TOOL_NAME.test('access_sso_configs_list_identity_associations')).toBe(true);
    expect(TOOL_NAME.test('Access-Groups')).toBe(false);
    expect(TOOL_NAME.test('a'.repeat(65))).toBe(false);
  });
});
