// Family W: the workforce admin API and its SCIM server, served under the `workforce` mount.
import type { Hono } from 'hono';
import { bearerOf, unauthorized } from '../../auth/tokens.js';
import type { WorkforceTenantSeed } from '../../options.js';
import { newId } from '../../random.js';
import { type EmulatorState, nextSeq } from '../../state.js';
import type { FamilyModule, World } from '../types.js';
import {
  bindingJobHandlers,
  ControlError,
  claimBindingJob,
  completeBindingJob,
} from './binding-jobs.js';
import { certificateHandlers } from './certificate.js';
import { groupHandlers } from './groups.js';
import { passkeyHandlers } from './passkeys.js';
import { scimHandlers } from './scim.js';
import { tokenHandlers } from './token.js';
import { userHandlers } from './users.js';

/** The default seeded workforce tenant (fixed, so scripts can rely on it). */
export const DEFAULT_WORKFORCE_TENANT = {
  id: '7d3f9a42-1b6e-4c8d-a5f0-3e2b8c9d1a64',
  name: 'Emulated workforce tenant',
  clientId: 'emulator-workforce-client',
  clientSecret: 'emulator-workforce-secret',
} as const;

function seedTenant(state: EmulatorState, seed: WorkforceTenantSeed, now: string) {
  const id = seed.id ?? newId();
  state.workforce.tenants[id] = {
    id,
    name: seed.name ?? 'Workforce tenant',
    client_id: seed.clientId ?? `client-${id}`,
    client_secret: seed.clientSecret ?? newId(),
    client_name: `${seed.name ?? 'Workforce tenant'} API client`,
    issuer: { id: newId(), issued_at: now, retired: [] },
  };
  const permission = {
    id: newId(),
    seq: nextSeq(state),
    tenant_id: id,
    create_time: now,
    update_time: now,
    name: seed.permissionGroupName ?? 'Administrators',
    description: 'Permission group: managed in the admin console only',
    source: 'native' as const,
    kind: 'permission' as const,
    members: [] as string[],
  };
  state.workforce.groups[permission.id] = permission;
  for (const user of seed.users ?? []) {
    const userId = user.id ?? newId();
    state.workforce.users[userId] = {
      id: userId,
      seq: nextSeq(state),
      tenant_id: id,
      create_time: now,
      update_time: now,
      ...(user.username !== undefined ? { username: user.username } : {}),
      ...(user.display_name !== undefined ? { display_name: user.display_name } : {}),
      ...(user.email_address !== undefined ? { email_address: user.email_address } : {}),
      ...(user.external_id !== undefined ? { external_id: user.external_id } : {}),
      state: user.state ?? 'ACTIVE',
      source: 'native',
    };
  }
  for (const group of seed.groups ?? []) {
    const groupId = group.id ?? newId();
    state.workforce.groups[groupId] = {
      id: groupId,
      seq: nextSeq(state),
      tenant_id: id,
      create_time: now,
      update_time: now,
      name: group.name,
      ...(group.description !== undefined ? { description: group.description } : {}),
      source: 'native',
      kind: 'standard',
      members: (group.members ?? []).filter((m) => state.workforce.users[m]?.tenant_id === id),
    };
  }
}

function control(app: Hono, world: World) {
  const fail = (error: unknown) => {
    if (error instanceof ControlError)
      return { status: error.status, body: { error: error.message } };
    throw error;
  };
  app.post('/workforce/binding-jobs/:id/claim', async (c) => {
    const body = (await c.req.json().catch(() => ({}))) as { short_code?: unknown };
    try {
      const job = claimBindingJob(
        world,
        c.req.param('id'),
        typeof body.short_code === 'string' ? body.short_code : undefined,
      );
      return c.json({ id: job.id, state: job.state });
    } catch (error) {
      const { status, body: out } = fail(error);
      return c.json(out, status as 404);
    }
  });
  app.post('/workforce/binding-jobs/:id/complete', async (c) => {
    const device = (await c.req.json().catch(() => ({}))) as Record<string, unknown>;
    try {
      const { job, passkey } = completeBindingJob(world, c.req.param('id'), device);
      return c.json({ id: job.id, state: job.state, passkey_id: passkey.id });
    } catch (error) {
      const { status, body: out } = fail(error);
      return c.json(out, status as 404);
    }
  });
}

/** The workforce family module. */
export const workforceFamily: FamilyModule = {
  name: 'workforce',
  spec: 'workforce',
  mounts: { workforce_api_url: { mount: 'workforce' } },
  defaultErrorStyle: 'envelope',
  rateLimited: true,
  handlers: {
    ...tokenHandlers,
    ...userHandlers,
    ...groupHandlers,
    ...bindingJobHandlers,
    ...passkeyHandlers,
    ...certificateHandlers,
    ...scimHandlers,
  },
  async authenticate(request, _op, world) {
    const token = bearerOf(request);
    if (!token) throw unauthorized('missing bearer token');
    const record = await world.tokens.verify(token, 'workforce');
    const tenant = world.state.workforce.tenants[record.tenant_id];
    if (!tenant) throw unauthorized('token not recognised');
    return {
      family: 'workforce',
      tenantId: tenant.id,
      tenantIds: [tenant.id],
      id: record.client_id,
      displayName: tenant.client_name,
      type: 'ApiClient',
      scopes: record.scope.split(' ').filter(Boolean),
    };
  },
  seed(state, seed, now) {
    const tenants = seed.workforce?.tenants ?? [{ ...DEFAULT_WORKFORCE_TENANT }];
    for (const tenant of tenants) seedTenant(state, tenant, now);
  },
  credentials(state, urls) {
    const tenant = Object.values(state.workforce.tenants)[0];
    return tenant
      ? {
          tenantId: tenant.id,
          clientId: tenant.client_id,
          clientSecret: tenant.client_secret,
          tokenUrl: `${urls.workforce}/v2/oauth2/token`,
        }
      : {};
  },
  control,
};
