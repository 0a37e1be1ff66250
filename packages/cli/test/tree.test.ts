// The command tree: derived from each family's catalog and spec, with help, examples, flags,
// completion and the version.
import { readFileSync } from 'node:fs';
import { variableGroup } from '@x/runtime/internal';
import { specOperations } from '@x/specs';
import type { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { familyCatalog } from '../src/catalog.js';
import { RunContext } from '../src/context.js';
import { EXIT } from '../src/exit-codes.js';
import { FAMILIES } from '../src/families.js';
import { familyModule } from '../src/family-client.js';
import { buildProgram } from '../src/program.js';
import { deriveCommands } from '../src/tree/derive.js';
import { kebab } from '../src/tree/names.js';
import { VERSION } from '../src/version.js';
import { PACKAGE_DIR, runCli } from './helpers.js';

describe('the command tree', () => {
  it('has one command per catalog entry, named after its resource and method', async () => {
    for (const family of FAMILIES) {
      const catalog = await familyCatalog(family);
      if (!catalog) continue;
      const { commands } = deriveCommands(family, catalog);
      const ops = specOperations(family.spec);
      for (const id of Object.keys(catalog))
        expect(ops.has(id), `${family.name}: ${id} is in the spec`).toBe(true);
      expect(commands).toHaveLength(Object.keys(catalog).length);
      const names = commands.map((c) => c.words.join(' '));
      expect(new Set(names).size).toBe(names.length);
    }
  });

  it('derives the legacy commands from its catalog and spec', async () => {
    const legacy = FAMILIES.find((f) => f.name === 'legacy')!;
    const { commands, missing } = deriveCommands(legacy, (await familyCatalog(legacy))!);
    expect(missing).toEqual([]);
    const create = commands.find((c) => c.operationId === 'createLegacyUser')!;
    expect(create.words).toEqual(['users', 'create']);
    expect(create.flags.map((f) => f.flag)).toEqual([
      'external-id',
      'email',
      'user-name',
      'display-name',
      'binding-token-delivery-method',
    ]);
    expect(create.flags.every((f) => f.required && f.location === 'body')).toBe(true);
  });

  it('names commands and flags in kebab case', () => {
    expect(kebab('bindingJobs')).toBe('binding-jobs');
    expect(kebab('addMembers')).toBe('add-members');
    expect(kebab('page_size')).toBe('page-size');
    expect(kebab('startIndex')).toBe('start-index');
  });

  it("keeps the families' variables in step with their fromEnv exports", async () => {
    for (const family of FAMILIES) {
      const exported = (await familyModule(family))[family.envExport] as
        | Record<string, string>
        | undefined;
      expect(exported, family.name).toBeDefined();
      expect([...family.variables].sort(), family.name).toEqual(Object.values(exported!).sort());
      const { variables, ...auth } = variableGroup(exported!);
      expect({ ...family.group, variables: [...family.group.variables].sort() }).toEqual({
        variables: [...variables].sort(),
        ...auth,
      });
    }
  });

  it('shows an example in the help of every command', async () => {
    const legacy = await runCli(['legacy', 'users', 'recover', '--help']);
    expect(legacy.code).toBe(EXIT.ok);
    expect(legacy.stdout).toMatch(
      /Example:\n {2}\$ xid legacy users recover --external-id \S+ --binding-token-delivery-method email/,
    );
    for (const argv of [
      ['--help'],
      ['legacy', '--help'],
      ['legacy', 'users', '--help'],
      ['events', '--help'],
      ['profile', '--help'],
      ['emulator', '--help'],
      ['workforce', 'users', '--help'],
      ['workforce', 'users', 'list', '--help'],
      ['workforce', 'users', 'delete', '--help'],
      ['workforce', 'users', 'import', '--help'],
      ['events', 'follow', '--help'],
      ['events', 'export', '--help'],
      ['profile', 'set', '--help'],
      ['login', '--help'],
      ['emulator', 'start', '--help'],
      ['completion', '--help'],
    ]) {
      const r = await runCli(argv);
      expect(r.code, argv.join(' ')).toBe(EXIT.ok);
      expect(r.stdout, argv.join(' ')).toMatch(/Examples?:\n {2}\$ (xid|source)/);
    }
    const del = await runCli(['workforce', 'users', 'delete', '--help']);
    expect(del.stdout).toMatch(/--yes/);
  });

  it('prints the version of package.json', async () => {
    const pkg = JSON.parse(readFileSync(`${PACKAGE_DIR}/package.json`, 'utf8')) as {
      version: string;
    };
    expect(VERSION).toBe(pkg.version);
    const r = await runCli(['--version']);
    expect(r.stdout.trim()).toBe(pkg.version);
  });

  it('refuses unknown commands and flags with the usage exit code', async () => {
    expect((await runCli(['nope'])).code).toBe(EXIT.usage);
    expect((await runCli(['legacy', 'users', 'frobnicate'])).code).toBe(EXIT.usage);
    expect((await runCli(['-o', 'xml', 'profile', 'list'])).code).toBe(EXIT.usage);
    expect((await runCli(['--limit', 'zero', 'profile', 'list'])).code).toBe(EXIT.ok); // only lists read it
  });
});

describe('help', () => {
  it('has an example for every command of every family', async () => {
    let out = '';
    const io = {
      stdout: {
        write: (t: string) => {
          out = t;
          return true;
        },
      },
      stderr: { write: () => true },
      stdin: process.stdin,
      env: {},
      stdoutIsTTY: false,
      stderrIsTTY: false,
      stdinIsTTY: false,
    };
    let count = 0;
    for (const family of FAMILIES) {
      const ctx = new RunContext(io, () => ({}));
      const program = await buildProgram(ctx, [family.name]);
      const leaves = (c: Command): Command[] =>
        c.commands.length === 0 ? [c] : c.commands.flatMap((sub) => leaves(sub));
      const root = program.commands.find((c) => c.name() === family.name)!;
      for (const command of leaves(root)) {
        command.outputHelp();
        expect(out, `${family.name} … ${command.name()}`).toMatch(/Example:\n {2}\$ xid /);
        count++;
      }
    }
    expect(count).toBeGreaterThan(100);
  });
});

describe('completion', () => {
  it('prints scripts for bash, zsh and fish that ask xid for candidates', async () => {
    for (const shell of ['bash', 'zsh', 'fish']) {
      const r = await runCli(['completion', shell]);
      expect(r.code).toBe(EXIT.ok);
      expect(r.stdout).toContain('xid __complete');
    }
    expect((await runCli(['completion', 'tcsh'])).code).toBe(EXIT.usage);
  });

  it('completes families, resources, verbs and flags', async () => {
    const lines = async (...words: string[]) =>
      (await runCli(['__complete', ...words])).stdout.trim().split('\n');
    expect(await lines('')).toEqual(
      expect.arrayContaining(['workforce', 'access', 'events', 'legacy', 'profile', 'login']),
    );
    expect(await lines('leg')).toEqual(['legacy']);
    expect(await lines('legacy', 'users', '')).toEqual(['create', 'import', 'recover']);
    expect(await lines('--profile', 'x', 'legacy', 'users', 'create', '--ex')).toEqual([
      '--external-id',
    ]);
    expect(await lines('events', '')).toEqual(expect.arrayContaining(['export', 'follow']));
  });
});
