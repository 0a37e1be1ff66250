// Finding tools by the operation they call, and collecting every result of a suite to check
// that no secret is in any of them.
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { CallToolResult, Tool } from '@modelcontextprotocol/sdk/types.js';
import { OPERATION_META } from '../../src/server/mcp-server.js';
import { call } from './stdio.js';

/** The tool names of a server by operation (`access.createGroup` -> `access_groups_create`). */
export async function toolsByOperation(client: Client): Promise<Map<string, Tool>> {
  const { tools } = await client.listTools();
  const out = new Map<string, Tool>();
  for (const tool of tools) {
    const op = tool._meta?.[OPERATION_META];
    if (typeof op === 'string' && !out.has(op)) out.set(op, tool);
  }
  return out;
}

/** Calls tools by operation, and keeps every result for the suite's secret check. */
export class Session {
  readonly results: CallToolResult[] = [];
  #byOperation: Map<string, Tool> | undefined;

  constructor(readonly client: Client) {}

  /** The tool of an operation; throws when the server does not list one. */
  async tool(operation: string): Promise<string> {
    this.#byOperation ??= await toolsByOperation(this.client);
    const tool = this.#byOperation.get(operation);
    if (!tool) throw new Error(`no listed tool calls ${operation}`);
    return tool.name;
  }

  /** Calls a tool by name. */
  async call(name: string, args: Record<string, unknown> = {}): Promise<CallToolResult> {
    const result = await call(this.client, name, args);
    this.results.push(result);
    return result;
  }

  /** Calls the tool of an operation. */
  async op(operation: string, args: Record<string, unknown> = {}): Promise<CallToolResult> {
    return this.call(await this.tool(operation), args);
  }

  /** Every result as the text a client would show or keep. */
  transcript(): string {
    return this.results.map((r) => JSON.stringify(r)).join('\n');
  }
}
