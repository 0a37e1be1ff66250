// The SSO configurations of a realm, the identities and groups assigned to them
// (`ssoConfigs.identities`, `ssoConfigs.groups`), and the SSO configurations of an identity or a
// group (`identities.ssoConfigs`, `groups.ssoConfigs`). Every call carries a correlation id: the options'
// `correlationId`, sent as `x-correlation_id` and returned as `x-correlation-id` (a listing sends
// one id with all its pages).
import type { ApiPromise, Paginator } from '@x/runtime';
import { ValidationError } from '@x/runtime';
import {
  onePage,
  type PagingStyle,
  pageTokenPaging,
  paramTable,
  requireBoolean,
  requireId,
  requireObject,
  uniqueIds,
} from '@x/runtime/internal';
import type { AccessApi, RealmScope } from '../api.js';
import { listSsoConfigsQuery } from '../generated/queries.js';
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
import { MAX_PAGE_SIZE, PAGE_PARAMS, type PageParams, pageQuery } from './lists.js';
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
/** Which SSO configurations to list (`page_size` at most 200). */
export interface SsoConfigListParams extends PageParams {
  /** Only configurations of these kinds (sent as a repeated `type`). */
  type?: readonly SsoConfigType[] | undefined;
  /** Only configurations that were (true) or were not (false) added by a migration script. */
  is_migrated?: boolean | undefined;
  /** Sort order, sent as given (its grammar is not published). */
  order_by?: string | undefined;
  /** @deprecated 0.2's name of `type`; removed in the next minor. */
  types?: readonly SsoConfigType[] | undefined;
  /** @deprecated 0.2's name of `is_migrated`; removed in the next minor. */
  isMigrated?: boolean | undefined;
  /** @deprecated 0.2's name of `order_by`; removed in the next minor. */
  orderBy?: string | undefined;
}
/** The parameters of `ssoConfigs.list` (0.2 called `type` `types`). */
export const SSO_CONFIG_LIST_PARAMS = /* @__PURE__ */ paramTable(listSsoConfigsQuery, {
  types: 'type',
});
/** Which SSO configurations of an identity or a group, or which assigned identities, to list (`page_size` at most 200). */
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

/** The calls every SSO resource shares: the client, the realm's path and the correlation header. */
class SsoCalls {
  readonly api: AccessApi;
  readonly realm: RealmScope['path'];

  constructor(scope: RealmScope) {
    this.api = scope.api;
    this.realm = scope.path;
  }

  /** A page-token list (200 at most per page) of something under the realm. */
  pages<Item, Raw>(
    path: typeof PATHS.identities | typeof PATHS.ofIdentity | typeof PATHS.ofGroup,
    style: PagingStyle<Raw, Item>,
    parent: object,
    params: SsoConfigPageParams,
    options: CorrelatedListOptions | undefined,
  ): Paginator<Item, Raw> {
    const init = () => ({
      path: { ...this.realm, ...parent },
      query: pageQuery(this.api.wireParams(params, PAGE_PARAMS), MAX_PAGE_SIZE),
      header: listingCorrelationHeader(options),
    });
    return untyped(this.api).list(path, style, init, options);
  }

  path(ssoConfigId: string) {
    return { ...this.realm, sso_config_id: ssoConfigId };
  }

  /** The path and correlation header of a call on one SSO configuration (built inside the call). */
  parts(ssoConfigId: string, options: CorrelatedCallOptions | undefined) {
    return { path: this.path(ssoConfigId), header: correlationHeader(options) };
  }

  /** One request per chunk of at most 1000 ids; the answers are empty. */
  assign(
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
    return inChunks(this.api, ids, field, (chunk) =>
      this.api.post(
        path,
        () => ({ ...this.parts(ssoConfigId, options), body: body(chunk) }),
        options,
      ),
    ).map(() => undefined);
  }
}

/**
 * The identities assigned to SSO configurations: `realm.ssoConfigs.identities.add(ssoConfigId,
 * identityIds)`, remove, list. Each call names the configuration first.
 */
export class SsoConfigIdentities {
  readonly #sso: SsoCalls;

  /** @internal */
  constructor(scope: RealmScope) {
    this.#sso = new SsoCalls(scope);
  }

  /**
   * Assigns identities to the configuration. Any number of ids: duplicates are dropped and the
   * rest is sent in requests of at most 1000, one after another.
   * @throws ValidationError naming `identityIds` or `identityIds[i]`, before anything is sent;
   * the failed request's own error with `batch` (its ids, those done before, those not tried).
   */
  add(
    ssoConfigId: string,
    identityIds: readonly string[],
    options?: CorrelatedCallOptions,
  ): ApiPromise<void> {
    const body = (identity_ids: string[]) => ({ identity_ids });
    return this.#sso.assign(
      PATHS.addIdentities,
      ssoConfigId,
      identityIds,
      'identityIds',
      body,
      options,
    );
  }

  /** Removes the direct assignment of identities (`:deleteIdentities`), in chunks like `add`. */
  remove(
    ssoConfigId: string,
    identityIds: readonly string[],
    options?: CorrelatedCallOptions,
  ): ApiPromise<void> {
    const body = (identity_ids: string[]) => ({ identity_ids });
    return this.#sso.assign(
      PATHS.removeIdentities,
      ssoConfigId,
      identityIds,
      'identityIds',
      body,
      options,
    );
  }

  /**
   * The identities assigned to the configuration, directly or through a group (then with
   * `group_id`), 200 at most per page. An identity can appear more than once, and a page can be
   * empty while more follow: paging goes on while the server sends a page token.
   */
  list(
    ssoConfigId: string,
    params: SsoConfigPageParams = {},
    options?: CorrelatedListOptions,
  ): Paginator<SsoConfigIdentity, SsoConfigIdentityList> {
    const parent = { sso_config_id: ssoConfigId };
    return this.#sso.pages(PATHS.identities, identityPages, parent, params, options);
  }
}

/**
 * The groups assigned to SSO configurations: `realm.ssoConfigs.groups.add(ssoConfigId, groupIds)`,
 * remove, list, isAssigned. Each call names the configuration first.
 */
export class SsoConfigGroups {
  readonly #sso: SsoCalls;

  /** @internal */
  constructor(scope: RealmScope) {
    this.#sso = new SsoCalls(scope);
  }

  /** Assigns groups to the configuration (their members become assigned), in chunks of at most 1000 ids. */
  add(
    ssoConfigId: string,
    groupIds: readonly string[],
    options?: CorrelatedCallOptions,
  ): ApiPromise<void> {
    const body = (group_ids: string[]) => ({ group_ids });
    return this.#sso.assign(PATHS.addGroups, ssoConfigId, groupIds, 'groupIds', body, options);
  }

  /** Removes groups from the configuration (`:deleteGroups`), in chunks of at most 1000 ids. */
  remove(
    ssoConfigId: string,
    groupIds: readonly string[],
    options?: CorrelatedCallOptions,
  ): ApiPromise<void> {
    const body = (group_ids: string[]) => ({ group_ids });
    return this.#sso.assign(PATHS.removeGroups, ssoConfigId, groupIds, 'groupIds', body, options);
  }

  /**
   * The groups assigned to the configuration, each with its member count
   * (`:listGroupAssociations`; one page).
   */
  list(
    ssoConfigId: string,
    options?: CorrelatedListOptions,
  ): Paginator<SsoConfigGroup, SsoConfigGroupList> {
    const init = () => ({
      path: this.#sso.path(ssoConfigId),
      header: listingCorrelationHeader(options),
    });
    return this.#sso.api.list(PATHS.groups, groupPages, init, options);
  }

  /**
   * The listing of `GET …/sso-configs/{id}/groups` that `platform-api.md` describes, as the
   * server sends it (its shape is not published). `list` gives the typed list.
   */
  getListing(
    ssoConfigId: string,
    options?: CorrelatedCallOptions,
  ): ApiPromise<SsoConfigGroupListing> {
    // The spec declares no `x-correlation_id` here; it is sent as with every other SSO call.
    const init = () => this.#sso.parts(ssoConfigId, options);
    return untyped(this.#sso.api).get<SsoConfigGroupListing>(PATHS.groupListing, init, options);
  }

  /**
   * Whether any of the groups is assigned to the configuration.
   * @throws ValidationError naming `groupIds` or `groupIds[i]`, before anything is sent.
   */
  isAssigned(
    ssoConfigId: string,
    groupIds: readonly string[],
    options?: CorrelatedCallOptions,
  ): ApiPromise<SsoConfigGroupAssignment> {
    return this.#sso.api.post(
      PATHS.isGroupAssigned,
      () => ({
        ...this.#sso.parts(ssoConfigId, options),
        body: { group_ids: someIds(groupIds, 'groupIds') },
      }),
      options,
    );
  }
}

/**
 * The SSO configurations identities are assigned to: `realm.identities.ssoConfigs.list(identityId)`
 * and `isAssigned(identityId, ssoConfigId)`.
 */
export class IdentitySsoConfigs {
  readonly #sso: SsoCalls;

  /** @internal */
  constructor(scope: RealmScope) {
    this.#sso = new SsoCalls(scope);
  }

  /** The SSO configurations an identity is assigned to, with payload summaries (200 at most per page). */
  list(
    identityId: string,
    params: SsoConfigPageParams = {},
    options?: CorrelatedListOptions,
  ): Paginator<SsoConfigSummary, IdentitySsoConfigList> {
    const identity = { identity_id: identityId };
    return this.#sso.pages(PATHS.ofIdentity, identitySummaryPages, identity, params, options);
  }

  /**
   * Whether an identity is assigned to the configuration: an assigned identity gives an empty
   * object. (What an unassigned one gives is not published: an error arrives as its class.)
   */
  isAssigned(
    identityId: string,
    ssoConfigId: string,
    options?: CorrelatedCallOptions,
  ): ApiPromise<IdentityAssignedResponse> {
    const init = () => ({
      path: { ...this.#sso.path(ssoConfigId), identity_id: identityId },
      header: correlationHeader(options),
    });
    return this.#sso.api.get(PATHS.isIdentityAssigned, init, options);
  }
}

/** The SSO configurations groups are assigned to: `realm.groups.ssoConfigs.list(groupId)`. */
export class GroupSsoConfigs {
  readonly #sso: SsoCalls;

  /** @internal */
  constructor(scope: RealmScope) {
    this.#sso = new SsoCalls(scope);
  }

  /** The SSO configurations a group is assigned to, with payload summaries (200 at most per page). */
  list(
    groupId: string,
    params: SsoConfigPageParams = {},
    options?: CorrelatedListOptions,
  ): Paginator<SsoConfigSummary, SsoConfigList> {
    const group = { group_id: groupId };
    return this.#sso.pages(PATHS.ofGroup, summaryPages, group, params, options);
  }
}

/**
 * The SSO configurations of a realm: create, list, get, update, delete and test them, and the
 * identities and groups assigned to them (`ssoConfigs.identities`, `ssoConfigs.groups`). Every
 * method takes a `correlationId` option, sent as `x-correlation_id`; `withResponse()` gives the
 * `x-correlation-id` the server answered with as `response.requestId`.
 */
export class SsoConfigs {
  readonly #sso: SsoCalls;
  readonly #scope: RealmScope;
  /**
   * The identities assigned to a configuration: `ssoConfigs.identities.add(ssoConfigId,
   * identityIds)`, remove, list.
   */
  readonly identities: SsoConfigIdentities;
  /**
   * The groups assigned to a configuration: `ssoConfigs.groups.add(ssoConfigId, groupIds)`,
   * remove, list, isAssigned, getListing.
   */
  readonly groups: SsoConfigGroups;

  /** @internal */
  constructor(scope: RealmScope) {
    this.#sso = new SsoCalls(scope);
    this.#scope = scope;
    this.identities = new SsoConfigIdentities(scope);
    this.groups = new SsoConfigGroups(scope);
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
    return this.#sso.api.post(
      PATHS.ssoConfigs,
      () => ({
        path: this.#sso.realm,
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
   * @throws ValidationError (the list rejects when awaited or iterated) naming `page_size`, `type[i]`, `is_migrated`, ….
   */
  list(
    params: SsoConfigListParams = {},
    options?: CorrelatedListOptions,
  ): Paginator<SsoConfigSummary, SsoConfigList> {
    const { api } = this.#sso;
    return api.list(
      PATHS.ssoConfigs,
      summaryPages,
      () => ({
        path: this.#sso.realm,
        query: listQuery(api.wireParams(params, SSO_CONFIG_LIST_PARAMS)),
        header: listingCorrelationHeader(options),
      }),
      options,
    );
  }

  /** Returns one SSO configuration with its full payload. @throws NotFoundError. */
  get(ssoConfigId: string, options?: CorrelatedCallOptions): ApiPromise<SsoConfig> {
    return this.#sso.api.get(PATHS.ssoConfig, () => this.#sso.parts(ssoConfigId, options), options);
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
    return this.#sso.api.patch(
      PATHS.ssoConfig,
      () => ({
        ...this.#sso.parts(ssoConfigId, options),
        body: {
          sso_config: SSO_PAYLOAD_UPDATE(changes, 'sso_config') as Schemas['SsoConfigUpdate'],
        },
      }),
      options,
    );
  }

  /** Deletes an SSO configuration. @throws NotFoundError. */
  delete(ssoConfigId: string, options?: CorrelatedCallOptions): ApiPromise<void> {
    const init = () => this.#sso.parts(ssoConfigId, options);
    return this.#sso.api.delete(PATHS.ssoConfig, init, options);
  }

  /**
   * Tests the identity providers and OIDC applications the configuration uses and reports the
   * outcome of each.
   */
  test(ssoConfigId: string, options?: CorrelatedCallOptions): ApiPromise<SsoConfigTestResult> {
    return this.#sso.api.post(PATHS.test, () => this.#sso.parts(ssoConfigId, options), options);
  }

  /** @deprecated Use `ssoConfigs.identities.add(ssoConfigId, identityIds)`. Removed in the next minor. */
  addIdentities(
    ssoConfigId: string,
    identityIds: readonly string[],
    options?: CorrelatedCallOptions,
  ): ApiPromise<void> {
    this.#deprecated('addIdentities', 'identities.add');
    return this.identities.add(ssoConfigId, identityIds, options);
  }

  /** @deprecated Use `ssoConfigs.identities.remove(ssoConfigId, identityIds)`. Removed in the next minor. */
  removeIdentities(
    ssoConfigId: string,
    identityIds: readonly string[],
    options?: CorrelatedCallOptions,
  ): ApiPromise<void> {
    this.#deprecated('removeIdentities', 'identities.remove');
    return this.identities.remove(ssoConfigId, identityIds, options);
  }

  /** @deprecated Use `ssoConfigs.identities.list(ssoConfigId, params)`. Removed in the next minor. */
  listIdentities(
    ssoConfigId: string,
    params?: SsoConfigPageParams,
    options?: CorrelatedListOptions,
  ): Paginator<SsoConfigIdentity, SsoConfigIdentityList> {
    this.#deprecated('listIdentities', 'identities.list');
    return this.identities.list(ssoConfigId, params, options);
  }

  /** @deprecated Use `ssoConfigs.groups.add(ssoConfigId, groupIds)`. Removed in the next minor. */
  addGroups(
    ssoConfigId: string,
    groupIds: readonly string[],
    options?: CorrelatedCallOptions,
  ): ApiPromise<void> {
    this.#deprecated('addGroups', 'groups.add');
    return this.groups.add(ssoConfigId, groupIds, options);
  }

  /** @deprecated Use `ssoConfigs.groups.remove(ssoConfigId, groupIds)`. Removed in the next minor. */
  removeGroups(
    ssoConfigId: string,
    groupIds: readonly string[],
    options?: CorrelatedCallOptions,
  ): ApiPromise<void> {
    this.#deprecated('removeGroups', 'groups.remove');
    return this.groups.remove(ssoConfigId, groupIds, options);
  }

  /** @deprecated Use `ssoConfigs.groups.list(ssoConfigId)`. Removed in the next minor. */
  listGroups(
    ssoConfigId: string,
    options?: CorrelatedListOptions,
  ): Paginator<SsoConfigGroup, SsoConfigGroupList> {
    this.#deprecated('listGroups', 'groups.list');
    return this.groups.list(ssoConfigId, options);
  }

  /** @deprecated Use `ssoConfigs.groups.getListing(ssoConfigId)`. Removed in the next minor. */
  getGroupListing(
    ssoConfigId: string,
    options?: CorrelatedCallOptions,
  ): ApiPromise<SsoConfigGroupListing> {
    this.#deprecated('getGroupListing', 'groups.getListing');
    return this.groups.getListing(ssoConfigId, options);
  }

  /** @deprecated Use `ssoConfigs.groups.isAssigned(ssoConfigId, groupIds)`. Removed in the next minor. */
  isGroupAssigned(
    ssoConfigId: string,
    groupIds: readonly string[],
    options?: CorrelatedCallOptions,
  ): ApiPromise<SsoConfigGroupAssignment> {
    this.#deprecated('isGroupAssigned', 'groups.isAssigned');
    return this.groups.isAssigned(ssoConfigId, groupIds, options);
  }

  /**
   * @deprecated Use `realm.identities.ssoConfigs.isAssigned(identityId, ssoConfigId)` (the
   * identity first, as in the path). Removed in the next minor.
   */
  isIdentityAssigned(
    ssoConfigId: string,
    identityId: string,
    options?: CorrelatedCallOptions,
  ): ApiPromise<IdentityAssignedResponse> {
    this.#deprecated('isIdentityAssigned', 'identities.ssoConfigs.isAssigned', true);
    return new IdentitySsoConfigs(this.#scope).isAssigned(identityId, ssoConfigId, options);
  }

  /** @deprecated Use `realm.identities.ssoConfigs.list(identityId, params)`. Removed in the next minor. */
  listForIdentity(
    identityId: string,
    params?: SsoConfigPageParams,
    options?: CorrelatedListOptions,
  ): Paginator<SsoConfigSummary, IdentitySsoConfigList> {
    this.#deprecated('listForIdentity', 'identities.ssoConfigs.list', true);
    return new IdentitySsoConfigs(this.#scope).list(identityId, params, options);
  }

  /** @deprecated Use `realm.groups.ssoConfigs.list(groupId, params)`. Removed in the next minor. */
  listForGroup(
    groupId: string,
    params?: SsoConfigPageParams,
    options?: CorrelatedListOptions,
  ): Paginator<SsoConfigSummary, SsoConfigList> {
    this.#deprecated('listForGroup', 'groups.ssoConfigs.list', true);
    return new GroupSsoConfigs(this.#scope).list(groupId, params, options);
  }

  /** Reports a 0.2 method once per client, with the call that replaces it. */
  #deprecated(method: string, replacement: string, ofRealm = false): void {
    const by = ofRealm ? `realm.${replacement}` : `realm.ssoConfigs.${replacement}`;
    this.#sso.api.deprecated(`realm.ssoConfigs.${method}`, by);
  }
}

function listQuery(params: SsoConfigListParams) {
  requireObject(params, 'params');
  const { type: types, is_migrated, order_by } = params;
  if (types !== undefined && !Array.isArray(types))
    throw new ValidationError('type', 'must be an array of SSO configuration types');
  types?.forEach((type, i) => {
    if (!SSO_CONFIG_TYPES.includes(type))
      throw new ValidationError(`type[${i}]`, `must be one of ${SSO_CONFIG_TYPES.join(', ')}`);
  });
  return {
    ...pageQuery(params, MAX_PAGE_SIZE),
    type: types?.length ? [...types] : undefined,
    is_migrated: is_migrated === undefined ? undefined : requireBoolean(is_migrated, 'is_migrated'),
    order_by: order_by === undefined ? undefined : requireId(order_by, 'order_by'),
  };
}

/** A non-empty list of ids, duplicates dropped. */
function someIds(ids: readonly string[], field: string): string[] {
  const unique = uniqueIds(ids, field);
  if (unique.length === 0) throw new ValidationError(field, 'must hold at least one id');
  return unique;
}
