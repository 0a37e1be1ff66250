// Every operation of the workforce spec, callable by operationId with wire-shaped arguments (see
// `OperationCatalog` in @x/runtime/internal): what the command line and the MCP server use. The
// token endpoint is left out: tokens are `@x/auth`'s (`clientCredentials`). `resource` and `method`
// name the command and the tool: they keep 0.2's names (`groups list-members`), which need not
// mirror the SDK's nesting (`groups.members.list`).
import { type OperationCatalog, paramsFromWire } from '@x/runtime/internal';
import type { WorkforceClient } from './client.js';

export { WORKFORCE_RETRY_SAFE } from './retry-safe.js';

import type { operations } from './generated/schema.js';
import {
  FILTERED_LIST_PARAMS,
  type FilteredListParams,
  PAGE_PARAMS,
  type PageParams,
} from './resources/lists.js';
import { SCIM_LIST_PARAMS, type ScimCollection, type ScimListParams } from './scim/lists.js';
import type { ScimGroupPatchOperation } from './scim/types.js';

const offset = <C extends 'users' | 'groups' | 'passkeys'>(query: object | undefined) =>
  paramsFromWire<FilteredListParams<C>>(query, FILTERED_LIST_PARAMS);
const scim = <C extends ScimCollection>(query: object | undefined) =>
  paramsFromWire<ScimListParams<C>>(query, SCIM_LIST_PARAMS);

export const WORKFORCE_OPERATIONS: OperationCatalog<
  WorkforceClient,
  Omit<operations, 'issueToken'>
> = {
  createUser: {
    effect: 'write',
    resource: ['users'],
    method: 'create',
    call: (c, { body }, o) => c.users.create(body.user, o),
  },
  listUsers: {
    effect: 'read',
    resource: ['users'],
    method: 'list',
    list: (c, { query }, o) => c.users.list(offset<'users'>(query), o),
  },
  getUser: {
    effect: 'read',
    resource: ['users'],
    method: 'get',
    call: (c, { path }, o) => c.users.get(path.user_id, o),
  },
  updateUser: {
    effect: 'write',
    resource: ['users'],
    method: 'update',
    call: (c, { path, body }, o) => c.users.update(path.user_id, body.user, o),
  },
  deleteUser: {
    effect: 'destructive',
    resource: ['users'],
    method: 'delete',
    call: (c, { path }, o) => c.users.delete(path.user_id, o),
  },
  listUserGroups: {
    effect: 'read',
    resource: ['users'],
    method: 'listGroups',
    list: (c, { path, query }, o) =>
      c.users.groups.list(path.user_id, paramsFromWire<PageParams>(query, PAGE_PARAMS), o),
  },
  createGroup: {
    effect: 'write',
    resource: ['groups'],
    method: 'create',
    call: (c, { body }, o) => c.groups.create(body.group, o),
  },
  listGroups: {
    effect: 'read',
    resource: ['groups'],
    method: 'list',
    list: (c, { query }, o) => c.groups.list(offset<'groups'>(query), o),
  },
  getGroup: {
    effect: 'read',
    resource: ['groups'],
    method: 'get',
    call: (c, { path }, o) => c.groups.get(path.group_id, o),
  },
  updateGroup: {
    effect: 'write',
    resource: ['groups'],
    method: 'update',
    call: (c, { path, body }, o) => c.groups.update(path.group_id, body.group, o),
  },
  deleteGroup: {
    effect: 'destructive',
    resource: ['groups'],
    method: 'delete',
    call: (c, { path }, o) => c.groups.delete(path.group_id, o),
  },
  listGroupUsers: {
    effect: 'read',
    resource: ['groups'],
    method: 'listMembers',
    list: (c, { path, query }, o) =>
      c.groups.members.list(path.group_id, offset<'users'>(query), o),
  },
  addGroupUsers: {
    effect: 'write',
    resource: ['groups'],
    method: 'addMembers',
    call: (c, { path, body }, o) => c.groups.members.add(path.group_id, body.user_ids, o),
  },
  deleteGroupUsers: {
    effect: 'destructive',
    resource: ['groups'],
    method: 'removeMembers',
    call: (c, { path, body }, o) => c.groups.members.remove(path.group_id, body.user_ids, o),
  },
  createBindingJob: {
    effect: 'write',
    resource: ['bindingJobs'],
    method: 'create',
    call: (c, { body }, o) =>
      c.bindingJobs.create(
        body.ttl_seconds === undefined
          ? body.binding_job
          : { ...body.binding_job, ttl_seconds: body.ttl_seconds },
        o,
      ),
  },
  getBindingJob: {
    effect: 'read',
    resource: ['bindingJobs'],
    method: 'get',
    call: (c, { path }, o) => c.bindingJobs.get(path.binding_job_id, o),
  },
  listPasskeys: {
    effect: 'read',
    resource: ['passkeys'],
    method: 'list',
    list: (c, { query }, o) => c.passkeys.list(offset<'passkeys'>(query), o),
  },
  deletePasskey: {
    effect: 'destructive',
    resource: ['passkeys'],
    method: 'delete',
    call: (c, { path }, o) => c.passkeys.delete(path.passkey_id, o),
  },
  getPasskeyTags: {
    effect: 'read',
    resource: ['passkeys'],
    method: 'getTags',
    unwrap: 'tags',
    call: (c, { path }, o) => c.passkeys.tags.get(path.passkey_id, o),
  },
  setPasskeyTags: {
    effect: 'write',
    resource: ['passkeys'],
    method: 'replaceTags',
    unwrap: 'tags',
    call: (c, { path, body }, o) => c.passkeys.tags.replace(path.passkey_id, body.tags, o),
  },
  retireTenantIssuer: {
    effect: 'destructive',
    resource: ['certificateAuthority'],
    method: 'retireTenantIssuer',
    call: (c, _args, o) => c.certificateAuthority.retireTenantIssuer(o),
  },
  createScimUser: {
    effect: 'write',
    resource: ['scim', 'users'],
    method: 'create',
    call: (c, { body }, o) => c.scim.users.create(body, o),
  },
  listScimUsers: {
    effect: 'read',
    resource: ['scim', 'users'],
    method: 'list',
    list: (c, { query }, o) => c.scim.users.list(scim<'scimUsers'>(query), o),
  },
  getScimUser: {
    effect: 'read',
    resource: ['scim', 'users'],
    method: 'get',
    call: (c, { path }, o) => c.scim.users.get(path.user_id, o),
  },
  replaceScimUser: {
    effect: 'write',
    resource: ['scim', 'users'],
    method: 'replace',
    call: (c, { path, body }, o) => c.scim.users.replace(path.user_id, body, o),
  },
  updateScimUser: {
    effect: 'write',
    resource: ['scim', 'users'],
    method: 'patch',
    call: (c, { path, body }, o) => c.scim.users.patch(path.user_id, body.Operations, o),
  },
  deleteScimUser: {
    effect: 'destructive',
    resource: ['scim', 'users'],
    method: 'delete',
    call: (c, { path }, o) => c.scim.users.delete(path.user_id, o),
  },
  createScimGroup: {
    effect: 'write',
    resource: ['scim', 'groups'],
    method: 'create',
    call: (c, { body }, o) => c.scim.groups.create(body, o),
  },
  listScimGroups: {
    effect: 'read',
    resource: ['scim', 'groups'],
    method: 'list',
    list: (c, { query }, o) => c.scim.groups.list(scim<'scimGroups'>(query), o),
  },
  getScimGroup: {
    effect: 'read',
    resource: ['scim', 'groups'],
    method: 'get',
    call: (c, { path }, o) => c.scim.groups.get(path.group_id, o),
  },
  updateScimGroup: {
    effect: 'write',
    resource: ['scim', 'groups'],
    method: 'patch',
    // The SDK's type encodes the group PATCH rules (one change per operation); the wire shape is
    // looser, and `patch` checks the rules at run time before sending, naming the operation.
    call: (c, { path, body }, o) =>
      c.scim.groups.patch(path.group_id, body.Operations as ScimGroupPatchOperation[], o),
  },
  deleteScimGroup: {
    effect: 'destructive',
    resource: ['scim', 'groups'],
    method: 'delete',
    call: (c, { path }, o) => c.scim.groups.delete(path.group_id, o),
  },
  listScimResourceTypes: {
    effect: 'read',
    resource: ['scim'],
    method: 'resourceTypes',
    call: (c, _args, o) => c.scim.resourceTypes(o),
  },
  listScimSchemas: {
    effect: 'read',
    resource: ['scim'],
    method: 'schemas',
    call: (c, _args, o) => c.scim.schemas(o),
  },
  getScimServiceProviderConfig: {
    effect: 'read',
    resource: ['scim'],
    method: 'serviceProviderConfig',
    call: (c, _args, o) => c.scim.serviceProviderConfig(o),
  },
};
