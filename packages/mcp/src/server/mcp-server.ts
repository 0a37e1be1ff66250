// One MCP server over a tool set. Tools are served through the SDK's request handlers rather
// than `registerTool`, because their input schemas are JSON Schema derived from the specs (with
// every length, pattern and enum) and `registerTool` takes zod schemas: converting some 150
// OpenAPI schemas to zod and back would lose exactly the constraints that matter. The reference
// documents are plain `registerResource` resources.
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import {
  CallToolRequestSchema,
  type CallToolResult,
  ErrorCode,
  ListToolsRequestSchema,
  McpError,
} from '@modelcontextprotocol/sdk/types.js';
import * as z from 'zod/v4';
import {
  failureOf,
  invalidInput,
  notAllowed,
  type ToolFailure,
  unknownTool,
} from '../results/errors.js';
import { Redactor } from '../results/redact.js';
import { isObject } from '../spec/json.js';
import type { Tool, ToolOutput } from '../tools/tool.js';
import { InputValidator } from '../tools/validate.js';
import { VERSION } from '../version.js';
import { instructionsOf } from './instructions.js';
import type { OutputOptions } from './output-options.js';
import type { ToolSet } from './registry.js';
import { readDocument, referenceDocuments } from './resources.js';

export type { OutputOptions };

const validators = new WeakMap<Tool, InputValidator>();

/** The `_meta` key of a listed tool that names the spec operation it calls (`access.createGroup`). */
export const OPERATION_META = 'x-mcp/operation';

/**
 * `tools/call` as the SDK reads it, except that `arguments` which is not an object (null, an
 * array, a string, a number) is answered -32602 with a message that says so: the SDK's own schema
 * answered -32603 with its raw validation output.
 */
const CallToolRequestSchema_ = CallToolRequestSchema.extend({
  params: CallToolRequestSchema.shape.params.extend({
    arguments: z
      .unknown()
      .optional()
      .transform((value) => {
        if (value === undefined || isObject(value)) return value as Record<string, unknown>;
        const kind = value === null ? 'null' : Array.isArray(value) ? 'an array' : typeof value;
        throw new McpError(
          ErrorCode.InvalidParams,
          `tools/call: arguments must be an object of the tool's arguments, not ${kind}`,
        );
      }),
  }),
});

/** A new MCP server (one per connection) over a shared tool set. */
export function createMcpServer(set: ToolSet, output: OutputOptions): McpServer {
  const redactor = new Redactor(output.revealEnrolmentSecrets, set.secrets);
  const mcp = new McpServer(
    { name: 'x-mcp', title: 'Identity platform administration', version: VERSION },
    { capabilities: { tools: { listChanged: false } }, instructions: instructionsOf(set, output) },
  );

  mcp.server.setRequestHandler(ListToolsRequestSchema, () => ({
    // Tools the flags do not allow are not listed: an agent cannot be talked into calling what
    // it never sees, and a shorter list is easier to choose from. Called anyway, they refuse.
    tools: set.tools
      .filter((tool) => set.missingFlags(tool).length === 0)
      .map((tool) => ({
        name: tool.name,
        title: tool.title,
        description: tool.description,
        inputSchema: tool.inputSchema as { type: 'object' },
        annotations: tool.annotations,
        ...(tool.family && tool.operationId
          ? { _meta: { [OPERATION_META]: `${tool.family}.${tool.operationId}` } }
          : {}),
      })),
  }));

  mcp.server.setRequestHandler(CallToolRequestSchema_, async (request, extra) => {
    const { name, arguments: args = {} } = request.params;
    try {
      return await callTool(set, redactor, name, args, extra.signal);
    } catch (error) {
      // callTool handles every failure; this is the last guard of the connection.
      return failure(failureOf(name, error), redactor);
    }
  });

  for (const doc of referenceDocuments())
    mcp.registerResource(
      doc.name,
      doc.uri,
      { title: doc.title, description: doc.description, mimeType: doc.mimeType },
      async (uri) => ({
        contents: [{ uri: uri.href, mimeType: doc.mimeType, text: await readDocument(doc) }],
      }),
    );
  return mcp;
}

/** Checks, runs and answers one tool call; every failure becomes a tool error. */
async function callTool(
  set: ToolSet,
  redactor: Redactor,
  name: string,
  args: unknown,
  signal: AbortSignal,
): Promise<CallToolResult> {
  const tool = set.get(name);
  if (!tool) return failure(unknownTool(name), redactor);
  const missing = set.missingFlags(tool);
  if (missing.length > 0) return failure(notAllowed(name, missing), redactor);
  let validator = validators.get(tool);
  if (!validator) {
    validator = new InputValidator(tool.inputSchema);
    validators.set(tool, validator);
  }
  const unreadable = illFormedString(args);
  if (unreadable !== undefined)
    return failure(
      invalidInput(name, [
        { field: unreadable, description: 'is not well-formed Unicode (it has a lone surrogate)' },
      ]),
      redactor,
    );
  const violations = validator.check(args);
  if (violations.length > 0 || !isObject(args))
    return failure(invalidInput(name, violations), redactor);
  let output: ToolOutput;
  try {
    output = await tool.run(args, { signal });
  } catch (error) {
    return failure(failureOf(name, error), redactor);
  }
  return success(output, redactor);
}

/** A high surrogate not followed by a low one, or a low one not preceded by a high one. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * The path of the first string in `value` (keys included) that is not well-formed UTF-16: a lone
 * surrogate cannot be encoded into a URL or a request body, so the call could never be sent.
 */
function illFormedString(value: unknown, path = 'arguments'): string | undefined {
  if (typeof value === 'string') return LONE_SURROGATE.test(value) ? path : undefined;
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) {
      const found = illFormedString(item, `${path}[${i}]`);
      if (found) return found;
    }
  } else if (isObject(value))
    for (const [key, item] of Object.entries(value)) {
      if (LONE_SURROGATE.test(key)) return path;
      const found = illFormedString(item, path === 'arguments' ? key : `${path}.${key}`);
      if (found) return found;
    }
  return undefined;
}

/** A result: the one-line summary, then the structured content (also as JSON text, for clients that show only text). */
function success(output: ToolOutput, redactor: Redactor): CallToolResult {
  const { value, masked } = redactor.redact(output.data);
  return {
    content: [
      { type: 'text', text: `${redactor.text(output.summary)}${maskedNote(masked)}` },
      { type: 'text', text: JSON.stringify(value) },
    ],
    structuredContent: value,
  };
}

/** ` Masked: a.short_code.` for a few fields, ` Masked: 12 fields (short_code).` for many. */
function maskedNote(masked: readonly string[]): string {
  if (masked.length === 0) return '';
  if (masked.length <= 3) return ` Masked: ${masked.join(', ')}.`;
  const keys = [
    ...new Set(
      masked.map((field) =>
        field
          .split('.')
          .pop()!
          .replace(/\[\d+\]$/, ''),
      ),
    ),
  ];
  return ` Masked: ${masked.length} fields (${keys.join(', ')}).`;
}

/** A tool error: `isError`, the one-line summary, and the error as structured content. */
function failure(f: ToolFailure, redactor: Redactor): CallToolResult {
  const { value } = redactor.redact(f.data);
  return {
    isError: true,
    content: [
      { type: 'text', text: redactor.text(f.summary) },
      { type: 'text', text: JSON.stringify(value) },
    ],
    structuredContent: value,
  };
}
