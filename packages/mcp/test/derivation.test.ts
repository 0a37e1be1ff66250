// The tools as derived from the catalogs and the specs, built in process (no child process): one
// tool per operation, consistent names, effects and annotations, schemas that keep the specs'
// constraints and compile.
import { specOperations } from '@x/specs';
import { beforeAll, describe, expect, it } from 'vitest';
import { emulatorEnvironment } from '../src/config/emulator.js';
import { FAMILIES } from '../src/config/families.js';
import { createToolSet, type ToolSet } from '../src/server/registry.js';
import { specEffect } from '../src/tools/effect.js';
import { TOOL_NAME } from '../src/tools/naming.js';
import { InputValidator } from '../src/tools/validate.js';

let set: ToolSet;

beforeAll(async () => {
  const { env, fetch } = await emulatorEnvironment();
  set = await createToolSet({
    env,
    fetch,
    permissions: { allowWrite: true, allowDestructive: true },
  });
});

describe('derived tools', () => {
  it('cover every operation of every family with a catalog, except those withheld on purpose', () => {
    for (const source of FAMILIES) {
      const status = set.families.find((f) => f.family === source.name);
      if (!status?.enabled) continue;
      const covered = new Set(
        set.tools.filter((t) => t.family === source.name).map((t) => t.operationId),
      );
      const missing = [...specOperations(source.name).keys()].filter(
        (id) => !covered.has(id) && !(id in source.withheld),
      );
      expect(missing, source.name).toEqual([]);
    }
  });

  it('have unique names that every client accepts', () => {
    const names = set.tools.map((t) => t.name);
    expect(new Set(names).size).toBe(names.length);
    for (const name of names) expect(name).toMatch(TOOL_NAME);
  });

  it('are at least as strict as the HTTP method, and say so in their annotations', () => {
    for (const tool of set.tools) {
      if (tool.redirect) {
        // invoke_operation may do what the server allows its targets (here: everything).
        expect(tool.annotations, tool.name).toMatchObject({
          readOnlyHint: false,
          destructiveHint: true,
        });
        continue;
      }
      const op =
        tool.operationId && tool.family
          ? specOperations(tool.family).get(tool.operationId)
          : undefined;
      const source = FAMILIES.find((f) => f.name === tool.family);
      if (op && tool.name !== 'events_search' && !source?.postQueries.includes(op.operationId)) {
        const implied = specEffect(op);
        if (implied === 'destructive') expect(tool.effect, tool.name).toBe('destructive');
        if (implied === 'write') expect(tool.effect, tool.name).not.toBe('read');
      }
      expect(tool.annotations, tool.name).toMatchObject({
        readOnlyHint: tool.effect === 'read',
        destructiveHint: tool.effect === 'destructive',
      });
      expect(typeof tool.annotations.idempotentHint).toBe('boolean');
      expect(typeof tool.annotations.openWorldHint).toBe('boolean');
    }
  });

  it('describe what they do, what they need and what they change', () => {
    for (const tool of set.tools) {
      expect(tool.description.length, tool.name).toBeGreaterThan(40);
      if (tool.family) expect(tool.description, tool.name).toMatch(/Needs/);
      expect(tool.description, tool.name).toMatch(/Read-only|Changes the platform|Destructive/);
    }
  });

  it('have input schemas that compile and refuse unknown arguments', () => {
    for (const tool of set.tools) {
      const violations = new InputValidator(tool.inputSchema).check({ not_an_argument: 1 });
      expect(violations, tool.name).toContainEqual({
        field: 'not_an_argument',
        description: 'is not an argument of this tool',
      });
    }
  });

  it("keep the spec's required fields and enums (legacy users.create)", () => {
    const tool = set.get('legacy_users_create')!;
    expect(tool.inputSchema.required).toEqual([
      'external_id',
      'email',
      'user_name',
      'display_name',
      'binding_token_delivery_method',
    ]);
    const violations = new InputValidator(tool.inputSchema).check({
      external_id: 'crm-1',
      email: 'ada@example.com',
      user_name: 'ada',
      display_name: 'Ada',
      binding_token_delivery_method: 'pigeon',
    });
    expect(violations).toEqual([
      {
        field: 'binding_token_delivery_method',
        description: expect.stringMatching(/must be one of/),
      },
    ]);
  });

  it('replace paging parameters with one cursor, and leave a raw query_text out of events_list', () => {
    const list = set.get('events_list')!;
    const props = Object.keys(list.inputSchema.properties as object);
    expect(props).toContain('cursor');
    expect(props).not.toContain('query_text');
    expect(list.description).toMatch(/events_search/);
  });
});
