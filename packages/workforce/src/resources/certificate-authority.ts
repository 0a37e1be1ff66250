// The tenant's intermediate signing certificate (`/v2/CertificateAuthority`).
import type { ApiPromise, CallOptions } from '@x/runtime';
import type { WorkforceApi } from '../api.js';
import type { components } from '../generated/schema.js';
import type { Spec } from '../input.js';

const PATHS = {
  retireTenantIssuer: '/v2/CertificateAuthority/RetireTenantIssuer',
} as const;

/** What retiring the tenant issuer returns: `{ content: {} }`, no member is published. */
export interface RetireTenantIssuerResponse
  extends Spec<components['schemas']['RetireTenantIssuerResponse']> {}

/** The tenant's certificate authority. */
export class CertificateAuthority {
  /** @internal */
  constructor(private readonly api: WorkforceApi) {}

  /**
   * Retires the tenant's intermediate signing certificate. It no longer signs new certificates;
   * existing chains stay valid, and a new intermediate certificate is issued with the next
   * credential. Sent once (a PATCH is not retried after a failure that may have reached the
   * server).
   */
  retireTenantIssuer(options?: CallOptions): ApiPromise<RetireTenantIssuerResponse> {
    return this.api.patch(PATHS.retireTenantIssuer, { body: {} }, options);
  }
}
