// Turns derived command specs into commander commands: resource commands as groups, a verb
// command per operation with its positional ids, its flags, `--json` for bodies, a description
// from the spec and an example.
import { type Command, Option } from 'commander';
import type { RunContext } from '../context.js';
import { readJsonArgument } from '../invoke/read-input.js';
import { runOperation } from '../invoke/run-operation.js';
import type { RawInput } from '../invoke/wire-args.js';
import type { CommandSpec } from './derive.js';
import { exampleOf } from './examples.js';
import type { FlagSpec } from './flags.js';
import { camel } from './names.js';

const collect = (value: string, previous: string[] | undefined) => [...(previous ?? []), value];

/** The group command at `words` under `parent`, created when missing. */
export function groupAt(parent: Command, words: readonly string[]): Command {
  let current = parent;
  for (const word of words) {
    const found = current.commands.find((c) => c.name() === word);
    current = found ?? current.command(word).description(`${word} commands`);
  }
  return current;
}

function describe(flag: FlagSpec): string {
  const parts = [flag.description?.split('\n')[0]?.trim() || flag.name];
  if (Array.isArray(flag.schema.enum)) parts.push(`(one of: ${flag.schema.enum.join(', ')})`);
  if (flag.kind === 'time') parts.push('(7d, 12h, an ISO date or date-time, or epoch ms)');
  if (flag.kind === 'list') parts.push('(repeat for several)');
  if (flag.kind === 'json') parts.push('(JSON)');
  if (flag.required) parts.push('(required)');
  return parts.join(' ');
}

function optionOf(flag: FlagSpec): Option {
  if (flag.kind === 'boolean') return new Option(`--${flag.flag} [bool]`, describe(flag));
  const option = new Option(`--${flag.flag} <value>`, describe(flag));
  return flag.kind === 'list' ? option.argParser(collect) : option;
}

/** Adds the command of `cmd` under its family command. */
export function registerOperation(family: Command, cmd: CommandSpec, ctx: RunContext): Command {
  const group = groupAt(family, cmd.words.slice(0, -1));
  const command = group.command(cmd.words.at(-1)!);
  const summary = cmd.op.summary ?? cmd.operationId;
  command.description(
    `${summary}${cmd.entry.effect === 'destructive' ? ' (destructive: asks first, or --yes)' : ''}`,
  );
  for (const { arg, param } of cmd.positionals)
    command.argument(`<${arg}>`, param.description?.split('\n')[0] ?? param.name);
  for (const flag of cmd.flags) command.addOption(optionOf(flag));
  if (cmd.op.body)
    command.option('--json <json>', 'the body as JSON: inline, @file, or - to read stdin');
  command.addHelpText(
    'after',
    `\n${cmd.op.description ? `${cmd.op.description.trim()}\n\n` : ''}Example:\n  $ ${exampleOf(cmd)}\n`,
  );
  command.action(async (...all: unknown[]) => {
    const self = all.at(-1) as Command;
    const opts = self.opts() as Record<string, unknown>;
    const flags: Record<string, unknown> = {};
    for (const flag of cmd.flags) {
      const value = opts[camel(flag.flag)];
      if (value !== undefined) flags[flag.flag] = value;
    }
    const familyOpts = family.opts() as Record<string, unknown>;
    const context: RawInput['context'] = Object.fromEntries(
      cmd.family.context.map((c) => {
        const fromOption = c.option ? familyOpts[c.option] : undefined;
        return [
          c.name,
          {
            value: typeof fromOption === 'string' ? fromOption : ctx.profile.variables[c.variable],
            source: c.option ? `--${c.option} (or ${c.variable})` : c.variable,
          },
        ];
      }),
    );
    const json =
      typeof opts.json === 'string' ? await readJsonArgument(opts.json, ctx.io.stdin) : undefined;
    await runOperation(ctx, cmd, {
      positionals: self.processedArgs as string[],
      flags,
      ...(json !== undefined ? { json } : {}),
      context,
    });
  });
  return command;
}
