// The MCP server's surface: every tool (with every family configured and every permission on)
// with its input schema flattened to one line per property, and the `x-mcp` command's flags.

import { USAGE } from '../../../../packages/mcp/src/cli/args.js';
import { emulatorEnvironment } from '../../../../packages/mcp/src/config/emulator.js';
import { createToolSet } from '../../../../packages/mcp/src/server/registry.js';
import type { Fact } from './lines.js';

type Schema = Record<string, unknown>;

const typeOf = (schema: Schema): string => {
  if (Array.isArray(schema.type)) return schema.type.join('|');
  if (typeof schema.type === 'string') return schema.type;
  if (schema.const !== undefined) return `const ${JSON.stringify(schema.const)}`;
  for (const key of ['anyOf', 'oneOf', 'allOf']) if (Array.isArray(schema[key])) return key;
  return 'any';
};

/** One line per property, its type, whether it is required, and its enum or format. */
function flatten(schema: Schema, path: string, required: boolean, owner: string, facts: Fact[]) {
  const parts = [`${path}: ${typeOf(schema)}`];
  if (required) parts.push('(required)');
  if (Array.isArray(schema.enum)) parts.push(`enum ${schema.enum.map(String).join(',')}`);
  if (typeof schema.format === 'string') parts.push(`format ${schema.format}`);
  if (schema.additionalProperties === false) parts.push('closed');
  facts.push({ owner, fact: parts.join(' ') });
  const properties = (schema.properties ?? {}) as Record<string, Schema>;
  const needed = new Set((schema.required ?? []) as string[]);
  for (const [name, sub] of Object.entries(properties))
    flatten(sub, `${path}.${name}`, needed.has(name), owner, facts);
  if (schema.items && typeof schema.items === 'object')
    flatten(schema.items as Schema, `${path}[]`, false, owner, facts);
  for (const key of ['anyOf', 'oneOf', 'allOf'])
    if (Array.isArray(schema[key]))
      (schema[key] as Schema[]).forEach((sub, i) => {
        flatten(sub, `${path}<${key}:${i}>`, false, owner, facts);
      });
}

/** The facts of every tool, and of the `x-mcp` flags. */
export async function mcpTools(): Promise<Fact[]> {
  const facts: Fact[] = [];
  const environment = await emulatorEnvironment();
  try {
    const set = await createToolSet({
      env: environment.env,
      fetch: environment.fetch,
      permissions: { allowWrite: true, allowDestructive: true },
    });
    for (const tool of set.tools) {
      const owner = `tool ${tool.name}`;
      facts.push({
        owner,
        fact: `family ${tool.family ?? '-'} operation ${tool.operationId ?? '-'}`,
      });
      facts.push({ owner, fact: `effect ${String(tool.effect)}` });
      flatten(tool.inputSchema, 'input', false, owner, facts);
    }
  } finally {
    await environment.emulator.stop();
  }
  for (const line of USAGE.split('\n')) {
    const flag = /^\s+(--[a-z-]+(?: [A-Z]+)?)(?:, (--[a-z-]+))?/.exec(line);
    if (flag)
      for (const f of flag.slice(1).filter(Boolean)) facts.push({ owner: 'x-mcp', fact: f! });
  }
  return facts;
}
