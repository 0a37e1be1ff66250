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
import { failureOf, type ToolFailure } from '../results/errors.js';
import { Redactor } from '../results/redact.js';
import { isObject } from '../spec/json.js';
import type { ToolOutput } from '../tools/tool.js';
import { VERSION } from '../version.js';
import { dispatch } from './dispatch.js';
import { instructionsOf } from './instructions.js';
import type { OutputOptions } from './output-options.js';
import type { ToolSet } from './registry.js';
import { readDocument, referenceDocuments } from './resources.js';

export type { OutputOptions };

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

/**
 * What `tools/list` answers: the selected toolsets (or the dynamic tools), less what the flags do
 * not allow. An agent cannot be talked into calling what it never sees, and a shorter list is
 * easier to choose from; called anyway (by name or through invoke_operation), they refuse.
 */
export function toolListing(set: ToolSet) {
  return set.listed.map((tool) => ({
    name: tool.name,
    title: tool.title,
    description: tool.description,
    inputSchema: tool.inputSchema as { type: 'object' },
    annotations: tool.annotations,
    ...(tool.family && tool.operationId
      ? { _meta: { [OPERATION_META]: `${tool.family}.${tool.operationId}` } }
      : {}),
  }));
}

/** A new MCP server (one per connection) over a shared tool set. */
export function createMcpServer(set: ToolSet, output: OutputOptions): McpServer {
  const redactor = new Redactor(output.revealEnrolmentSecrets, set.secrets);
  const mcp = new McpServer(
    { name: 'x-mcp', title: 'Identity platform administration', version: VERSION },
    { capabilities: { tools: { listChanged: false } }, instructions: instructionsOf(set, output) },
  );

  mcp.server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: toolListing(set) }));

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

/** Checks, runs and answers one tool call (see `dispatch`); every failure becomes a tool error. */
async function callTool(
  set: ToolSet,
  redactor: Redactor,
  name: string,
  args: unknown,
  signal: AbortSignal,
): Promise<CallToolResult> {
  const outcome = await dispatch(set, name, args, signal);
  return 'failure' in outcome
    ? failure(outcome.failure, redactor)
    : success(outcome.output, redactor);
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
