// `search_tools`: finds the right tool among some 150 by what the agent wants to do. Tools are
// ranked by the query's words found in the name, the resource and the spec's summary, then the
// description; a tool the server's flags do not allow is still found, marked unavailable with
// the flags it needs, so the agent can tell its operator what to change.
import type { OperationEffect } from '@x/runtime/internal';
import type { JsonObject } from '../spec/json.js';
import { annotationsOf } from './effect.js';
import { snakeCase } from './naming.js';
import type { Tool } from './tool.js';

/** What the search needs to know of the server's tools. */
export interface ToolIndex {
  /** Every tool, allowed or not. */
  all(): readonly Tool[];
  /** The flags a tool still needs; empty when it is allowed. */
  missingFlags(tool: Tool): readonly string[];
  /** Whether `tools/list` offers the tool; one it does not is run with invoke_operation. */
  listed?(tool: Tool): boolean;
}

const WEIGHTS = { name: 4, resource: 3, title: 2, description: 1 } as const;
const DEFAULT_LIMIT = 10;

/** Splits text into lower-case words, snake and camel case apart, a plural `s` dropped. */
export function words(text: string): string[] {
  return snakeCase(text)
    .split('_')
    .filter((w) => w.length > 1)
    .map((w) => (w.length > 3 && w.endsWith('s') && !w.endsWith('ss') ? w.slice(0, -1) : w));
}

/** The score of a tool for a query's words (0: no word found). */
export function score(tool: Tool, query: readonly string[]): number {
  const fields = {
    name: new Set(words(tool.name)),
    resource: new Set(tool.resource.flatMap(words)),
    title: new Set(words(tool.title)),
    description: new Set(words(tool.description)),
  };
  let total = 0;
  for (const word of query)
    for (const [field, weight] of Object.entries(WEIGHTS))
      if (fields[field as keyof typeof fields].has(word)) total += weight;
  return total;
}

/** The `search_tools` tool over an index of the server's tools. */
export function searchTool(index: ToolIndex): Tool {
  const title = 'Search the tools';
  const inputSchema: JsonObject = {
    type: 'object',
    properties: {
      query: {
        type: 'string',
        minLength: 1,
        maxLength: 200,
        description:
          'What you want to do, in words: "add a user to a group", "revoke credential", "events of a user".',
      },
      family: {
        type: 'string',
        enum: ['workforce', 'access', 'events', 'legacy'],
        description:
          'Only tools of one API family: workforce (employees, groups, passkeys, SCIM), access (customer realms, identities, applications, SSO), events (security events), legacy.',
      },
      effect: {
        type: 'string',
        enum: ['read', 'write', 'destructive'],
        description: 'Only tools with this effect.',
      },
      limit: { type: 'integer', minimum: 1, maximum: 50, default: DEFAULT_LIMIT },
    },
    required: ['query'],
    additionalProperties: false,
  };
  return {
    name: 'search_tools',
    family: undefined,
    operationId: undefined,
    title,
    description:
      'Finds the tools for a task among every operation of this server, best match first, with what each needs and whether the server allows it. One marked call_with: invoke_operation is not listed: run it with invoke_operation {operation: name, arguments} (describe_operation gives its arguments). Read-only; calls nothing on the platform.',
    effect: 'read' satisfies OperationEffect,
    resource: ['tools'],
    inputSchema,
    annotations: annotationsOf(title, 'read', undefined, false),
    async run(args) {
      const query = words(String(args.query));
      const limit = typeof args.limit === 'number' ? args.limit : DEFAULT_LIMIT;
      const ranked = index
        .all()
        .filter((t) => t.family !== undefined)
        .filter((t) => args.family === undefined || t.family === args.family)
        .filter((t) => args.effect === undefined || t.effect === args.effect)
        .map((tool) => ({ tool, score: score(tool, query) }))
        .filter((r) => r.score > 0)
        .sort((a, b) => b.score - a.score || a.tool.name.localeCompare(b.tool.name))
        .slice(0, limit);
      const tools = ranked.map(({ tool }) => {
        const missing = index.missingFlags(tool);
        return {
          name: tool.name,
          title: tool.title,
          effect: tool.effect,
          available: missing.length === 0,
          ...(missing.length > 0 ? { needs_flags: [...missing] } : {}),
          // Not listed: call invoke_operation with {operation: name, arguments}.
          ...(index.listed && !index.listed(tool) ? { call_with: 'invoke_operation' } : {}),
          description: tool.description,
        };
      });
      const best = tools[0] ? `; best: ${tools[0].name}` : '';
      return { data: { tools }, summary: `${title}: ${tools.length} found${best}.` };
    },
  };
}
