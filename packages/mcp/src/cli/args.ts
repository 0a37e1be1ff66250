// The command line of `x-mcp`.
import { parseArgs } from 'node:util';
import type { FamilyName } from '../config/families.js';
import { DEFAULT_TOOLSETS, parseToolsets, type ToolSelection } from '../server/toolsets.js';

/** What the command line asked for. */
export interface CommandLine {
  readonly allowWrite: boolean;
  readonly allowDestructive: boolean;
  readonly revealEnrolmentSecrets: boolean;
  readonly emulator: boolean;
  /** Serve streamable HTTP on this port instead of stdio. */
  readonly httpPort: number | undefined;
  readonly host: string;
  /** No bearer token on loopback (`--no-auth`). */
  readonly noAuth: boolean;
  /** Close an HTTP session unused this long (ms). */
  readonly sessionIdleTimeoutMs: number | undefined;
  readonly families: readonly FamilyName[] | undefined;
  /** What `tools/list` offers (`--toolsets`, `--all-tools`, `--dynamic`). */
  readonly selection: ToolSelection;
  readonly help: boolean;
  readonly version: boolean;
}

/** The usage text. */
export const USAGE = `Usage: x-mcp [options]

An MCP server for the identity platform's APIs. Read-only unless told otherwise.

Safety:
  --allow-write                 offer tools that create or change things
  --allow-destructive           also offer tools that delete, remove or revoke (needs --allow-write)
  --reveal-enrolment-secrets    show short codes and binding links in results (credentials never are)

Platform:
  --emulator                    run an in-process emulator of the platform instead of a tenant
  --families LIST               only these families, comma-separated: workforce,access,events,legacy

Tools listed (every operation stays reachable through search_tools and invoke_operation):
  (default)                     the toolsets ${DEFAULT_TOOLSETS.join(', ')}
  --toolsets LIST               these toolsets instead, comma-separated (default: the above);
                                list_operations names each operation's toolset
  --all-tools                   every tool (about 150)
  --dynamic                     only list_operations, describe_operation and invoke_operation

Transport (stdio by default):
  --http PORT                   serve streamable HTTP at http://HOST:PORT/mcp (0: any free port)
  --host HOST                   address for --http (default 127.0.0.1)
  --session-idle-timeout TIME   close an HTTP session unused for TIME (default 30m; 90s, 2h)
  --no-auth                     on loopback, serve HTTP without a bearer token (not advised: any
                                local process can then use the server's credentials)

Every HTTP request carries "Authorization: Bearer TOKEN": X_MCP_HTTP_TOKEN, else a new token
printed on stderr at start. Browser pages of other origins (other loopback ports too) are refused.

  --help, --version

Configuration comes from the environment (each family's fromEnv): X_WORKFORCE_URL with
X_WORKFORCE_CLIENT_ID + X_WORKFORCE_CLIENT_SECRET (or X_WORKFORCE_TOKEN); X_ACCESS_URL,
X_ACCESS_TENANT_ID, X_ACCESS_AUTH_URL, X_ACCESS_REALM_ID, X_ACCESS_APPLICATION_ID,
X_ACCESS_CLIENT_ID + X_ACCESS_CLIENT_SECRET (or X_ACCESS_TOKEN); X_EVENTS_URL with
X_EVENTS_API_KEY; X_LEGACY_URL with X_LEGACY_TOKEN. Unconfigured families are left out.
`;

const FAMILY_NAMES: readonly FamilyName[] = ['workforce', 'access', 'events', 'legacy'];

/**
 * Parses the command line.
 * @throws Error with a message for the user when an option is unknown or invalid.
 */
export function parseCommandLine(argv: readonly string[]): CommandLine {
  const { values } = parseArgs({
    args: [...argv],
    strict: true,
    allowPositionals: false,
    options: {
      'allow-write': { type: 'boolean', default: false },
      'allow-destructive': { type: 'boolean', default: false },
      'reveal-enrolment-secrets': { type: 'boolean', default: false },
      emulator: { type: 'boolean', default: false },
      http: { type: 'string' },
      host: { type: 'string' },
      'no-auth': { type: 'boolean', default: false },
      'session-idle-timeout': { type: 'string' },
      families: { type: 'string' },
      toolsets: { type: 'string' },
      'all-tools': { type: 'boolean', default: false },
      dynamic: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
      version: { type: 'boolean', default: false },
    },
  });
  if (values['allow-destructive'] && !values['allow-write'])
    throw new Error('--allow-destructive needs --allow-write as well');
  let httpPort: number | undefined;
  if (values.http !== undefined) {
    httpPort = Number(values.http);
    if (!/^\d+$/.test(values.http) || httpPort > 65535)
      throw new Error('--http takes a port from 0 to 65535');
  }
  if (values.host !== undefined && httpPort === undefined)
    throw new Error('--host applies to --http only');
  if (values['no-auth'] && httpPort === undefined)
    throw new Error('--no-auth applies to --http only');
  if (values['session-idle-timeout'] !== undefined && httpPort === undefined)
    throw new Error('--session-idle-timeout applies to --http only');
  const sessionIdleTimeoutMs =
    values['session-idle-timeout'] === undefined
      ? undefined
      : parseDuration(values['session-idle-timeout']);
  let families: FamilyName[] | undefined;
  if (values.families !== undefined) {
    families = values.families.split(',').map((f) => f.trim()) as FamilyName[];
    const unknown = families.filter((f) => !FAMILY_NAMES.includes(f));
    if (unknown.length > 0 || families.length === 0)
      throw new Error(`--families takes ${FAMILY_NAMES.join(', ')} (got ${values.families})`);
  }
  const chosen = [
    values.toolsets !== undefined && '--toolsets',
    values['all-tools'] && '--all-tools',
    values.dynamic && '--dynamic',
  ].filter((c): c is string => typeof c === 'string');
  if (chosen.length > 1) throw new Error(`${chosen.join(' and ')} exclude each other`);
  const selection: ToolSelection =
    values.toolsets !== undefined
      ? { mode: 'toolsets', toolsets: parseToolsets(values.toolsets) }
      : values['all-tools']
        ? { mode: 'all' }
        : values.dynamic
          ? { mode: 'dynamic' }
          : { mode: 'default' };
  return {
    allowWrite: values['allow-write'] === true,
    allowDestructive: values['allow-destructive'] === true,
    revealEnrolmentSecrets: values['reveal-enrolment-secrets'] === true,
    emulator: values.emulator === true,
    httpPort,
    host: values.host ?? '127.0.0.1',
    noAuth: values['no-auth'] === true,
    sessionIdleTimeoutMs,
    families,
    selection,
    help: values.help === true,
    version: values.version === true,
  };
}

const UNITS: Readonly<Record<string, number>> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 };

/** `90s`, `30m`, `2h`, `500ms` (or bare seconds) in ms. */
function parseDuration(text: string): number {
  const match = /^(\d+)(ms|s|m|h)?$/.exec(text.trim());
  const ms = match ? Number(match[1]) * UNITS[match[2] ?? 's']! : 0;
  if (!(ms > 0))
    throw new Error(`--session-idle-timeout takes a positive duration: 90s, 30m, 2h (got ${text})`);
  return ms;
}
