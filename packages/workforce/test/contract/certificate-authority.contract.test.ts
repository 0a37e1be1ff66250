import type { RetireTenantIssuerResponse } from '@x/workforce';
import { describe, expect, it } from 'vitest';
import {
  declaredErrors,
  example,
  expectAcceptedByPrism,
  recordResponses,
  workforce,
} from './support.js';

recordResponses();

describe('certificateAuthority.retireTenantIssuer (PATCH /v2/CertificateAuthority/RetireTenantIssuer)', () => {
  it('sends the empty object Prism accepts and returns the empty result', async () => {
    const result: RetireTenantIssuerResponse =
      await workforce.certificateAuthority.retireTenantIssuer();
    expectAcceptedByPrism();
    expect(result).toEqual(example('retireTenantIssuer'));
  });
  declaredErrors('retireTenantIssuer', (client, options) =>
    client.certificateAuthority.retireTenantIssuer(options),
  );
});
