// The dynamic tools: three tools that reach every operation of the server, whatever is listed
// (Stainless's `list_api_endpoints` / `get_api_endpoint_schema` / `invoke_api_endpoint`, GitHub's
// dynamic toolsets). `invoke_operation` does not run anything itself: it names the operation's
// tool, which the server then checks and runs exactly as a call by that name (dispatch.ts), so
// read-only mode, --allow-write and --allow-destructive apply to both paths alike.
import type { OperationEffect } from '@x/runtime/internal';
import type { Permissions } from '../server/policy.js';
import type { JsonObject } from '../spec/json.js';
import { annotationsOf } from './effect.js';
import { score, words } from './search-tool.js';
import type { Tool } from './tool.js';

/** What the dynamic tools need of the server's tools. */
export interface OperationIndex {
  /** Every operation tool (not the server's own tools), allowed or not. */
  operations(): readonly Tool[];
  /** The flags a tool still needs; empty when it is allowed. */
  missingFlags(tool: Tool): readonly string[];
  /** Whether `tools/list` offers the tool (else it is reached through invoke_operation). */
  listed(tool: Tool): boolean;
  /** The toolset of a tool. */
  toolsetOf(tool: Tool): string | undefined;
}

const FAMILIES = ['workforce', 'access', 'events', 'legacy'];
const EFFECTS: OperationEffect[] = ['read', 'write', 'destructive'];

const operationName: JsonObject = {
  type: 'string',
  minLength: 1,
  maxLength: 64,
  pattern: '^[a-z][a-z0-9_]*$',
  description: 'The operation: a name from list_operations or search_tools (`access_groups_get`).',
};

function availability(index: OperationIndex, tool: Tool): JsonObject {
  const missing = index.missingFlags(tool);
  return {
    available: missing.length === 0,
    ...(missing.length > 0 ? { needs_flags: [...missing] } : {}),
  };
}

function find(index: OperationIndex, name: unknown): Tool {
  const tool = index.operations().find((t) => t.name === name);
  if (!tool)
    throw new RangeError(`no operation named ${String(name)}; list_operations gives the names`);
  return tool;
}

/** `list_operations`: every operation, short (name, title, effect, toolset), filtered. */
export function listOperationsTool(index: OperationIndex): Tool {
  const title = 'List the operations';
  return {
    name: 'list_operations',
    family: undefined,
    operationId: undefined,
    title,
    description:
      "Lists the operations this server can run (every API operation, listed as a tool or not): name, title, effect, toolset and whether the server allows it. Filter by family, toolset, effect or words. describe_operation gives one operation's arguments; invoke_operation runs it. Read-only; calls nothing on the platform.",
    effect: 'read',
    resource: ['operations'],
    inputSchema: {
      type: 'object',
      properties: {
        family: { type: 'string', enum: FAMILIES, description: 'Only this API family.' },
        toolset: { type: 'string', maxLength: 64, description: 'Only this toolset.' },
        effect: { type: 'string', enum: EFFECTS, description: 'Only this effect.' },
        query: {
          type: 'string',
          maxLength: 200,
          description: 'Only operations matching these words, best first.',
        },
      },
      additionalProperties: false,
    },
    annotations: annotationsOf(title, 'read', undefined, false),
    async run(args) {
      const query = typeof args.query === 'string' ? words(args.query) : [];
      const found = index
        .operations()
        .filter((t) => args.family === undefined || t.family === args.family)
        .filter((t) => args.toolset === undefined || index.toolsetOf(t) === args.toolset)
        .filter((t) => args.effect === undefined || t.effect === args.effect)
        .map((tool) => ({ tool, score: query.length > 0 ? score(tool, query) : 1 }))
        .filter((r) => r.score > 0)
        .sort((a, b) => (query.length > 0 ? b.score - a.score : 0));
      const operations = found.map(({ tool }) => ({
        name: tool.name,
        title: tool.title,
        effect: tool.effect,
        toolset: index.toolsetOf(tool) ?? null,
        ...availability(index, tool),
      }));
      return {
        data: { operations },
        summary: `${title}: ${operations.length} operations.`,
      };
    },
  };
}

/** `describe_operation`: one operation's description and input schema. */
export function describeOperationTool(index: OperationIndex): Tool {
  const title = 'Describe an operation';
  return {
    name: 'describe_operation',
    family: undefined,
    operationId: undefined,
    title,
    description:
      "Gives one operation's description, effect and input schema (the `arguments` invoke_operation takes), and whether the server allows it. Read-only; calls nothing on the platform.",
    effect: 'read',
    resource: ['operations'],
    inputSchema: {
      type: 'object',
      properties: { operation: operationName },
      required: ['operation'],
      additionalProperties: false,
    },
    annotations: annotationsOf(title, 'read', undefined, false),
    async run(args) {
      const tool = find(index, args.operation);
      return {
        data: {
          name: tool.name,
          title: tool.title,
          description: tool.description,
          effect: tool.effect,
          toolset: index.toolsetOf(tool) ?? null,
          operation: `${tool.family}.${tool.operationId ?? tool.name}`,
          listed: index.listed(tool),
          ...availability(index, tool),
          input_schema: tool.inputSchema,
        },
        summary: `${title}: ${tool.name} (${tool.effect}).`,
      };
    },
  };
}

/**
 * `invoke_operation`: runs any operation with its arguments. Its effect is its target's: the
 * server checks the target's permissions and input schema as for a call by the target's name.
 */
export function invokeOperationTool(permissions: Permissions): Tool {
  const title = 'Invoke an operation';
  return {
    name: 'invoke_operation',
    family: undefined,
    operationId: undefined,
    title,
    description:
      "Runs any operation of this server, listed as a tool or not, with `arguments` as its input schema (describe_operation) says; the result is the operation's. Changes the platform when the operation does, and only when a call of the operation's own tool would be allowed: writes need --allow-write, deletions also --allow-destructive.",
    effect: 'read',
    resource: ['operations'],
    inputSchema: {
      type: 'object',
      properties: {
        operation: operationName,
        arguments: {
          type: 'object',
          description: "The operation's arguments, as its input schema says.",
        },
      },
      required: ['operation'],
      additionalProperties: false,
    },
    // What it may change is what the server allows its targets to change.
    annotations: {
      title,
      readOnlyHint: !permissions.allowWrite,
      destructiveHint: permissions.allowWrite && permissions.allowDestructive,
      idempotentHint: !permissions.allowWrite,
      openWorldHint: true,
    },
    redirect: (args) => ({ name: String(args.operation), args: args.arguments ?? {} }),
    async run() {
      // The server runs the target instead (dispatch.ts); reaching here is a server bug.
      throw new Error('invoke_operation runs through the server, not on its own');
    },
  };
}
