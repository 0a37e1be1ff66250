// The SSO configurations of a realm, the identities and groups assigned to them, and the SSO
// configurations of one identity or group. Every call carries a correlation id: the options'
// `correlationId`, sent as `x-correlation_id` and returned as `x-correlation-id` (a listing sends
// one id with all its pages).
import type { ApiPromise, Paginator } from '@x/runtime';
import { ValidationError } from '@x/runtime';
import {
  onePage,
  type PagingStyle,
  pageTokenPaging,
  requireBoolean,
  requireId,
  requireObject,
  uniqueIds,
} from '@x/runtime/internal';
import type { AccessApi, RealmScope } from '../api.js';
import type { components } from '../generated/schema.js';
import type { Input } from '../input.js';
import { shape } from '../shape-checks.js';
import {
  type CorrelatedCallOptions,
  type CorrelatedListOptions,
  correlationHeader,
  listingCorrelationHeader,
} from './correlation.js';
import { inChunks } from './id-batches.js';
import { MAX_PAGE_SIZE, PAGE_PARAMS, type PageParams, pageQuery, type WireNames } from './lists.js';
import { SSO_CONFIG_CREATE, SSO_CONFIG_TYPES, SSO_PAYLOAD_UPDATE } from './sso-payloads.js';
import { untyped } from './untyped.js';

type Schemas = components['schemas'];

/**
 * An SSO configuration with its full payload. `payload` is one of the nine known kinds (see
 * `isKnownSsoPayload`) or a kind the platform added (`nametag_oauth2`, …), read as a plain object.
 */
export type SsoConfig = Schemas['SsoConfig'];
/** A payload as returned: a known kind or one the platform added. */
export type SsoConfigPayload = SsoConfig['payload'];
/** An SSO configuration to create: `display_name` and `payload` are required. */
export type SsoConfigCreate = Input<Schemas['SsoConfigCreate']>;
/** A payload as created, selected by `type`, with that kind's required fields. */
export type SsoConfigPayloadCreate = SsoConfigCreate['payload'];
/**
 * The partial payload of an update, selected by `type` (required): only the fields sent change.
 * The display name cannot be changed.
 */
export type SsoConfigUpdate = Input<Schemas['SsoConfigUpdate']>;
/** The kind of an SSO configuration a request names (`generic_saml`, `ws_fed`, …). */
export type SsoConfigType = Schemas['SsoConfigType'];
/** One page of SSO configurations, as the server sent it. */
export type SsoConfigList = Schemas['SsoConfigList'];
/**
 * One page of the SSO configurations an identity is assigned to. Nothing is required (the
 * published schema defines neither field): an absent list is an empty page, an absent total 0.
 */
export type IdentitySsoConfigList = Schemas['IdentitySsoConfigList'];
/** An SSO configuration as lists return it: its payload summarised (`type`, tile fields, …). */
export type SsoConfigSummary = NonNullable<SsoConfigList['sso_configs']>[number];
/** The kind of an SSO configuration as returned: a known one, or one the platform added. */
export type SsoConfigKind = SsoConfigSummary['payload']['type'];
/** Which SSO configurations to list (`pageSize` at most 200). */
export interface SsoConfigListParams extends PageParams {
  /** Only configurations of these kinds (sent as a repeated `type`). */
  types?: readonly SsoConfigType[] | undefined;
  /** Only configurations that were (true) or were not (false) added by a migration script. */
  isMigrated?: boolean | undefined;
  /** Sort order, sent as given (its grammar is not published). */
  orderBy?: string | undefined;
}
/** The wire names of `SsoConfigListParams`. */
export const SSO_CONFIG_LIST_PARAMS = {
  ...PAGE_PARAMS,
  types: 'type',
  isMigrated: 'is_migrated',
  orderBy: 'order_by',
} as const satisfies WireNames<SsoConfigListParams>;
/** Which SSO configurations of an identity or a group, or which assigned identities, to list (`pageSize` at most 200). */
export type SsoConfigPageParams = PageParams;
/** One page of the identities assigned to an SSO configuration. */
export type SsoConfigIdentityList = Schemas['SsoConfigIdentityList'];
/** An identity assigned to an SSO configuration, directly or through a group (`group_id`). */
export type SsoConfigIdentity = NonNullable<SsoConfigIdentityList['identities']>[number];
/** The groups assigned to an SSO configuration (one page). */
export type SsoConfigGroupList = Schemas['SsoConfigGroupList'];
/** A group assigned to an SSO configuration, with its member count. */
export type SsoConfigGroup = NonNullable<SsoConfigGroupList['groups']>[number];
/** The listing of `GET …/sso-configs/{id}/groups`; its shape is not published (an open object). */
export type SsoConfigGroupListing = Schemas['SsoConfigGroupListing'];
/** Whether any of the groups asked about is assigned: `is_assigned_to_sso_config`. */
export type SsoConfigGroupAssignment = Schemas['SsoConfigGroupAssignment'];
/** The answer of `isIdentityAssigned` for an assigned identity: an empty object. */
export type IdentityAssignedResponse = Schemas['IdentityAssignedResponse'];
/** The outcome of testing an SSO configuration's identity providers and OIDC applications. */
export type SsoConfigTestResult = Schemas['SsoConfigTestResult'];

const R = '/v1/tenants/{tenant_id}/realms/{realm_id}';
const PATHS = {
  ssoConfigs: `${R}/sso-configs`,
  ssoConfig: `${R}/sso-configs/{sso_config_id}`,
  test: `${R}/sso-configs/{sso_config_id}/test`,
  addIdentities: `${R}/sso-configs/{sso_config_id}:addIdentities`,
  removeIdentities: `${R}/sso-configs/{sso_config_id}:deleteIdentities`,
  identities: `${R}/sso-configs/{sso_config_id}:listIdentityAssociations`,
  addGroups: `${R}/sso-configs/{sso_config_id}:addGroups`,
  removeGroups: `${R}/sso-configs/{sso_config_id}:deleteGroups`,
  groups: `${R}/sso-configs/{sso_config_id}:listGroupAssociations`,
  groupListing: `${R}/sso-configs/{sso_config_id}/groups`,
  isGroupAssigned: `${R}/sso-configs/{sso_config_id}/is-group-assigned`,
  ofIdentity: `${R}/identities/{identity_id}/sso-configs`,
  ofGroup: `${R}/groups/{group_id}/sso-configs`,
  isIdentityAssigned: `${R}/identities/{identity_id}/sso-configs/{sso_config_id}/is-identity-assigned`,
} as const;

const summaryPages = pageTokenPaging<SsoConfigList, SsoConfigSummary>((page) => page.sso_configs);
const identitySummaryPages = pageTokenPaging<IdentitySsoConfigList, SsoConfigSummary>(
  (page) => page.sso_configs ?? [],
);
// Pages of assigned identities can be empty while more follow: paging goes on while a token comes.
const identityPages = pageTokenPaging<SsoConfigIdentityList, SsoConfigIdentity>(
  (page) => page.identities,
  { emptyPageEnds: false },
);
const groupPages = onePage<SsoConfigGroupList, SsoConfigGroup>((page) => page.groups);

/**
 * The SSO configurations of a realm: create, list, get, update, delete and test them; assign
 * identities and groups; and find the configurations of an identity or a group. Every method
 * takes a `correlationId` option, sent as `x-correlation_id`; `withResponse()` gives the
 * `x-correlation-id` the server answered with as `response.requestId`.
 */
export class SsoConfigs {
  readonly #api: AccessApi;
  readonly #realm: RealmScope['path'];

  /** @internal */
  constructor(scope: RealmScope) {
    this.#api = scope.api;
    this.#realm = scope.path;
  }

  /**
   * Creates an SSO configuration: `display_name` and a `payload` of one kind with that kind's
   * required fields.
   * @throws ValidationError naming the field (`sso_config.payload.login_link`), before anything is
   * sent; BadRequestError when the platform refuses it.
   * @example
   * await realm.ssoConfigs.create({
   *   display_name: 'Wiki',
   *   payload: { type: 'bookmark', login_link: 'https://wiki.example.com' },
   * });
   */
  create(ssoConfig: SsoConfigCreate, options?: CorrelatedCallOptions): ApiPromise<SsoConfig> {
    return this.#api.post(
      PATHS.ssoConfigs,
      () => ({
        path: this.#realm,
        header: correlationHeader(options),
        body: {
          sso_config: shape(SSO_CONFIG_CREATE)(
            ssoConfig,
            'sso_config',
          ) as Schemas['SsoConfigCreate'],
        },
      }),
      options,
    );
  }

  /**
   * The realm's SSO configurations, with payload summaries: `await` it for the first page,
   * `for await` for every one. All page requests carry the same query and correlation id.
   * @throws ValidationError (the list rejects when awaited or iterated) naming `pageSize`, `types[i]`, `isMigrated`, ….
   */
  list(
    params: SsoConfigListParams = {},
    options?: CorrelatedListOptions,
  ): Paginator<SsoConfigSummary, SsoConfigList> {
    return this.#api.list(
      PATHS.ssoConfigs,
      summaryPages,
      () => ({
        path: this.#realm,
        query: listQuery(params),
        header: listingCorrelationHeader(options),
      }),
      options,
    );
  }

  /** Returns one SSO configuration with its full payload. @throws NotFoundError. */
  get(ssoConfigId: string, options?: CorrelatedCallOptions): ApiPromise<SsoConfig> {
    return this.#api.get(PATHS.ssoConfig, () => this.#parts(ssoConfigId, options), options);
  }

  /**
   * Changes the payload fields given (a partial update; `type` names the kind).
   * @throws ValidationError naming the field (`sso_config.type`), before anything is sent;
   * NotFoundError.
   * @example
   * await realm.ssoConfigs.update(id, { type: 'bookmark', is_tile_visible: false });
   */
  update(
    ssoConfigId: string,
    changes: SsoConfigUpdate,
    options?: CorrelatedCallOptions,
  ): ApiPromise<SsoConfig> {
    return this.#api.patch(
      PATHS.ssoConfig,
      () => ({
        ...this.#parts(ssoConfigId, options),
        body: {
          sso_config: SSO_PAYLOAD_UPDATE(changes, 'sso_config') as Schemas['SsoConfigUpdate'],
        },
      }),
      options,
    );
  }

  /** Deletes an SSO configuration. @throws NotFoundError. */
  delete(ssoConfigId: string, options?: CorrelatedCallOptions): ApiPromise<void> {
    return this.#api.delete(PATHS.ssoConfig, () => this.#parts(ssoConfigId, options), options);
  }

  /**
   * Tests the identity providers and OIDC applications the configuration uses and reports the
   * outcome of each.
   */
  test(ssoConfigId: string, options?: CorrelatedCallOptions): ApiPromise<SsoConfigTestResult> {
    return this.#api.post(PATHS.test, () => this.#parts(ssoConfigId, options), options);
  }

  /**
   * Assigns identities to the configuration. Any number of ids: duplicates are dropped and the
   * rest is sent in requests of at most 1000, one after another.
   * @throws ValidationError naming `identityIds` or `identityIds[i]`, before anything is sent;
   * the failed request's own error with `batch` (its ids, those done before, those not tried).
   */
  addIdentities(
    ssoConfigId: string,
    identityIds: readonly string[],
    options?: CorrelatedCallOptions,
  ): ApiPromise<void> {
    return this.#assign(
      PATHS.addIdentities,
      ssoConfigId,
      identityIds,
      'identityIds',
      (identity_ids) => ({ identity_ids }),
      options,
    );
  }

  /** Removes the direct assignment of identities (`:deleteIdentities`), in chunks like `addIdentities`. */
  removeIdentities(
    ssoConfigId: string,
    identityIds: readonly string[],
    options?: CorrelatedCallOptions,
  ): ApiPromise<void> {
    return this.#assign(
      PATHS.removeIdentities,
      ssoConfigId,
      identityIds,
      'identityIds',
      (identity_ids) => ({ identity_ids }),
      options,
    );
  }

  /**
   * The identities assigned to the configuration, directly or through a group (then with
   * `group_id`), 200 at most per page. An identity can appear more than once, and a page can be
   * empty while more follow: paging goes on while the server sends a page token.
   */
  listIdentities(
    ssoConfigId: string,
    params: SsoConfigPageParams = {},
    options?: CorrelatedListOptions,
  ): Paginator<SsoConfigIdentity, SsoConfigIdentityList> {
    const parent = { sso_config_id: ssoConfigId };
    return this.#pages(PATHS.identities, identityPages, parent, params, options);
  }

  /** Assigns groups to the configuration (their members become assigned), in chunks of at most 1000 ids. */
  addGroups(
    ssoConfigId: string,
    groupIds: readonly string[],
    options?: CorrelatedCallOptions,
  ): ApiPromise<void> {
    return this.#assign(
      PATHS.addGroups,
      ssoConfigId,
      groupIds,
      'groupIds',
      (group_ids) => ({ group_ids }),
      options,
    );
  }

  /** Removes groups from the configuration (`:deleteGroups`), in chunks of at most 1000 ids. */
  removeGroups(
    ssoConfigId: string,
    groupIds: readonly string[],
    options?: CorrelatedCallOptions,
  ): ApiPromise<void> {
    return this.#assign(
      PATHS.removeGroups,
      ssoConfigId,
      groupIds,
      'groupIds',
      (group_ids) => ({ group_ids }),
      options,
    );
  }

  /**
   * The groups assigned to the configuration, each with its member count
   * (`:listGroupAssociations`; one page).
   */
  listGroups(
    ssoConfigId: string,
    options?: CorrelatedListOptions,
  ): Paginator<SsoConfigGroup, SsoConfigGroupList> {
    const init = () => ({
      path: this.#path(ssoConfigId),
      header: listingCorrelationHeader(options),
    });
    return this.#api.list(PATHS.groups, groupPages, init, options);
  }

  /**
   * The listing of `GET …/sso-configs/{id}/groups` that `platform-api.md` describes, as the
   * server sends it (its shape is not published). `listGroups` gives the typed list.
   */
  getGroupListing(
    ssoConfigId: string,
    options?: CorrelatedCallOptions,
  ): ApiPromise<SsoConfigGroupListing> {
    // The spec declares no `x-correlation_id` here; it is sent as with every other SSO call.
    const init = () => this.#parts(ssoConfigId, options);
    return untyped(this.#api).get<SsoConfigGroupListing>(PATHS.groupListing, init, options);
  }

  /**
   * Whether any of the groups is assigned to the configuration.
   * @throws ValidationError naming `groupIds` or `groupIds[i]`, before anything is sent.
   */
  isGroupAssigned(
    ssoConfigId: string,
    groupIds: readonly string[],
    options?: CorrelatedCallOptions,
  ): ApiPromise<SsoConfigGroupAssignment> {
    return this.#api.post(
      PATHS.isGroupAssigned,
      () => ({
        ...this.#parts(ssoConfigId, options),
        body: { group_ids: someIds(groupIds, 'groupIds') },
      }),
      options,
    );
  }

  /**
   * Whether an identity is assigned to the configuration: an assigned identity gives an empty
   * object. (What an unassigned one gives is not published: an error arrives as its class.)
   */
  isIdentityAssigned(
    ssoConfigId: string,
    identityId: string,
    options?: CorrelatedCallOptions,
  ): ApiPromise<IdentityAssignedResponse> {
    const init = () => ({
      path: { ...this.#path(ssoConfigId), identity_id: identityId },
      header: correlationHeader(options),
    });
    return this.#api.get(PATHS.isIdentityAssigned, init, options);
  }

  /** The SSO configurations an identity is assigned to, with payload summaries (200 at most per page). */
  listForIdentity(
    identityId: string,
    params: SsoConfigPageParams = {},
    options?: CorrelatedListOptions,
  ): Paginator<SsoConfigSummary, IdentitySsoConfigList> {
    const identity = { identity_id: identityId };
    return this.#pages(PATHS.ofIdentity, identitySummaryPages, identity, params, options);
  }

  /** The SSO configurations a group is assigned to, with payload summaries (200 at most per page). */
  listForGroup(
    groupId: string,
    params: SsoConfigPageParams = {},
    options?: CorrelatedListOptions,
  ): Paginator<SsoConfigSummary, SsoConfigList> {
    const group = { group_id: groupId };
    return this.#pages(PATHS.ofGroup, summaryPages, group, params, options);
  }

  /** A page-token list (200 at most per page) of something under the realm. */
  #pages<Item, Raw>(
    path: typeof PATHS.identities | typeof PATHS.ofIdentity | typeof PATHS.ofGroup,
    style: PagingStyle<Raw, Item>,
    parent: object,
    params: SsoConfigPageParams,
    options: CorrelatedListOptions | undefined,
  ): Paginator<Item, Raw> {
    const init = () => ({
      path: { ...this.#realm, ...parent },
      query: pageQuery(params, MAX_PAGE_SIZE),
      header: listingCorrelationHeader(options),
    });
    return untyped(this.#api).list(path, style, init, options);
  }

  #path(ssoConfigId: string) {
    return { ...this.#realm, sso_config_id: ssoConfigId };
  }

  /** The path and correlation header of a call on one SSO configuration (built inside the call). */
  #parts(ssoConfigId: string, options: CorrelatedCallOptions | undefined) {
    return { path: this.#path(ssoConfigId), header: correlationHeader(options) };
  }

  /** One request per chunk of at most 1000 ids; the answers are empty. */
  #assign(
    path:
      | typeof PATHS.addIdentities
      | typeof PATHS.removeIdentities
      | typeof PATHS.addGroups
      | typeof PATHS.removeGroups,
    ssoConfigId: string,
    ids: readonly string[],
    field: string,
    body: (chunk: string[]) => Schemas['IdentityIdsRequest'] | Schemas['GroupIdsRequest'],
    options: CorrelatedCallOptions | undefined,
  ): ApiPromise<void> {
    return inChunks(this.#api, ids, field, (chunk) =>
      this.#api.post(
        path,
        () => ({ ...this.#parts(ssoConfigId, options), body: body(chunk) }),
        options,
      ),
    ).map(() => undefined);
  }
}

function listQuery(params: SsoConfigListParams) {
  requireObject(params, 'params');
  const { types, isMigrated, orderBy } = params;
  if (types !== undefined && !Array.isArray(types))
    throw new ValidationError('types', 'must be an array of SSO configuration types');
  types?.forEach((type, i) => {
    if (!SSO_CONFIG_TYPES.includes(type))
      throw new ValidationError(`types[${i}]`, `must be one of ${SSO_CONFIG_TYPES.join(', ')}`);
  });
  const names = SSO_CONFIG_LIST_PARAMS;
  return {
    ...pageQuery(params, MAX_PAGE_SIZE),
    [names.types]: types?.length ? [...types] : undefined,
    [names.isMigrated]:
      isMigrated === undefined ? undefined : requireBoolean(isMigrated, 'isMigrated'),
    [names.orderBy]: orderBy === undefined ? undefined : requireId(orderBy, 'orderBy'),
  };
}

/** A non-empty list of ids, duplicates dropped. */
function someIds(ids: readonly string[], field: string): string[] {
  const unique = uniqueIds(ids, field);
  if (unique.length === 0) throw new ValidationError(field, 'must hold at least one id');
  return unique;
}
