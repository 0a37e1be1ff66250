// The four API families the command line drives: their packages, specs, the environment
// variables of their `fromEnv` (the names profiles store), and the path parameters the command
// line fills from context instead of asking for them on every command.
import type { VariableGroup } from '@x/runtime/internal';

/** Names of the families, as commands. */
export type FamilyName = 'workforce' | 'access' | 'events' | 'legacy';

/** A path parameter taken from context: a family option (`--realm`) or a profile variable. */
export interface ContextParameter {
  /** The wire name (`tenant_id`). */
  readonly name: string;
  /** The profile variable that supplies it. */
  readonly variable: string;
  /** The family-level option that overrides the variable (`realm` for `--realm`). */
  readonly option?: string | undefined;
}

/** One family. */
export interface Family {
  readonly name: FamilyName;
  readonly title: string;
  /** The `@x/specs` document. */
  readonly spec: string;
  /** The package with `fromEnv` and the client. */
  readonly module: string;
  /** The package entry with the operation catalog. */
  readonly catalogModule: string;
  /** The name of the catalog's export (`LEGACY_OPERATIONS`). */
  readonly catalogExport: string;
  /** The name of the package's variables export (`LEGACY_ENV`). */
  readonly envExport: string;
  /**
   * The variables of the family's `fromEnv`, as the family conventions document them. A test
   * checks them against each package's own export once it has one.
   */
  readonly variables: readonly string[];
  /**
   * The variables as one configuration group (`variableGroup` of the package's table): its token
   * and client credentials, which one source must not set together.
   */
  readonly group: VariableGroup;
  /** Path parameters filled from context on every command of the family. */
  readonly context: readonly ContextParameter[];
  /** The first resource word that `context` replaces (`realm` in `['realm', 'groups']`). */
  readonly scopeWord?: string | undefined;
  /** Extra flag names for query parameters, as people say them (`since` for `start_time`). */
  readonly aliases?: Readonly<Record<string, string>> | undefined;
}

const WORKFORCE_VARIABLES = [
  'X_WORKFORCE_URL',
  'X_WORKFORCE_CLIENT_ID',
  'X_WORKFORCE_CLIENT_SECRET',
  'X_WORKFORCE_TOKEN',
];

const ACCESS_VARIABLES = [
  'X_ACCESS_URL',
  'X_ACCESS_TENANT_ID',
  'X_ACCESS_AUTH_URL',
  'X_ACCESS_REALM_ID',
  'X_ACCESS_APPLICATION_ID',
  'X_ACCESS_CLIENT_ID',
  'X_ACCESS_CLIENT_SECRET',
  'X_ACCESS_SCOPE',
  'X_ACCESS_TOKEN',
];

/** Every family, in the order help lists them. */
export const FAMILIES: readonly Family[] = [
  {
    name: 'workforce',
    title: 'Workforce admin API and its SCIM server (family W)',
    spec: 'workforce',
    module: '@x/workforce',
    catalogModule: '@x/workforce/operations',
    catalogExport: 'WORKFORCE_OPERATIONS',
    envExport: 'WORKFORCE_ENV',
    variables: WORKFORCE_VARIABLES,
    group: {
      variables: WORKFORCE_VARIABLES,
      token: 'X_WORKFORCE_TOKEN',
      credentials: ['X_WORKFORCE_CLIENT_ID', 'X_WORKFORCE_CLIENT_SECRET'],
    },
    context: [],
  },
  {
    name: 'access',
    title: 'Access management API: tenant, realms, identities, … (family A)',
    spec: 'access',
    module: '@x/access',
    catalogModule: '@x/access/operations',
    catalogExport: 'ACCESS_OPERATIONS',
    envExport: 'ACCESS_ENV',
    variables: ACCESS_VARIABLES,
    group: {
      variables: ACCESS_VARIABLES,
      token: 'X_ACCESS_TOKEN',
      credentials: ['X_ACCESS_CLIENT_ID', 'X_ACCESS_CLIENT_SECRET'],
    },
    context: [
      { name: 'tenant_id', variable: 'X_ACCESS_TENANT_ID' },
      { name: 'realm_id', variable: 'X_ACCESS_REALM_ID', option: 'realm' },
    ],
    scopeWord: 'realm',
  },
  {
    name: 'events',
    title: 'Events export API: list, follow and export security events (family E)',
    spec: 'events',
    module: '@x/events',
    catalogModule: '@x/events/operations',
    catalogExport: 'EVENTS_OPERATIONS',
    envExport: 'EVENTS_ENV',
    variables: ['X_EVENTS_URL', 'X_EVENTS_API_KEY'],
    group: { variables: ['X_EVENTS_URL', 'X_EVENTS_API_KEY'] },
    context: [],
    aliases: { since: 'start_time', until: 'end_time' },
  },
  {
    name: 'legacy',
    title: 'Legacy user management API (family L)',
    spec: 'legacy',
    module: '@x/legacy',
    catalogModule: '@x/legacy/operations',
    catalogExport: 'LEGACY_OPERATIONS',
    envExport: 'LEGACY_ENV',
    variables: ['X_LEGACY_URL', 'X_LEGACY_TOKEN'],
    group: { variables: ['X_LEGACY_URL', 'X_LEGACY_TOKEN'], token: 'X_LEGACY_TOKEN' },
    context: [],
  },
];

/** The family of a name, or undefined. */
export function familyNamed(name: string): Family | undefined {
  return FAMILIES.find((f) => f.name === name);
}

/** The Redis URL of fleet mode (`@x/fleet`), a profile setting like the families' variables. */
export const FLEET_URL_VARIABLE = 'X_FLEET_URL';

/** Every variable any family reads, plus the settings every client shares. */
export const ALL_VARIABLES: readonly string[] = [
  ...FAMILIES.flatMap((f) => f.variables),
  'X_LOG_LEVEL',
  'X_ALLOW_INSECURE_HTTP',
  FLEET_URL_VARIABLE,
];

/** Whether a variable holds a secret (client secrets, tokens, API keys): never printed. */
export function isSecretVariable(name: string): boolean {
  return /SECRET|TOKEN|API_KEY|PASSWORD/i.test(name);
}
