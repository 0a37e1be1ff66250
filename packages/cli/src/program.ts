// The command tree: global options, the fixed commands (profile, login, emulator, completion),
// and one command per family whose subtree is derived from its catalog and spec. Only the family a
// run names is derived (its spec read, its catalog loaded), so `xid legacy …` never reads the
// access spec.
import { Command, Option } from 'commander';
import { familyCatalog } from './catalog.js';
import { registerApi } from './commands/api.js';
import { registerCompletion } from './commands/completion.js';
import { registerEmulator } from './commands/emulator.js';
import { registerEventsExport } from './commands/events-export.js';
import { registerEventsFollow } from './commands/events-follow.js';
import { registerImport } from './commands/import.js';
import { registerLogin } from './commands/login.js';
import { registerProfile } from './commands/profile.js';
import type { GlobalOptions, RunContext } from './context.js';
import { FAMILIES, type Family } from './families.js';
import { FORMATS } from './output/formats.js';
import { type CommandSpec, deriveCommands } from './tree/derive.js';
import { exampleOf } from './tree/examples.js';
import { registerOperation } from './tree/register.js';
import { VERSION } from './version.js';

/** Global options that take a value (to find the family word in argv). */
const VALUE_OPTIONS = new Set([
  '--profile',
  '-o',
  '--output',
  '--fields',
  '--query',
  '--limit',
  '--realm',
]);

/** The family a command line names, if any: the first word that is not an option or its value. */
export function familyWord(argv: readonly string[]): Family | undefined {
  for (let i = 0; i < argv.length; i++) {
    const word = argv[i]!;
    if (VALUE_OPTIONS.has(word)) {
      i++;
      continue;
    }
    if (word.startsWith('-') || word === 'help') continue;
    return FAMILIES.find((f) => f.name === word);
  }
  return undefined;
}

/** The root command with the global options and the fixed commands. */
export function rootCommand(ctx: RunContext): Command {
  const program = new Command('xid');
  program
    .description('Command line for the identity platform: every operation of every API family')
    .version(VERSION, '-V, --version')
    .option(
      '--profile <name>',
      'profile of the config file to use (default: X_PROFILE, then the default profile)',
    )
    .addOption(
      new Option(
        '-o, --output <format>',
        'output format (default: table on a terminal, else json)',
      ).choices(FORMATS),
    )
    .option('--fields <a,b.c>', 'only these fields of each result (dotted paths)')
    .option(
      '--query <jmespath>',
      'a JMESPath expression over the JSON result (a list as one array), before formatting',
    )
    .option('--limit <n>', 'stop a list after n items (lists page through everything by default)')
    .option('-y, --yes', 'confirm destructive commands without a prompt')
    .option('--dry-run', 'print the request that would be sent (secrets masked) and send nothing')
    .option('--no-color', 'no colour (also: NO_COLOR, or when not on a terminal)')
    .showSuggestionAfterError(true)
    .exitOverride()
    .configureOutput({
      writeOut: (text) => ctx.io.stdout.write(text),
      writeErr: (text) => ctx.io.stderr.write(text),
    })
    .addHelpText(
      'after',
      `
Examples:
  $ xid emulator start                       # a local platform, and a "local" profile for it
  $ xid --profile local workforce users list
  $ xid workforce users create --username ada --email-address ada@example.com
  $ xid events export --since 7d --to events.ndjson.gz
  $ xid workforce users list --query "[?state=='ACTIVE'].username" -o ndjson
  $ xid api --family workforce GET /v2/users --field page_size=5
  $ xid completion bash >> ~/.bashrc
`,
    );
  registerProfile(program, ctx);
  registerLogin(program, ctx);
  registerEmulator(program, ctx);
  registerCompletion(program, ctx);
  registerApi(program, ctx);
  // A bad --query fails before anything is sent or changed.
  program.hook('preAction', () => {
    void ctx.query;
  });
  return program;
}

/** The global options of the program, once parsed. */
export function globalsOf(program: Command): () => GlobalOptions {
  return () => program.opts() as GlobalOptions;
}

/**
 * Adds a family command: fully derived when `derive` is set, else a stub for help listings.
 * Returns the derived commands.
 */
export async function registerFamily(
  program: Command,
  family: Family,
  ctx: RunContext,
  derive: boolean,
): Promise<CommandSpec[]> {
  const command = program.command(family.name).description(family.title);
  for (const c of family.context)
    if (c.option) command.option(`--${c.option} <id>`, `the ${c.name} (default: ${c.variable})`);
  if (!derive) {
    command.allowUnknownOption().allowExcessArguments();
    return [];
  }
  ctx.familyOptions = () => command.opts();
  const catalog = await familyCatalog(family);
  const { commands } = catalog ? deriveCommands(family, catalog) : { commands: [] };
  const examples = new Map<Command, string>();
  for (const cmd of commands) examples.set(registerOperation(command, cmd, ctx), exampleOf(cmd));
  registerImport(command, commands, ctx);
  if (family.name === 'events') {
    registerEventsFollow(command, ctx);
    registerEventsExport(command, ctx);
  }
  describeGroups(command, examples);
  if (!catalog)
    command.addHelpText(
      'after',
      `\n${family.module} has no operation catalog (${family.catalogModule}) in this version yet: its operations appear here once it has.\n`,
    );
  return commands;
}

/**
 * Gives each group command (a family, a resource) the names of what it holds as description, and
 * the example of its first operation.
 */
function describeGroups(group: Command, examples: Map<Command, string>): string | undefined {
  let first: string | undefined;
  for (const sub of group.commands) {
    const example = sub.commands.length > 0 ? describeGroups(sub, examples) : examples.get(sub);
    first ??= example;
  }
  if (group.commands.length > 0 && group.parent?.parent) {
    group.description(group.commands.map((c) => c.name()).join(', '));
  }
  if (first) group.addHelpText('after', `\nExample:\n  $ ${first}\n`);
  return first;
}

/** The whole program for a command line: the family it names is derived, the others stubbed. */
export async function buildProgram(ctx: RunContext, argv: readonly string[]): Promise<Command> {
  const program = rootCommand(ctx);
  const target = familyWord(argv);
  for (const family of FAMILIES) await registerFamily(program, family, ctx, family === target);
  return program;
}
