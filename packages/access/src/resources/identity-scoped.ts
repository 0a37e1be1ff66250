// What the resources under an identity share (its credentials, its credential binding jobs, its
// groups and roles): the realm's scope, and the path of the identity each call names first. The
// identity's id is checked by the runtime when a call is made (a blank one rejects, naming
// `identityId`).
import type { RealmScope } from '../api.js';

/** A resource under an identity: `realm.identities.credentials`, … */
export abstract class IdentityChild {
  /** @internal */
  constructor(
    /** @internal */
    protected readonly scope: RealmScope,
  ) {}

  /** The path parameters of the identity. */
  protected identityPath(identityId: string) {
    return { ...this.scope.path, identity_id: identityId };
  }
}
