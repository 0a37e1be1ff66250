// The `xid` command tree as scripts use it: every command path, its arguments and its options
// (flags, whether they take a value, choices, whether they are mandatory). Each family's subtree
// is derived the way a run that names the family derives it.
import type { Command, Option } from 'commander';
import { RunContext } from '../../../../packages/cli/src/context.js';
import { FAMILIES } from '../../../../packages/cli/src/families.js';
import type { Io } from '../../../../packages/cli/src/io.js';
import { registerFamily, rootCommand } from '../../../../packages/cli/src/program.js';
import type { Fact } from './lines.js';

const silentIo = (): Io =>
  ({
    stdin: process.stdin,
    stdout: { write: () => true, isTTY: false },
    stderr: { write: () => true, isTTY: false },
    env: {},
  }) as unknown as Io;

function optionFact(option: Option): string {
  const parts = [option.flags];
  if (option.mandatory) parts.push('(required)');
  if (option.argChoices) parts.push(`choices ${option.argChoices.join(',')}`);
  if ((option as { hidden?: boolean }).hidden) parts.push('hidden');
  return parts.join(' ');
}

function walk(command: Command, path: string, facts: Fact[]) {
  facts.push({ owner: path, fact: 'command' });
  for (const alias of command.aliases()) facts.push({ owner: path, fact: `alias ${alias}` });
  for (const arg of command.registeredArguments) {
    const name = `${arg.name()}${arg.variadic ? '...' : ''}`;
    facts.push({
      owner: path,
      fact: arg.required ? `argument <${name}> (required)` : `argument [${name}]`,
    });
  }
  for (const option of command.options) facts.push({ owner: path, fact: optionFact(option) });
  for (const sub of command.commands) walk(sub, `${path} ${sub.name()}`, facts);
}

/** The facts of the whole `xid` tree. */
export async function cliTree(): Promise<Fact[]> {
  const facts: Fact[] = [];
  const ctx = new RunContext(silentIo(), () => ({}));
  const program = rootCommand(ctx);
  for (const family of FAMILIES) await registerFamily(program, family, ctx, true);
  walk(program, 'xid', facts);
  return facts;
}
