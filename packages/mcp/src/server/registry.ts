// The server's tools, built once at start (and shared by every HTTP session): each family's
// client from its configuration, its catalog, and the tools derived from both; the events
// search and the tool search. A family that is not configured, or whose installed package has no
// catalog yet, is reported and left out: the server still starts with the others.

import type { EventsClient } from '@x/events';
import { ConfigurationError, type FetchLike } from '@x/runtime';
import { specDocument, specOperations } from '@x/specs';
import type { AnyCatalog } from '../config/catalog.js';
import { type Env, FAMILIES, type FamilyName, type FamilySource } from '../config/families.js';
import type { SharedLimits } from '../config/fleet.js';
import {
  describeOperationTool,
  invokeOperationTool,
  listOperationsTool,
} from '../tools/dynamic.js';
import { eventsSearchTool } from '../tools/events-search.js';
import { snakeCase, toolName } from '../tools/naming.js';
import { operationTool } from '../tools/operation-tool.js';
import { searchTool } from '../tools/search-tool.js';
import type { Tool } from '../tools/tool.js';
import { missingFlags, type Permissions } from './policy.js';
import { DEFAULT_TOOLSETS, type ToolSelection, toolsetOf } from './toolsets.js';

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
  /** The fleet's shared token store and rate budgets (`X_FLEET_URL`), when configured. */
  readonly shared?: SharedLimits | undefined;
  /** Only these families (default: every configured one). */
  readonly families?: readonly FamilyName[] | undefined;
  readonly permissions: Permissions;
  /** What `tools/list` offers (default: the default toolsets; see toolsets.ts). */
  readonly selection?: ToolSelection | undefined;
}

/** Every tool of the server, and how each family came up. */
export interface ToolSet {
  /** Every tool, allowed or not, listed or not, in listing order. */
  readonly tools: readonly Tool[];
  /** What `tools/list` offers: the selected tools the flags allow, in listing order. */
  readonly listed: readonly Tool[];
  /** Each toolset of the configured families, with its tools' names. */
  readonly toolsets: ReadonlyMap<string, readonly string[]>;
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
  const toolsetByTool = new Map<Tool, string>();
  const toolsets = new Map<string, string[]>();
  const add = (tool: Tool, toolset?: string) => {
    byName.set(tool.name, tool);
    tools.push(tool);
    if (toolset === undefined) return;
    toolsetByTool.set(tool, toolset);
    toolsets.set(toolset, [...(toolsets.get(toolset) ?? []), tool.name]);
  };

  for (const source of FAMILIES) {
    if (options.families && !options.families.includes(source.name)) continue;
    const status = await familyTools(source, env, options.fetch, options.shared);
    for (const tool of status.tools)
      add(tool, tool.toolset ?? (tool.family ? toolsetOf(tool.family, tool.resource) : undefined));
    families.push({
      family: source.name,
      enabled: status.tools.length > 0,
      tools: status.tools.length,
      notes: status.notes,
    });
  }

  const selection = options.selection ?? { mode: 'default' };
  const selected = selectedToolsets(selection, toolsets, families);
  const isListed = (tool: Tool): boolean => {
    if (selection.mode === 'dynamic') return DYNAMIC_TOOLS.has(tool.name);
    if (selection.mode === 'all' || SERVER_TOOLS.has(tool.name)) return true;
    const toolset = toolsetByTool.get(tool);
    return toolset !== undefined && selected.has(toolset);
  };
  const allowed = (tool: Tool) => missingFlags(tool.effect, options.permissions);
  const set: ToolSet = {
    tools,
    get listed() {
      return tools.filter((t) => isListed(t) && allowed(t).length === 0);
    },
    toolsets,
    families,
    permissions: options.permissions,
    secrets: FAMILIES.flatMap((f) => f.variables)
      .filter((v) => SECRET_VARIABLE.test(v))
      .map((v) => env[v])
      .filter((v): v is string => typeof v === 'string' && v.length > 0),
    env,
    get: (name) => byName.get(name),
    missingFlags: allowed,
  };
  const operations = tools.filter((t) => t.family !== undefined);
  const index = {
    all: () => operations,
    operations: () => operations,
    missingFlags: allowed,
    listed: isListed,
    toolsetOf: (tool: Tool) => toolsetByTool.get(tool),
  };
  add(searchTool(index));
  add(listOperationsTool(index));
  add(describeOperationTool(index));
  add(invokeOperationTool(options.permissions));
  return set;
}

/** The server's own tools listed beside the selected toolsets. */
const SERVER_TOOLS = new Set(['search_tools', 'describe_operation', 'invoke_operation']);
/** The tools of `--dynamic`. */
const DYNAMIC_TOOLS = new Set(['list_operations', 'describe_operation', 'invoke_operation']);

/**
 * The toolsets a selection lists. A named toolset of a family that is configured but has no such
 * toolset is a mistake of the operator's, refused with the names there are; one of a family that
 * is not configured (or not served) lists nothing, as the family's tools are not there.
 * @throws Error naming the unknown toolsets and the known ones.
 */
function selectedToolsets(
  selection: ToolSelection,
  toolsets: ReadonlyMap<string, readonly string[]>,
  families: readonly FamilyStatus[],
): Set<string> {
  if (selection.mode === 'all' || selection.mode === 'dynamic') return new Set();
  const names = selection.mode === 'default' ? DEFAULT_TOOLSETS : selection.toolsets;
  if (selection.mode === 'default') return new Set(names);
  const familyOf = (name: string) =>
    FAMILIES.find((f) => name === f.name || name.startsWith(`${f.name}_`));
  const unknown = names.filter((name) => {
    if (toolsets.has(name)) return false;
    const family = familyOf(name);
    return family === undefined || families.some((f) => f.family === family.name && f.enabled);
  });
  if (unknown.length > 0)
    throw new Error(
      `unknown toolsets: ${unknown.join(', ')} (toolsets: ${[...toolsets.keys()].join(', ')})`,
    );
  return new Set(names);
}

/** One family's tools, or why it has none. */
async function familyTools(
  source: FamilySource,
  env: Env,
  fetch: FetchLike | undefined,
  shared: SharedLimits | undefined,
): Promise<{ tools: Tool[]; notes: string[] }> {
  let client: unknown;
  try {
    client = await source.createClient(env, fetch, shared);
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
