// The server's tools, built once at start (and shared by every HTTP session): each family's
// client from its configuration, its catalog, and the tools derived from both; the events
// search and the tool search. A family that is not configured, or whose installed package has no
// catalog yet, is reported and left out: the server still starts with the others.
import type { EventsClient } from '@x/events';
import { ConfigurationError, type FetchLike } from '@x/runtime';
import { specDocument, specOperations } from '@x/specs';
import type { AnyCatalog } from '../config/catalog.js';
import { type Env, FAMILIES, type FamilyName, type FamilySource } from '../config/families.js';
import { eventsSearchTool } from '../tools/events-search.js';
import { snakeCase, toolName } from '../tools/naming.js';
import { operationTool } from '../tools/operation-tool.js';
import { searchTool } from '../tools/search-tool.js';
import type { Tool } from '../tools/tool.js';
import { missingFlags, type Permissions } from './policy.js';

/** How a family came up. */
export interface FamilyStatus {
  readonly family: FamilyName;
  /** Whether its tools are offered. */
  readonly enabled: boolean;
  /** How many tools it has. */
  readonly tools: number;
  /** Why it is disabled, or what it leaves out. */
  readonly notes: readonly string[];
}

/** Where the tools come from. */
export interface ToolSetOptions {
  /** The environment the families' `fromEnv` read (default `process.env`). */
  readonly env?: Env | undefined;
  /** A fetch for every family's requests (the emulator's in-process fetch). */
  readonly fetch?: FetchLike | undefined;
  /** Only these families (default: every configured one). */
  readonly families?: readonly FamilyName[] | undefined;
  readonly permissions: Permissions;
}

/** Every tool of the server, and how each family came up. */
export interface ToolSet {
  /** Every tool, allowed or not, in listing order. */
  readonly tools: readonly Tool[];
  readonly families: readonly FamilyStatus[];
  readonly permissions: Permissions;
  /** The configured secret values (tokens, client secrets, API keys), to mask by value. */
  readonly secrets: readonly string[];
  /** The environment the families were configured from (for the server's instructions). */
  readonly env: Env;
  /** The tool with this name, allowed or not. */
  get(name: string): Tool | undefined;
  /** The flags a tool still needs (empty when allowed). */
  missingFlags(tool: Tool): readonly string[];
}

const SECRET_VARIABLE = /SECRET|TOKEN|API_KEY/;

/** Builds the tool set: clients, catalogs, tools. */
export async function createToolSet(options: ToolSetOptions): Promise<ToolSet> {
  const env = options.env ?? process.env;
  const tools: Tool[] = [];
  const families: FamilyStatus[] = [];
  const byName = new Map<string, Tool>();
  const add = (tool: Tool) => {
    byName.set(tool.name, tool);
    tools.push(tool);
  };

  for (const source of FAMILIES) {
    if (options.families && !options.families.includes(source.name)) continue;
    const status = await familyTools(source, env, options.fetch);
    for (const tool of status.tools) add(tool);
    families.push({
      family: source.name,
      enabled: status.tools.length > 0,
      tools: status.tools.length,
      notes: status.notes,
    });
  }

  const set: ToolSet = {
    tools,
    families,
    permissions: options.permissions,
    secrets: FAMILIES.flatMap((f) => f.variables)
      .filter((v) => SECRET_VARIABLE.test(v))
      .map((v) => env[v])
      .filter((v): v is string => typeof v === 'string' && v.length > 0),
    env,
    get: (name) => byName.get(name),
    missingFlags: (tool) => missingFlags(tool.effect, options.permissions),
  };
  add(searchTool({ all: () => set.tools, missingFlags: set.missingFlags }));
  return set;
}

/** One family's tools, or why it has none. */
async function familyTools(
  source: FamilySource,
  env: Env,
  fetch: FetchLike | undefined,
): Promise<{ tools: Tool[]; notes: string[] }> {
  let client: unknown;
  try {
    client = await source.createClient(env, fetch);
  } catch (error) {
    const why = error instanceof ConfigurationError ? 'not configured' : 'its client failed';
    return { tools: [], notes: [`${why}: ${(error as Error).message}`] };
  }
  const notes: string[] = [];
  const tools: Tool[] = [];
  let catalog: AnyCatalog | undefined;
  try {
    catalog = await source.loadCatalog();
  } catch (error) {
    notes.push(`its operation catalog failed to load: ${(error as Error).message}`);
  }
  if (catalog === undefined && notes.length === 0)
    notes.push(`the installed @x/${source.name} has no operation catalog yet`);
  if (catalog) {
    const doc = specDocument(source.name);
    const ops = specOperations(source.name);
    const fixed = source.fixedArguments(env);
    const names = new Set<string>();
    for (const [operationId, entry] of Object.entries(catalog)) {
      if (operationId in source.withheld) {
        notes.push(`${operationId} is not offered: ${source.withheld[operationId]}`);
        continue;
      }
      const op = ops.get(operationId);
      if (!op) {
        notes.push(`${operationId} is in the catalog but not in the spec: not offered`);
        continue;
      }
      // Two operations with one resource and method would be a catalog mistake; both stay
      // reachable, the second under a name that says which operation it is.
      let name = toolName(source.name, entry.resource, entry.method);
      if (names.has(name)) {
        const renamed = `${name}_${snakeCase(operationId)}`;
        notes.push(
          `${operationId} would be named ${name} like another operation: named ${renamed}`,
        );
        name = renamed;
      }
      names.add(name);
      tools.push(
        operationTool({
          name,
          family: source.name,
          doc,
          op,
          entry,
          client,
          fixed,
          postQuery: source.postQueries.includes(operationId),
          hidden: source.hiddenArguments[operationId],
        }),
      );
    }
  }
  if (source.name === 'events') tools.push(eventsSearchTool(client as EventsClient));
  return { tools, notes };
}
