// Toolsets and the dynamic tools: the default listing's budget (tools and serialized bytes of
// tools/list), --toolsets / --all-tools / --dynamic, search results callable through
// invoke_operation, and one permission check for a call by name and through invoke_operation in
// each mode (read-only, --allow-write, --allow-destructive).
import { beforeAll, describe, expect, it } from 'vitest';
import { parseCommandLine } from '../src/cli/args.js';
import { emulatorEnvironment } from '../src/config/emulator.js';
import { dispatch, type Outcome } from '../src/server/dispatch.js';
import { toolListing } from '../src/server/mcp-server.js';
import type { Permissions } from '../src/server/policy.js';
import { createToolSet, type ToolSet, type ToolSetOptions } from '../src/server/registry.js';
import { DEFAULT_TOOLSETS } from '../src/server/toolsets.js';
import { call, connect, data, summary } from './helpers/stdio.js';

const ALL: Permissions = { allowWrite: true, allowDestructive: true };
const WRITE: Permissions = { allowWrite: true, allowDestructive: false };
const READ: Permissions = { allowWrite: false, allowDestructive: false };

let environment: Awaited<ReturnType<typeof emulatorEnvironment>>;
beforeAll(async () => {
  environment = await emulatorEnvironment();
});
const toolSet = (options: Omit<ToolSetOptions, 'env' | 'fetch'>) =>
  createToolSet({ env: environment.env, fetch: environment.fetch, ...options });

const signal = new AbortController().signal;
const names = (set: ToolSet) => set.listed.map((t) => t.name);
const bytes = (set: ToolSet) =>
  Buffer.byteLength(JSON.stringify({ tools: toolListing(set) }), 'utf8');
const output = (outcome: Outcome) => {
  if ('failure' in outcome) throw new Error(outcome.failure.summary);
  return outcome.output.data as Record<string, unknown>;
};
const errorOf = (outcome: Outcome) =>
  'failure' in outcome ? outcome.failure.data.error : { type: 'succeeded' };

describe('the default listing', () => {
  it('stays within 40 tools and 60 kB of tools/list, with every flag on', async () => {
    const set = await toolSet({ permissions: ALL });
    const listed = names(set);
    const size = bytes(set);
    expect(listed.length).toBeLessThanOrEqual(40);
    expect(size).toBeLessThanOrEqual(60 * 1024);
    // Measured against everything, so the budget means something.
    const all = await toolSet({ permissions: ALL, selection: { mode: 'all' } });
    expect(all.listed.length).toBeGreaterThan(100);
    expect(bytes(all)).toBeGreaterThan(150 * 1024);
    console.info(
      `default listing: ${listed.length} tools, ${size} bytes; all tools: ${all.listed.length}, ${bytes(all)} bytes`,
    );
  });

  it('holds the default toolsets and the server tools that reach the rest', async () => {
    const set = await toolSet({ permissions: ALL });
    const listed = new Set(names(set));
    for (const toolset of DEFAULT_TOOLSETS)
      for (const name of set.toolsets.get(toolset) ?? []) expect(listed).toContain(name);
    for (const name of ['search_tools', 'describe_operation', 'invoke_operation'])
      expect(listed).toContain(name);
    expect(listed).not.toContain('access_sso_configs_list');
    expect(listed).not.toContain('list_operations');
  });
});

describe('--toolsets, --all-tools, --dynamic', () => {
  it('parse, and exclude each other', () => {
    expect(parseCommandLine([]).selection).toEqual({ mode: 'default' });
    expect(parseCommandLine(['--toolsets', 'access_roles, default']).selection).toEqual({
      mode: 'toolsets',
      toolsets: ['access_roles', ...DEFAULT_TOOLSETS],
    });
    expect(parseCommandLine(['--all-tools']).selection).toEqual({ mode: 'all' });
    expect(parseCommandLine(['--dynamic']).selection).toEqual({ mode: 'dynamic' });
    expect(() => parseCommandLine(['--dynamic', '--all-tools'])).toThrow(/exclude each other/);
    expect(() => parseCommandLine(['--toolsets', ' , '])).toThrow(/--toolsets/);
  });

  it('--toolsets lists those toolsets and the server tools', async () => {
    const set = await toolSet({
      permissions: READ,
      selection: { mode: 'toolsets', toolsets: ['access_roles', 'legacy_users'] },
    });
    const listed = names(set);
    expect(listed).toContain('access_roles_list');
    expect(listed).toContain('search_tools');
    expect(listed).not.toContain('workforce_users_list');
    // Read-only: the write tools of the toolset are not listed.
    expect(listed).not.toContain('access_roles_create');
    expect(listed).not.toContain('legacy_users_create');
  });

  it('refuses a toolset that does not exist, naming the ones that do', async () => {
    await expect(
      toolSet({ permissions: READ, selection: { mode: 'toolsets', toolsets: ['access_nope'] } }),
    ).rejects.toThrow(/unknown toolsets: access_nope \(toolsets: .*access_groups/);
    await expect(
      toolSet({ permissions: READ, selection: { mode: 'toolsets', toolsets: ['nothing'] } }),
    ).rejects.toThrow(/unknown toolsets: nothing/);
  });

  it('--all-tools lists every tool the flags allow', async () => {
    const set = await toolSet({ permissions: ALL, selection: { mode: 'all' } });
    expect(names(set)).toEqual(set.tools.map((t) => t.name));
  });

  it('--dynamic lists three tools that list, describe and invoke any operation', async () => {
    const set = await toolSet({ permissions: READ, selection: { mode: 'dynamic' } });
    expect(names(set)).toEqual(['list_operations', 'describe_operation', 'invoke_operation']);
    const listed = output(await dispatch(set, 'list_operations', {}, signal));
    const operations = listed.operations as { name: string; available: boolean }[];
    expect(operations.length).toBe(set.tools.filter((t) => t.family !== undefined).length);
    expect(operations.find((o) => o.name === 'legacy_users_create')).toMatchObject({
      available: false,
      needs_flags: ['--allow-write'],
    });
    const roles = output(
      await dispatch(set, 'list_operations', { toolset: 'access_roles', effect: 'read' }, signal),
    );
    expect((roles.operations as { name: string }[]).map((o) => o.name)).toContain(
      'access_roles_list',
    );

    const described = output(
      await dispatch(set, 'describe_operation', { operation: 'workforce_groups_create' }, signal),
    );
    expect(described).toMatchObject({
      name: 'workforce_groups_create',
      effect: 'write',
      operation: 'workforce.createGroup',
      listed: false,
      available: false,
    });
    expect(described.input_schema).toMatchObject({ type: 'object', required: ['group'] });

    const groups = output(
      await dispatch(
        set,
        'invoke_operation',
        { operation: 'workforce_groups_list', arguments: { page_size: 5 } },
        signal,
      ),
    );
    expect(Array.isArray(groups.items)).toBe(true);
  });
});

describe('search_tools results are callable', () => {
  it('marks an unlisted tool call_with invoke_operation, and invoke_operation runs it', async () => {
    const set = await toolSet({ permissions: READ });
    const found = output(
      await dispatch(set, 'search_tools', { query: 'list resource servers' }, signal),
    );
    const hit = (found.tools as { name: string; call_with?: string }[]).find(
      (t) => t.name === 'access_resource_servers_list',
    );
    expect(hit).toMatchObject({ available: true, call_with: 'invoke_operation' });
    expect(names(set)).not.toContain('access_resource_servers_list');
    const realm = environment.env.X_ACCESS_REALM_ID!;
    const result = output(
      await dispatch(
        set,
        'invoke_operation',
        { operation: hit!.name, arguments: { realm_id: realm } },
        signal,
      ),
    );
    expect(Array.isArray(result.items)).toBe(true);
    const listed = (found.tools as { name: string; call_with?: string }[]).filter(
      (t) => t.call_with === undefined,
    );
    for (const t of listed) expect(names(set)).toContain(t.name);
  });

  it('checks the target’s arguments as a call by name does, and invokes only operations', async () => {
    const set = await toolSet({ permissions: READ });
    const byName = await dispatch(set, 'workforce_groups_list', { page_size: 'x' }, signal);
    const invoked = await dispatch(
      set,
      'invoke_operation',
      { operation: 'workforce_groups_list', arguments: { page_size: 'x' } },
      signal,
    );
    expect(errorOf(invoked)).toEqual(errorOf(byName));
    expect(errorOf(invoked)).toMatchObject({ type: 'InvalidArguments' });
    for (const operation of ['invoke_operation', 'search_tools', 'no_such_tool'])
      expect(
        errorOf(await dispatch(set, 'invoke_operation', { operation, arguments: {} }, signal)),
      ).toMatchObject({ type: 'UnknownTool' });
  });
});

describe('one permission check for a call by name and through invoke_operation', () => {
  // A write and a destructive operation whose arguments pass the schema but name nothing that
  // exists: when allowed they reach the platform (NotFound), when not they are refused first.
  const WRITE_CALL = {
    name: 'workforce_groups_update',
    args: { group_id: 'no-such-group', group: { name: 'x' } },
  };
  const DELETE_CALL = { name: 'workforce_groups_delete', args: { group_id: 'no-such-group' } };
  const cases = [
    { mode: 'read-only', permissions: READ, write: 'NotAllowed', destructive: 'NotAllowed' },
    { mode: '--allow-write', permissions: WRITE, write: 'NotFound', destructive: 'NotAllowed' },
    {
      mode: '--allow-write --allow-destructive',
      permissions: ALL,
      write: 'NotFound',
      destructive: 'NotFound',
    },
  ] as const;

  for (const c of cases)
    it(`${c.mode}: writes ${c.write}, deletes ${c.destructive}, alike on both paths`, async () => {
      for (const selection of [{ mode: 'default' }, { mode: 'dynamic' }] as const) {
        const set = await toolSet({ permissions: c.permissions, selection });
        for (const [call, expected] of [
          [WRITE_CALL, c.write],
          [DELETE_CALL, c.destructive],
        ] as const) {
          const direct = errorOf(await dispatch(set, call.name, call.args, signal));
          const invoked = errorOf(
            await dispatch(
              set,
              'invoke_operation',
              { operation: call.name, arguments: call.args },
              signal,
            ),
          );
          expect(direct).toMatchObject({ type: expect.stringContaining(expected) });
          expect(invoked).toEqual(direct);
        }
        const read = await dispatch(set, 'workforce_groups_list', {}, signal);
        expect('output' in read).toBe(true);
      }
    });
});

describe('over stdio', () => {
  it('--dynamic serves three tools; invoke_operation runs reads and refuses writes when read-only', async () => {
    const server = await connect(['--emulator', '--dynamic']);
    try {
      const { tools } = await server.client.listTools();
      expect(tools.map((t) => t.name)).toEqual([
        'list_operations',
        'describe_operation',
        'invoke_operation',
      ]);
      expect(tools.find((t) => t.name === 'invoke_operation')?.annotations).toMatchObject({
        readOnlyHint: true,
        destructiveHint: false,
      });
      const read = await call(server.client, 'invoke_operation', {
        operation: 'workforce_users_list',
        arguments: { page_size: 2 },
      });
      expect(read.isError, summary(read)).toBeFalsy();
      expect(Array.isArray(data(read).items)).toBe(true);
      const write = await call(server.client, 'invoke_operation', {
        operation: 'workforce_groups_create',
        arguments: { group: { name: 'never' } },
      });
      expect(write.isError).toBe(true);
      expect(data(write).error).toMatchObject({
        type: 'NotAllowed',
        required_flags: ['--allow-write'],
      });
    } finally {
      await server.close();
    }
  });
});
