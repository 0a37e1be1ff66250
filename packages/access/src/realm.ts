// What `access.realm(realmId)` returns: every resource of one realm, built from the realm's scope
// (the management API's client, `{ tenant_id, realm_id }`, and the realm's SCIM client).
//
// Adding a resource is one line:
//   - a resource of the realm is a property:  `readonly things = new Things(this.scope);`
//   - one under a parent is a property of the parent's resource, whose calls name the parent
//     first: `realm.identities.credentials.list(identityId)` (`readonly credentials = …` in
//     `Identities`)
// with its TSDoc above it, and its class and types exported from index.ts. The methods at the end
// are 0.2's scoping factories, kept as deprecated aliases for one minor.
import { requireId } from '@x/runtime/internal';
import type { RealmScope } from './api.js';
import { Applications } from './resources/applications.js';
import { AuthenticatorConfigs } from './resources/authenticator-configs.js';
import { BatchCredentialBindingJobs } from './resources/batch-credential-binding-jobs.js';
import { CredentialBindingJobs } from './resources/credential-binding-jobs.js';
import { Credentials } from './resources/credentials.js';
import { FlowTypeConfigResource } from './resources/flow-type-config.js';
import { Groups } from './resources/groups.js';
import { Identities } from './resources/identities.js';
import { IdentityProviders } from './resources/identity-providers.js';
import { ResourceServers } from './resources/resource-servers.js';
import { Roles } from './resources/roles.js';
import { SsoConfigs } from './resources/sso-configs.js';
import { Themes } from './resources/themes.js';
import { Tokens } from './resources/tokens.js';
import { Scim } from './scim/server.js';

// The scope, set before the resources below are built (a subclass's fields are initialized
// right after its base's constructor has run).
abstract class RealmScoped {
  constructor(
    /** @internal */
    protected readonly scope: RealmScope,
  ) {}
}

/** Everything inside one realm: `access.realm(realmId)`. */
export class AccessRealm extends RealmScoped {
  /** The realm's id. */
  readonly realmId: string = this.scope.path.realm_id;

  /** Groups: create, list, get, update, delete, their members (identities), roles and SSO configurations. */
  readonly groups = new Groups(this.scope);
  /**
   * Identities (users): found by username, deleted in batches, with their groups, roles,
   * credentials, credential binding jobs and SSO configurations.
   */
  readonly identities = new Identities(this.scope);
  /** Resource servers (the APIs applications can be granted access to), their scopes and roles. */
  readonly resourceServers = new ResourceServers(this.scope);
  /** Batch credential binding jobs: one job per identity for up to 1000 identities. */
  readonly batchCredentialBindingJobs = new BatchCredentialBindingJobs(this.scope);

  /**
   * Applications (OAuth 2.0 and OIDC): create, list, get, update, delete, their SSO configuration
   * and the tokens they issued.
   */
  readonly applications = new Applications(this.scope);
  /** Authenticator configurations (embedded SDK, hosted web, console, platform). */
  readonly authenticatorConfigs = new AuthenticatorConfigs(this.scope);
  /** Themes: create, get the active one, get, update. */
  readonly themes = new Themes(this.scope);
  /** External identity providers (OIDC); each call takes a `correlationId` option. */
  readonly identityProviders = new IdentityProviders(this.scope);
  /**
   * SSO configurations and the identities and groups assigned to them; each call takes a
   * `correlationId` option.
   */
  readonly ssoConfigs = new SsoConfigs(this.scope);
  /** The launch mechanisms (flow types) per platform: get, update. */
  readonly flowTypeConfig = new FlowTypeConfigResource(this.scope);
  // Made on first use: most realms are never reached through SCIM.
  #scim: Scim | undefined;

  /** @internal */
  constructor(scope: RealmScope) {
    super(scope);
    Object.freeze(this);
  }

  /**
   * The realm's SCIM 2.0 server: users (the realm's identities), groups and discovery. It lives
   * at `{baseUrl}/v1/tenants/{tenant_id}/realms/{realm_id}/scim/v2`, or at the client's
   * `scimBaseUrl`; requests are sent as `application/json`.
   */
  get scim(): Scim {
    this.#scim ??= new Scim(this.scope.scim);
    return this.#scim;
  }

  /**
   * The credentials bound to one identity, as 0.2 reached them.
   * @deprecated Use `realm.identities.credentials`, whose calls name the identity first
   * (`realm.identities.credentials.list(identityId)`). Removed in the next minor.
   * @throws ValidationError when `identityId` is not a non-empty string.
   */
  credentials(identityId: string): Credentials {
    const id = requireId(identityId, 'identityId');
    this.scope.api.deprecated('realm.credentials', 'realm.identities.credentials');
    return new Credentials(this.identities.credentials, id);
  }

  /**
   * The credential binding jobs of one identity, as 0.2 reached them.
   * @deprecated Use `realm.identities.credentialBindingJobs`, whose calls name the identity first
   * (`realm.identities.credentialBindingJobs.create(identityId, job)`). Removed in the next minor.
   * @throws ValidationError when `identityId` is not a non-empty string.
   */
  credentialBindingJobs(identityId: string): CredentialBindingJobs {
    const id = requireId(identityId, 'identityId');
    this.scope.api.deprecated(
      'realm.credentialBindingJobs',
      'realm.identities.credentialBindingJobs',
    );
    return new CredentialBindingJobs(this.identities.credentialBindingJobs, id);
  }

  /**
   * The roles of one resource server, as 0.2 reached them.
   * @deprecated Use `realm.resourceServers.roles`, whose calls name the resource server first
   * (`realm.resourceServers.roles.list(resourceServerId)`). Removed in the next minor.
   * @throws ValidationError when `resourceServerId` is not a non-empty string.
   */
  roles(resourceServerId: string): Roles {
    const id = requireId(resourceServerId, 'resourceServerId');
    this.scope.api.deprecated('realm.roles', 'realm.resourceServers.roles');
    return new Roles(this.resourceServers.roles, id);
  }

  /**
   * The tokens one application issued, as 0.2 reached them.
   * @deprecated Use `realm.applications.tokens`, whose calls name the application first
   * (`realm.applications.tokens.list(applicationId)`). Removed in the next minor.
   * @throws ValidationError when `applicationId` is not a non-empty string.
   */
  tokens(applicationId: string): Tokens {
    const id = requireId(applicationId, 'applicationId');
    this.scope.api.deprecated('realm.tokens', 'realm.applications.tokens');
    return new Tokens(this.applications.tokens, id);
  }
}
