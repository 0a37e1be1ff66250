// Family A's document names three base addresses: the management API (the document's server),
// the token endpoint and the realm's SCIM server (their paths' own servers). Schemathesis's
// `--url` replaces every server with one address, so family A runs in three parts, one per
// address; the other families in one.
import type { Part } from './schemathesis.js';

const SCIM_PATHS = '^/(Users|Groups|ResourceTypes|Schemas|ServiceProviderConfig)(/|$)';

// Two lanes share the machine's two cores: family A's three parts in one, the other families in
// the other; each part's share of its lane's time follows its operations (A: 91, 8 and 1
// operations; W: 36, L: 2, E: 1) with room for the small ones' fixed costs.
const laneShares: Record<string, number> = { workforce: 0.8, legacy: 0.1, events: 0.1 };

/** The runs a family's document takes. */
export function partsOf(family: string): Part[] {
  const upper = family.toUpperCase();
  if (family !== 'access')
    return [
      {
        name: family,
        family,
        urlVariable: `X_FUZZ_${upper}_URL`,
        filters: [],
        share: laneShares[family] ?? 0,
      },
    ];
  return [
    {
      name: 'access',
      family,
      urlVariable: 'X_FUZZ_ACCESS_URL',
      filters: [`--exclude-path-regex=${SCIM_PATHS}`, '--exclude-operation-id=issueToken'],
      share: 0.8,
    },
    {
      name: 'access-scim',
      family,
      urlVariable: 'X_FUZZ_ACCESS_SCIM_URL',
      filters: [`--include-path-regex=${SCIM_PATHS}`],
      share: 0.15,
    },
    {
      name: 'access-token',
      family,
      urlVariable: 'X_FUZZ_ACCESS_AUTH_URL',
      filters: ['--include-operation-id=issueToken'],
      withoutLinks: true,
      share: 0.05,
    },
  ];
}

/**
 * The run of a family's document against its Prism mock (the contract tests' mock server, started
 * from the same spec): Prism serves every path of the document at its root, so one part per
 * family; stateless (Prism keeps no state, so no link leads anywhere), with the exclusions
 * config/prism/<family>.toml gives.
 */
export function prismPartOf(family: string): Part {
  return {
    name: `prism-${family}`,
    family,
    urlVariable: `X_FUZZ_PRISM_${family.toUpperCase()}_URL`,
    filters: [],
    withoutLinks: true,
    share: family === 'access' ? 1 : (laneShares[family] ?? 0),
    config: `prism/${family}.toml`,
  };
}
