// Family A's document names three base addresses: the management API (the document's server),
// the token endpoint and the realm's SCIM server (their paths' own servers). Schemathesis's
// `--url` replaces every server with one address, so family A runs in three parts, one per
// address; the other families in one.
import type { Part } from './schemathesis.js';

const SCIM_PATHS = '^/(Users|Groups|ResourceTypes|Schemas|ServiceProviderConfig)(/|$)';

/** The runs a family's document takes. */
export function partsOf(family: string): Part[] {
  const upper = family.toUpperCase();
  if (family !== 'access')
    return [{ name: family, family, urlVariable: `X_FUZZ_${upper}_URL`, filters: [] }];
  return [
    {
      name: 'access',
      family,
      urlVariable: 'X_FUZZ_ACCESS_URL',
      filters: [`--exclude-path-regex=${SCIM_PATHS}`, '--exclude-operation-id=issueToken'],
    },
    {
      name: 'access-scim',
      family,
      urlVariable: 'X_FUZZ_ACCESS_SCIM_URL',
      filters: [`--include-path-regex=${SCIM_PATHS}`],
    },
    {
      name: 'access-token',
      family,
      urlVariable: 'X_FUZZ_ACCESS_AUTH_URL',
      filters: ['--include-operation-id=issueToken'],
      withoutLinks: true,
    },
  ];
}
