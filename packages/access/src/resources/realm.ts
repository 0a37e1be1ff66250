import type { RealmScope } from '../context.js';
import { requireId } from '../ids.js';
import type { ScimResource } from '../scim/scim.js';
import { ApplicationsResource } from './applications.js';
import { AuthenticatorConfigsResource } from './authenticator-configs.js';
import { GroupsResource } from './groups.js';
import { IdentitiesResource } from './identities.js';
import { RolesResource } from './roles.js';
import { SsoConfigsResource } from './sso-configs.js';
import { ThemesResource } from './themes.js';
import { TokensResource } from './tokens.js';

/** Everything inside one realm, from `access.realm(realmId)`. */
export class AccessRealm {
  /** The realm's id. */
  readonly realmId: string;
  /** Groups, their members and roles. */
  readonly groups: GroupsResource;
  /** Identities (users), found by username, batch-deleted, with their groups and roles. */
  readonly identities: IdentitiesResource;
  /** Themes (get and update). */
  readonly themes: ThemesResource;
  /** OAuth 2.0 and OIDC applications. */
  readonly applications: ApplicationsResource;
  /** Authenticator configurations. */
  readonly authenticatorConfigs: AuthenticatorConfigsResource;
  /** SSO configurations. */
  readonly ssoConfigs: SsoConfigsResource;
  /**
   * The SCIM 2.0 server. It lives on its own base URL: pass `scimBaseUrl` to
   * `createAccessClient`, or every SCIM call rejects with a ValidationError.
   */
  readonly scim: ScimResource;

  /** @internal */
  constructor(
    private readonly scope: RealmScope,
    scim: ScimResource,
  ) {
    this.realmId = scope.path.realm_id;
    this.groups = new GroupsResource(scope);
    this.identities = new IdentitiesResource(scope);
    this.themes = new ThemesResource(scope);
    this.applications = new ApplicationsResource(scope);
    this.authenticatorConfigs = new AuthenticatorConfigsResource(scope);
    this.ssoConfigs = new SsoConfigsResource(scope);
    this.scim = scim;
    Object.freeze(this);
  }

  /**
   * The roles of one resource server (for example the management API's).
   * @throws ValidationError when `resourceServerId` is not a non-empty string.
   */
  roles(resourceServerId: string): RolesResource {
    return new RolesResource(this.scope, requireId(resourceServerId, 'resourceServerId'));
  }

  /**
   * The tokens one application issued: list and revoke.
   * @throws ValidationError when `applicationId` is not a non-empty string.
   */
  tokens(applicationId: string): TokensResource {
    return new TokensResource(this.scope, requireId(applicationId, 'applicationId'));
  }
}
