// Family L: create a user (enrolment e-mail with a binding token) and recover one (recovery
// e-mail). The spec declares no error response, so errors use the W/A envelope, the only error
// format the reference publishes for the platform's admin APIs.
import { bearerOf } from '../../auth/tokens.js';
import { ApiFailure, conflict, notFound } from '../../http/errors.js';
import { newId, secret } from '../../random.js';
import { type LegacyUserRecord, nextSeq } from '../../state.js';
import { staticKeyPrincipal } from '../static-keys.js';
import type { FamilyModule, Handler, HandlerContext } from '../types.js';

/** The default seeded legacy bearer token. */
export const DEFAULT_LEGACY_TOKEN = 'emulator-legacy-token';

const view = (user: LegacyUserRecord) => ({
  internal_id: user.internal_id,
  external_id: user.external_id,
  email: user.email,
  user_name: user.user_name,
  display_name: user.display_name,
  date_created: user.date_created,
  date_modified: user.date_modified,
  status: user.status,
});

const legacyUserSummary = (user: LegacyUserRecord) => ({
  type_name: 'User',
  id: user.internal_id,
  external_id: user.external_id,
  user_name: user.user_name,
  user_display: user.display_name,
  email: user.email,
  status: user.status.replace('USER_STATUS_', ''),
});

function recordChange(ctx: HandlerContext, user: LegacyUserRecord, action: string) {
  ctx.record({
    tenantId: user.tenant_id,
    eventType: 'USER_CHANGE',
    service: 'legacy-user-management',
    data: {
      type_name: 'UserChange',
      user: legacyUserSummary(user),
      action,
    },
  });
}

function mail(ctx: HandlerContext, user: LegacyUserRecord, kind: 'enrolment' | 'recovery') {
  const token = secret(24);
  ctx.world.send({
    family: 'legacy',
    kind: `legacy.${kind}`,
    tenant_id: user.tenant_id,
    to: user.email,
    subject: kind === 'enrolment' ? 'Welcome: bind your credential' : 'Recover your account',
    text: `Hello ${user.display_name}, your binding token is ${token}`,
    token,
    user_id: user.internal_id,
  });
}

const usersOfTenant = (ctx: HandlerContext) =>
  Object.values(ctx.world.state.legacy.users).filter(
    (u) => u.tenant_id === ctx.principal?.tenantId,
  );

const createLegacyUser: Handler = (ctx) => {
  const body = ctx.body as Omit<
    LegacyUserRecord,
    'internal_id' | 'seq' | 'tenant_id' | 'date_created' | 'date_modified' | 'status'
  >;
  if (usersOfTenant(ctx).some((u) => u.external_id === body.external_id))
    throw conflict(`a user with external_id ${JSON.stringify(body.external_id)} already exists`);
  const now = ctx.world.clock.iso();
  const user: LegacyUserRecord = {
    internal_id: newId(),
    seq: nextSeq(ctx.world.state),
    tenant_id: ctx.principal!.tenantId,
    external_id: body.external_id,
    email: body.email,
    user_name: body.user_name,
    display_name: body.display_name,
    date_created: now,
    date_modified: now,
    status: 'USER_STATUS_ACTIVE',
  };
  ctx.world.state.legacy.users[user.internal_id] = user;
  recordChange(ctx, user, 'CREATE');
  mail(ctx, user, 'enrolment');
  return { body: view(user) };
};

const recoverLegacyUser: Handler = (ctx) => {
  const externalId = (ctx.body as { external_id: string }).external_id;
  const user = usersOfTenant(ctx).find((u) => u.external_id === externalId);
  if (!user) throw notFound('user', externalId);
  user.date_modified = ctx.world.clock.iso();
  // A recovery issues a new binding token: an enrolment of the user.
  ctx.record({
    tenantId: user.tenant_id,
    eventType: 'ENROLLMENT_CHANGE',
    service: 'legacy-user-management',
    data: {
      type_name: 'EnrollmentChange',
      enrollment: {
        user: legacyUserSummary(user),
        status: 'PENDING',
        date_created: user.date_modified,
        date_modified: user.date_modified,
      },
      action: 'CREATE',
    },
  });
  mail(ctx, user, 'recovery');
  return { body: view(user) };
};

/** The legacy family module. */
export const legacyFamily: FamilyModule = {
  name: 'legacy',
  spec: 'legacy',
  mounts: { legacy_api_url: { mount: 'legacy' } },
  defaultErrorStyle: 'envelope',
  rateLimited: false,
  handlers: {
    createLegacyUser,
    recoverLegacyUser,
  },
  authenticate(request, _op, world) {
    const token = bearerOf(request);
    const key = token === undefined ? undefined : world.state.legacy.tokens[token];
    if (!key) throw new ApiFailure(401, 'token not recognised');
    return staticKeyPrincipal('legacy', key);
  },
  seed(state, seed) {
    const tenantIds = Object.keys(state.workforce.tenants).slice(0, 1);
    const tokens = seed.legacy?.tokens ?? [
      { key: DEFAULT_LEGACY_TOKEN, name: 'Emulator legacy token' },
    ];
    for (const token of tokens)
      state.legacy.tokens[token.key] = {
        tenant_ids: token.tenantIds ?? tenantIds,
        active: token.active ?? true,
        name: token.name ?? token.key,
      };
  },
  credentials(state) {
    const [token] = Object.keys(state.legacy.tokens);
    return token ? { token } : {};
  },
};
