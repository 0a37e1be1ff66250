// Starts `x-mcp` from its sources (node with tsx, the `@x/source` condition: no build needed) as
// a child process and connects an MCP client of the official SDK to it over stdio.
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import {
  getDefaultEnvironment,
  StdioClientTransport,
} from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';

/** The repository root (tsx is one of its dev dependencies). */
export const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
/** The command's source entry. */
export const BIN = fileURLToPath(new URL('../../src/bin.ts', import.meta.url));

/** A running server and its client. */
export interface Connected {
  readonly client: Client;
  /** What the server wrote to stderr so far. */
  stderr(): string;
  close(): Promise<void>;
}

/** The node arguments that run the command from its sources. */
export const nodeArgs = (flags: readonly string[]): string[] => [
  '--conditions=@x/source',
  '--import',
  'tsx',
  BIN,
  ...flags,
];

/**
 * Starts the server with these flags and connects a client. Only the variables in `env` (and
 * the basic ones every process needs) reach it, so a developer's own X_* settings never do.
 */
export async function connect(
  flags: readonly string[],
  env: Record<string, string> = {},
): Promise<Connected> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: nodeArgs(flags),
    cwd: ROOT,
    env: { ...getDefaultEnvironment(), ...env },
    stderr: 'pipe',
  });
  let stderr = '';
  transport.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString('utf8');
  });
  const client = new Client({ name: 'x-mcp-test', version: '0.0.0' });
  await client.connect(transport);
  return { client, stderr: () => stderr, close: () => client.close() };
}

/** Calls a tool and returns its result as the SDK types it. */
export async function call(
  client: Client,
  name: string,
  args: Record<string, unknown> = {},
): Promise<CallToolResult> {
  return (await client.callTool({ name, arguments: args })) as CallToolResult;
}

/** The structured content of a result (an object for every result of this server). */
export const data = (result: CallToolResult): Record<string, unknown> =>
  result.structuredContent as Record<string, unknown>;

/** The first text block of a result: its one-line summary. */
export const summary = (result: CallToolResult): string => {
  const first = result.content[0];
  return first?.type === 'text' ? first.text : '';
};
