// Every parameter of every spec operation reaches the wire through the family's operation
// catalog (what the command line and the MCP server call): path, query and header parameters
// given under their wire names appear in the request that would be sent. A parameter added to a
// spec and not carried by the catalog fails here, by name, instead of becoming a flag or an MCP
// argument that is silently ignored.
import { type Emulator, startEmulator } from '@x/emulator';
import { ValidationError } from '@x/runtime';
import { resolveRef, specDocument } from '@x/specs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { familyCatalog } from '../src/catalog.js';
import { FAMILIES } from '../src/families.js';
import { createFamilyClient } from '../src/family-client.js';
import { dryRunClient } from '../src/invoke/dry-run.js';
import { commandOperations, type ParameterSpec } from '../src/spec/operations.js';

/**
 * Parameters the family refuses by name instead of sending (never dropped): the spec has them,
 * the platform's documents do not say what they do (see the catalog entry's comment).
 */
const REFUSED = ['access.getCredentialBindingJob: query parameter filter'];

let emulator: Emulator;
beforeAll(async () => {
  emulator = await startEmulator();
});
afterAll(() => emulator.stop());

/** Values the families check beyond the schema (filter grammars), where the spec has no example. */
const SAMPLES: Record<string, unknown> = {
  'access.listIdentities.filter': 'traits.username eq "ada"',
  'access.listScimUsers.filter': 'userName eq "ada"',
  'access.listScimGroups.filter': 'displayName eq "admins"',
};

/** A value the parameter's schema accepts: its example, else one built from the schema. */
function sample(
  spec: string,
  operationId: string,
  p: ParameterSpec,
  fixed: Record<string, string>,
): unknown {
  if (fixed[p.name] !== undefined) return fixed[p.name];
  const known = SAMPLES[`${spec}.${operationId}.${p.name}`];
  if (known !== undefined) return known;
  if (p.example !== undefined) return p.example;
  const s = p.schema;
  if (s.example !== undefined) return s.example;
  if (Array.isArray(s.enum)) return s.enum[0];
  switch (s.type) {
    case 'integer':
    case 'number': {
      const min = typeof s.minimum === 'number' ? s.minimum : 0;
      const max = typeof s.maximum === 'number' ? s.maximum : Number.MAX_SAFE_INTEGER;
      return Math.min(max, Math.max(min, 3));
    }
    case 'boolean':
      return true;
    case 'array': {
      const items = resolveRef(specDocument(spec), s.items) as { enum?: unknown[] } | undefined;
      return [Array.isArray(items?.enum) ? items.enum[0] : `${p.name}-1`];
    }
    default:
      return s.format === 'date-time' ? '2026-01-02T03:04:05Z' : `${p.name}-1`;
  }
}

/** The example body of an operation (every body of the specs has one). */
function exampleBody(spec: string, path: string, method: string): unknown {
  const doc = specDocument(spec);
  const op = (doc.paths as Record<string, Record<string, { requestBody?: unknown }>>)[path]![
    method.toLowerCase()
  ]!;
  const body = resolveRef(doc, op.requestBody) as { content?: Record<string, unknown> };
  const media = Object.values(body.content ?? {})[0] as {
    example?: unknown;
    examples?: Record<string, unknown>;
  };
  if (media.example !== undefined) return media.example;
  const first = resolveRef(doc, Object.values(media.examples ?? {})[0]) as { value?: unknown };
  return first?.value;
}

describe('every spec parameter round-trips through the catalog to the wire', () => {
  for (const family of FAMILIES)
    it(`${family.name}`, async () => {
      const catalog = await familyCatalog(family);
      expect(catalog, `${family.catalogModule} has a catalog`).toBeDefined();
      const variables = { ...emulator.env } as Record<string, string>;
      const fixed: Record<string, string> = {};
      for (const c of family.context) {
        const value = variables[c.variable];
        if (value !== undefined) fixed[c.name] = value;
      }
      const lost: string[] = [];
      const refused: string[] = [];
      for (const [operationId, op] of commandOperations(family.spec)) {
        const entry = catalog![operationId];
        if (!entry) continue; // withheld from the catalog on purpose (a test in each family checks which)
        // The command line and the MCP server fill the context (tenant, realm) into every call.
        const args = { path: { ...fixed }, query: {}, header: {} } as Record<
          string,
          Record<string, unknown>
        >;
        for (const p of op.parameters)
          args[p.in]![p.name] = sample(family.spec, operationId, p, fixed);
        if (op.body) args.body = exampleBody(family.spec, op.path, op.method) as never;
        let captured: { url: string; headers: Record<string, string> }[] = [];
        // A parameter refused by name is recorded and left out, and the call made again.
        for (let attempt = 0; attempt <= op.parameters.length; attempt++) {
          const dry = dryRunClient();
          captured = dry.captured;
          const client = await createFamilyClient(family, variables, dry.options);
          try {
            if (entry.call) await entry.call(client, args, {});
            else for await (const _ of entry.list!(client, args, {}).pages()) break;
          } catch (error) {
            const param = op.parameters.find(
              (p) => error instanceof ValidationError && p.name === error.field,
            );
            if (captured.length === 0 && param) {
              refused.push(`${family.name}.${operationId}: ${param.in} parameter ${param.name}`);
              delete args[param.in]![param.name];
              continue;
            }
            if (captured.length === 0)
              lost.push(`${operationId}: nothing sent (${(error as Error).message})`);
          }
          break;
        }
        const request = captured[0];
        if (!request) continue;
        const url = new URL(request.url);
        const path = decodeURIComponent(url.pathname);
        for (const p of op.parameters) {
          if (!(p.name in args[p.in]!)) continue;
          const value = args[p.in]![p.name];
          const sent =
            p.in === 'path'
              ? path.includes(String(value))
              : p.in === 'query'
                ? (Array.isArray(value) ? value : [value]).every((v) =>
                    url.searchParams.getAll(p.name).includes(String(v)),
                  )
                : request.headers[p.name.toLowerCase()] === String(value);
          if (!sent) lost.push(`${operationId}: ${p.in} parameter ${p.name}`);
        }
      }
      expect(refused).toEqual(REFUSED.filter((r) => r.startsWith(`${family.name}.`)));
      expect(lost).toEqual([]);
    });
});
