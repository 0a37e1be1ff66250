// Every operation of the workforce spec, callable by operationId with wire-shaped arguments (see
// `OperationCatalog` in @x/runtime/internal): what the command line and the MCP server use. The
// token endpoint is left out: tokens are `@x/auth`'s (`clientCredentials`). Each entry is derived
// from the spec's facts (`generated/operations.ts`) and one description (`operationCatalog`):
// `resource` and `method` name the command and the tool and keep 0.2's names (`groups
// list-members`); `sdk` says where the SDK method lives when that is not the same path
// (`groups.members.list`). Only calls off the convention are written by hand (`BY_HAND`).
import { type CatalogEntry, type OperationCatalog, operationCatalog } from '@x/runtime/internal';
import type { WorkforceClient } from './client.js';

export { WORKFORCE_RETRY_SAFE } from './retry-safe.js';

import { OPERATION_FACTS } from './generated/operations.js';
import type { operations } from './generated/schema.js';
import type { ScimGroupPatchOperation } from './scim/types.js';

type Operations = Omit<operations, 'issueToken'>;
type Entry<K extends keyof Operations> = CatalogEntry<WorkforceClient, Operations[K]>;
/** The workforce client has no scope methods and no header options. */
const SHAPE = { scopes: {}, fixed: [], headerOptions: {} } as const;

/** The calls that do not follow the convention, each with its reason. */
const BY_HAND: {
  readonly createBindingJob: Entry<'createBindingJob'>;
  readonly updateScimGroup: Entry<'updateScimGroup'>;
} = {
  // The SDK takes the job's time to live inside the job; the wire sends it beside it.
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
  // The SDK's type encodes the group PATCH rules (one change per operation); the wire shape is
  // looser, and `patch` checks the rules at run time before sending, naming the operation.
  updateScimGroup: {
    effect: 'write',
    resource: ['scim', 'groups'],
    method: 'patch',
    call: (c, { path, body }, o) =>
      c.scim.groups.patch(path.group_id, body.Operations as ScimGroupPatchOperation[], o),
  },
};

export const WORKFORCE_OPERATIONS: OperationCatalog<
  WorkforceClient,
  Omit<operations, 'issueToken'>
> = /* @__PURE__ */ operationCatalog<WorkforceClient, Operations>()(OPERATION_FACTS, SHAPE, {
  createUser: { resource: ['users'], method: 'create' },
  listUsers: { resource: ['users'], method: 'list' },
  getUser: { resource: ['users'], method: 'get' },
  updateUser: { resource: ['users'], method: 'update' },
  deleteUser: { resource: ['users'], method: 'delete' },
  listUserGroups: { resource: ['users'], method: 'listGroups', sdk: 'users.groups.list' },
  createGroup: { resource: ['groups'], method: 'create' },
  listGroups: { resource: ['groups'], method: 'list' },
  getGroup: { resource: ['groups'], method: 'get' },
  updateGroup: { resource: ['groups'], method: 'update' },
  deleteGroup: { resource: ['groups'], method: 'delete' },
  listGroupUsers: { resource: ['groups'], method: 'listMembers', sdk: 'groups.members.list' },
  addGroupUsers: {
    resource: ['groups'],
    method: 'addMembers',
    sdk: 'groups.members.add',
    body: 'user_ids',
  },
  deleteGroupUsers: {
    resource: ['groups'],
    method: 'removeMembers',
    sdk: 'groups.members.remove',
    body: 'user_ids',
    effect: 'destructive',
  },
  createBindingJob: BY_HAND.createBindingJob,
  getBindingJob: { resource: ['bindingJobs'], method: 'get' },
  listPasskeys: { resource: ['passkeys'], method: 'list' },
  deletePasskey: { resource: ['passkeys'], method: 'delete' },
  getPasskeyTags: {
    resource: ['passkeys'],
    method: 'getTags',
    sdk: 'passkeys.tags.get',
    unwrap: 'tags',
  },
  setPasskeyTags: {
    resource: ['passkeys'],
    method: 'replaceTags',
    sdk: 'passkeys.tags.replace',
    unwrap: 'tags',
  },
  retireTenantIssuer: {
    resource: ['certificateAuthority'],
    method: 'retireTenantIssuer',
    effect: 'destructive',
  },
  createScimUser: { resource: ['scim', 'users'], method: 'create' },
  listScimUsers: { resource: ['scim', 'users'], method: 'list' },
  getScimUser: { resource: ['scim', 'users'], method: 'get' },
  replaceScimUser: { resource: ['scim', 'users'], method: 'replace' },
  updateScimUser: { resource: ['scim', 'users'], method: 'patch', body: 'Operations' },
  deleteScimUser: { resource: ['scim', 'users'], method: 'delete' },
  createScimGroup: { resource: ['scim', 'groups'], method: 'create' },
  listScimGroups: { resource: ['scim', 'groups'], method: 'list' },
  getScimGroup: { resource: ['scim', 'groups'], method: 'get' },
  updateScimGroup: BY_HAND.updateScimGroup,
  deleteScimGroup: { resource: ['scim', 'groups'], method: 'delete' },
  listScimResourceTypes: { resource: ['scim'], method: 'resourceTypes' },
  listScimSchemas: { resource: ['scim'], method: 'schemas' },
  getScimServiceProviderConfig: { resource: ['scim'], method: 'serviceProviderConfig' },
});
