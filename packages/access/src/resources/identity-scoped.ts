// What the resources under one identity share (its credentials, its credential binding jobs):
// the realm's scope and the identity's id, checked by the runtime when a call is made.
import type { RealmScope } from '../api.js';

/** A resource of one identity: `realm.credentials(identityId)`, … */
export abstract class IdentityScoped {
  /** @internal */
  constructor(
    protected readonly scope: RealmScope,
    /** The identity whose resource this is. */
    readonly identityId: string,
  ) {}

  /** The path parameters of the identity. */
  protected identityPath() {
    return { ...this.scope.path, identity_id: this.identityId };
  }
}
