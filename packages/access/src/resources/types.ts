// Response types that more than one resource returns (a group's members are identities, an
// identity's groups are groups, both list roles), in a leaf module so that no resource imports
// another.
import type { components } from '../generated/schema.js';

type Schemas = components['schemas'];

/** A group of identities in a realm. */
export type Group = Schemas['Group'];
/** One page of groups, as the server sent it. */
export type GroupList = Schemas['GroupList'];
/** An identity (a user) of a realm. `traits` are typed by their `type` (`traits_v0`). */
export type Identity = Schemas['Identity'];
/** One page of identities, as the server sent it. */
export type IdentityList = Schemas['IdentityList'];
/** A role: a set of scopes of one resource server. */
export type Role = Schemas['Role'];
/** One page of roles, as the server sent it. */
export type RoleList = Schemas['RoleList'];
