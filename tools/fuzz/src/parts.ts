// Family A's document names three base addresses: the management API (the document's server),
// the token endpoint and the realm's SCIM server (their paths' own servers). Schemathesis's
// `--url` replaces every server with one address, so family A runs in three parts, one per
// address; the other families in one.
import type { Part } from './schemathesis.js';

const SCIM_PATHS = '^/(Users|Groups|ResourceTypes|Schemas|ServiceProviderConfig)(/|$)';

// Two lanes share the machine's two cores: family A's parts in one, the other families in the
// other; each part's share of its lane's time follows its operations (A: 91, 8 and 1
// operations; W: 36, L: 2, E: 1) with room for the small ones' fixed costs.
const laneShares: Record<string, number> = { workforce: 0.75, legacy: 0.05, events: 0.05 };

/**
 * The stateful phase of a user create's own part: the create and the operations its links reach.
 * Schemathesis starts a scenario only from the creates it deems likely to succeed when there are
 * any, and it deems a create unlikely when its body names a resource no operation returns; it
 * reads `external_id` / `externalId` as the id of an `External` resource. So with the group,
 * SCIM group and binding-job creates beside them, the user creates never start a scenario and
 * their links are never walked; in a part of their own they are the only creates, and start them.
 */
function usersPart(
  name: string,
  family: string,
  urlVariable: string,
  operationIds: string[],
  share: number,
): Part {
  return {
    name,
    family,
    urlVariable,
    filters: operationIds.map((id) => `--include-operation-id=${id}`),
    statefulOnly: true,
    share,
  };
}

/** The runs a family's document takes. */
export function partsOf(family: string): Part[] {
  const upper = family.toUpperCase();
  const whole: Part = {
    name: family,
    family,
    urlVariable: `X_FUZZ_${upper}_URL`,
    filters: [],
    share: laneShares[family] ?? 0,
  };
  if (family === 'workforce')
    return [
      whole,
      usersPart(
        'workforce-users',
        family,
        'X_FUZZ_WORKFORCE_URL',
        [
          ...['createUser', 'getUser', 'updateUser', 'deleteUser', 'listUserGroups'],
          ...[
            'createScimUser',
            'getScimUser',
            'replaceScimUser',
            'updateScimUser',
            'deleteScimUser',
          ],
        ],
        0.15,
      ),
    ];
  if (family !== 'access') return [whole];
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
      share: 0.1,
    },
    usersPart(
      'access-scim-users',
      family,
      'X_FUZZ_ACCESS_SCIM_URL',
      ['createScimUser', 'getScimUser', 'replaceScimUser', 'patchScimUser', 'deleteScimUser'],
      0.05,
    ),
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
