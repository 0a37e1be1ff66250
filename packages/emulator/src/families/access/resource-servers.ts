// Resource servers (APIs that applications can be granted access to, with their scopes): create,
// list, get, partial update (roles keep their scopes: update them by hand), delete (its roles go
// with it; the management API's own resource server cannot be deleted: 403).
import { forbidden } from '../../http/errors.js';
import type { Handler, HandlerContext } from '../types.js';
import { acc, assignSent, fresh, inRealm, ofRealm, realmOf, wrapped } from './common.js';
import { pageRequest, tokenPage } from './paging.js';
import type { ResourceServerRecord } from './state.js';

/** A resource server of the path's realm. */
export const findResourceServer = (ctx: HandlerContext) =>
  inRealm(ctx, acc(ctx).resourceServers, 'resource_server', ctx.params.resource_server_id);

const createResourceServer: Handler = (ctx) => {
  const realm = realmOf(ctx);
  const input = wrapped(ctx, 'resource_server');
  const server: ResourceServerRecord = {
    ...fresh(ctx),
    tenant_id: realm.tenant_id,
    realm_id: realm.id,
    ...(typeof input.display_name === 'string' ? { display_name: input.display_name } : {}),
    ...(typeof input.identifier === 'string' ? { identifier: input.identifier } : {}),
    scopes: [...new Set((input.scopes as string[] | undefined) ?? [])],
    is_managed: false,
  };
  acc(ctx).resourceServers[server.id] = server;
  return { body: server };
};

const listResourceServers: Handler = (ctx) => {
  const realm = realmOf(ctx);
  const { items, ...rest } = tokenPage(
    ofRealm(acc(ctx).resourceServers, realm.id),
    pageRequest(ctx, { defaultSize: 20, maxSize: 100 }),
  );
  return { body: { resource_servers: items, ...rest } };
};

const getResourceServer: Handler = (ctx) => ({ body: findResourceServer(ctx) });

const updateResourceServer: Handler = (ctx) => {
  const server = findResourceServer(ctx);
  const input = wrapped(ctx, 'resource_server');
  assignSent(server, input, ['display_name', 'identifier']);
  if (Array.isArray(input.scopes)) server.scopes = [...new Set(input.scopes as string[])];
  return { body: server };
};

const deleteResourceServer: Handler = (ctx) => {
  const server = findResourceServer(ctx);
  if (server.is_managed)
    throw forbidden('the management API resource server cannot be deleted', {
      type: 'resource_server',
      id: server.id,
    });
  const state = acc(ctx);
  for (const role of Object.values(state.roles))
    if (role.resource_server_id === server.id) delete state.roles[role.id];
  delete state.resourceServers[server.id];
  return {};
};

/** Handlers of the resource server operations. */
export const resourceServerHandlers: Record<string, Handler> = {
  createResourceServer,
  listResourceServers,
  getResourceServer,
  updateResourceServer,
  deleteResourceServer,
};
