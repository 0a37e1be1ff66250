import { type CallOptions, unwrap } from '@x/runtime';
import type { TenantScope } from '../context.js';
import type { components } from '../generated/schema.js';
import { requireObject } from '../ids.js';
import { checkDisplayName } from '../names.js';

/** The access-platform tenant. */
export type Tenant = components['schemas']['Tenant'];
/** The updatable attributes of a tenant. */
export type TenantInput = components['schemas']['TenantInput'];

/** The tenant the client is scoped to: retrieve it and change its display name. */
export class TenantResource {
  /** @internal */
  constructor(private readonly scope: TenantScope) {}

  /** Retrieves the tenant. */
  async get(options?: CallOptions): Promise<Tenant> {
    const { client, path } = this.scope;
    return unwrap(
      client.raw.GET('/v1/tenants/{tenant_id}', { params: { path }, ...client.call(options) }),
    );
  }

  /**
   * Updates the tenant (only the attributes given change).
   * @throws ValidationError when `display_name` breaks the name rules, before anything is sent.
   */
  async update(input: TenantInput, options?: CallOptions): Promise<Tenant> {
    const tenant = tenantInput(input);
    const { client, path } = this.scope;
    return unwrap(
      client.raw.PATCH('/v1/tenants/{tenant_id}', {
        params: { path },
        body: { tenant },
        ...client.call(options),
      }),
    );
  }
}

function tenantInput(input: TenantInput): TenantInput {
  requireObject(input, 'tenant');
  if (input.display_name !== undefined) checkDisplayName(input.display_name, 'tenant.display_name');
  return input;
}
