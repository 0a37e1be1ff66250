// Lookups shared by the access handlers: the caller's tenant (403 for another tenant's), a realm
// of it, a resource of the realm, and the error a missing resource gives with the statuses the
// operation declares (404 with ResourceInfo where it declares one).
import { ApiFailure, forbidden, invalidField, notFound } from '../../http/errors.js';
import { newId } from '../../random.js';
import type { EmulatorState } from '../../state.js';
import type { HandlerContext, World } from '../types.js';
import {
  type AccessRealmRecord,
  type AccessState,
  type AccessTenantRecord,
  emptyAccessState,
  type RealmScoped,
} from './state.js';

/** Family A's state, typed (collections missing from an older snapshot are added empty). */
export function accessState(state: EmulatorState): AccessState {
  const access = state.access as Partial<AccessState>;
  if (access.ssoConfigs === undefined || access.flowTypeConfigs === undefined) {
    const empty = emptyAccessState() as unknown as Record<string, unknown>;
    for (const [key, value] of Object.entries(empty))
      if ((access as Record<string, unknown>)[key] === undefined)
        (access as Record<string, unknown>)[key] = value;
  }
  return access as AccessState;
}

/** Family A's state of a request. */
export const acc = (ctx: HandlerContext | World): AccessState =>
  accessState('world' in ctx ? ctx.world.state : ctx.state);

/** Now on the emulator's clock (RFC 3339). */
export const nowIso = (ctx: HandlerContext): string => ctx.world.clock.iso();

/** A new id and creation sequence number. */
export const fresh = (ctx: HandlerContext) => ({ id: newId(), seq: ctx.world.state.seq++ });

/**
 * The failure for a resource that does not exist, in the statuses the operation declares: 404
 * with ResourceInfo, else 400 naming the path parameter, else 403.
 */
export function missing(ctx: HandlerContext, type: string, id: string): ApiFailure {
  const declared = ctx.op.responses;
  if (declared['404']) return notFound(type, id);
  if (declared['400']) return invalidField(`${type}_id`, `no ${type} ${id}`);
  return forbidden(`no ${type} ${id} is accessible`, { type, id });
}

/** The caller's tenant, named in the path; 403 for any other tenant. */
export function tenantOf(ctx: HandlerContext): AccessTenantRecord {
  const id = ctx.params.tenant_id ?? '';
  if (!ctx.principal) throw new ApiFailure(401, 'token not recognised');
  const tenant = acc(ctx).tenants[id];
  if (id !== ctx.principal.tenantId || !tenant)
    throw forbidden('the token does not give access to this tenant', { type: 'tenant', id });
  return tenant;
}

/** A realm of the caller's tenant, named in the path. */
export function realmOf(ctx: HandlerContext): AccessRealmRecord {
  const tenant = tenantOf(ctx);
  const id = ctx.params.realm_id ?? '';
  const realm = acc(ctx).realms[id];
  if (!realm) throw missing(ctx, 'realm', id);
  if (realm.tenant_id !== tenant.id)
    throw forbidden('resource belongs to another tenant', { type: 'realm', id });
  return realm;
}

/**
 * A record of the path's realm: 404 (or the declared equivalent) when it is absent or in another
 * realm, 403 when it belongs to another tenant.
 */
export function inRealm<T extends RealmScoped>(
  ctx: HandlerContext,
  collection: Record<string, T>,
  type: string,
  id: string | undefined,
): T {
  const realm = realmOf(ctx);
  const key = id ?? '';
  const record = collection[key];
  if (record && record.tenant_id !== realm.tenant_id)
    throw forbidden('resource belongs to another tenant', { type, id: key });
  if (!record || record.realm_id !== realm.id) throw missing(ctx, type, key);
  return record;
}

/** The records of one realm, in creation order. */
export function ofRealm<T extends RealmScoped>(
  collection: Record<string, T>,
  realmId: string,
): T[] {
  const out: T[] = [];
  let ordered = true;
  for (const record of Object.values(collection)) {
    if (record.realm_id !== realmId) continue;
    if (out.length && out[out.length - 1]!.seq > record.seq) ordered = false;
    out.push(record);
  }
  // Records are stored in creation order; sort only when a collection was built otherwise.
  return ordered ? out : out.sort((a, b) => a.seq - b.seq);
}

/** The wrapped object of a create or update body (`{identity: {...}}`). */
export function wrapped(ctx: HandlerContext, key: string): Record<string, unknown> {
  const body = ctx.body as Record<string, unknown> | undefined;
  const inner = body?.[key];
  return typeof inner === 'object' && inner !== null && !Array.isArray(inner)
    ? (inner as Record<string, unknown>)
    : {};
}

/** Copies the fields of `input` named in `keys` that were sent (partial update semantics). */
export function assignSent<T extends object>(
  target: T,
  input: Record<string, unknown>,
  keys: readonly string[],
): boolean {
  let changed = false;
  for (const key of keys)
    if (input[key] !== undefined) {
      (target as Record<string, unknown>)[key] = structuredClone(input[key]);
      changed = true;
    }
  return changed;
}

/** Echoes `x-correlation_id` as `x-correlation-id`, or generates one. */
export function correlation(ctx: HandlerContext): Record<string, string> {
  return { 'x-correlation-id': ctx.headers.get('x-correlation_id') ?? ctx.correlationId };
}
