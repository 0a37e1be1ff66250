// The tenant the client is scoped to: read it and rename it.
import type { ApiPromise, CallOptions } from '@x/runtime';
import type { TenantScope } from '../api.js';
import { checkBody, displayName } from '../checks.js';
import type { components } from '../generated/schema.js';
import type { Input } from '../input.js';

const PATHS = { tenant: '/v1/tenants/{tenant_id}' } as const;

/** The access-platform tenant. */
export type Tenant = components['schemas']['Tenant'];
/** The tenant's fields to change: only `display_name` is writable. */
export type TenantUpdate = Input<Wire>;
type Wire = components['schemas']['TenantUpdate'];

const FIELDS = {
  writable: { display_name: displayName },
  readOnly: ['id', 'create_time', 'update_time'],
};

/** The tenant the client is scoped to: get it and change its display name. */
export class TenantResource {
  /** @internal */
  constructor(private readonly scope: TenantScope) {}

  /** Returns the tenant. @throws ForbiddenError when the token belongs to another tenant. */
  get(options?: CallOptions): ApiPromise<Tenant> {
    return this.scope.api.get(PATHS.tenant, { path: this.scope.path }, options);
  }

  /**
   * Changes the tenant's display name (a partial update).
   * @throws ValidationError naming `tenant.display_name` when it breaks the name rules, before
   * anything is sent; BadRequestError when the platform refuses it.
   */
  update(changes: TenantUpdate, options?: CallOptions): ApiPromise<Tenant> {
    return this.scope.api.patch(
      PATHS.tenant,
      () => ({
        path: this.scope.path,
        body: { tenant: checkBody<Wire>(changes, FIELDS, 'tenant') },
      }),
      options,
    );
  }
}
