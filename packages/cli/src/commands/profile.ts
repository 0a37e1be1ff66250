// `xid profile …`: named sets of the families' `X_*` variables in the config file (mode 0600).
// Values of secret variables are never shown; `VAR=-` reads a value from stdin, so that secrets
// stay out of the shell's history.
import type { Command } from 'commander';
import { CliError } from '../cli-error.js';
import type { RunContext } from '../context.js';
import { EXIT } from '../exit-codes.js';
import { ALL_VARIABLES } from '../families.js';
import { readAll } from '../invoke/read-input.js';
import { writeValue } from '../output/formats.js';
import { configPath, readConfig, writeConfig } from '../profiles/config-file.js';
import { shownValue } from '../profiles/resolve.js';

/** Adds `xid profile` and its subcommands. */
export function registerProfile(program: Command, ctx: RunContext): void {
  const profile = program
    .command('profile')
    .description('named profiles: base URLs and credentials per family, in the config file')
    .addHelpText(
      'after',
      '\nExample:\n  $ xid profile set prod X_EVENTS_URL=https://events.example.com X_EVENTS_API_KEY=-\n',
    );
  const warn = (w: string) => ctx.warn(`warning: ${w}`);

  profile
    .command('list')
    .description('list the profiles')
    .addHelpText('after', '\nExample:\n  $ xid profile list\n')
    .action(() => {
      const config = readConfig(ctx.io.env, warn);
      const rows = Object.entries(config.profiles).map(([name, vars]) => ({
        name,
        default: name === config.default,
        families: [...new Set(Object.keys(vars).map((v) => v.split('_')[1]?.toLowerCase()))].join(
          ',',
        ),
      }));
      writeValue(rows, ctx.output());
    });

  profile
    .command('show [name]')
    .description('show a profile (secrets masked); without a name, what this run would use')
    .addHelpText('after', '\nExample:\n  $ xid profile show local\n')
    .action((name: string | undefined) => {
      const vars =
        name === undefined ? ctx.profile.variables : readConfig(ctx.io.env, warn).profiles[name];
      if (!vars) throw new CliError(EXIT.config, `there is no profile "${name}"`);
      const shown: Record<string, string> = {};
      for (const key of ALL_VARIABLES)
        if (vars[key] !== undefined) shown[key] = shownValue(key, vars[key] as string);
      writeValue(shown, ctx.output());
    });

  profile
    .command('set <name> <assignments...>')
    .description('set variables of a profile (VAR=VALUE; VAR=- reads the value from stdin)')
    .option('--default', 'make it the default profile')
    .addHelpText(
      'after',
      '\nExample:\n  $ xid profile set prod X_WORKFORCE_URL=https://api.example.com X_WORKFORCE_CLIENT_ID=abc X_WORKFORCE_CLIENT_SECRET=-\n',
    )
    .action(async (name: string, assignments: string[], opts: { default?: boolean }) => {
      const config = readConfig(ctx.io.env, warn);
      const vars = { ...(config.profiles[name] ?? {}) };
      for (const assignment of assignments) {
        const eq = assignment.indexOf('=');
        const key = eq < 0 ? assignment : assignment.slice(0, eq);
        if (!ALL_VARIABLES.includes(key))
          throw new CliError(
            EXIT.usage,
            `${key} is not a variable of any family`,
            `known: ${ALL_VARIABLES.join(', ')}`,
          );
        let value = eq < 0 ? '' : assignment.slice(eq + 1);
        if (value === '-') value = (await readAll(ctx.io.stdin)).split('\n')[0]!.trim();
        if (value === '') delete vars[key];
        else vars[key] = value;
      }
      config.profiles[name] = vars;
      if (opts.default || config.default === undefined) config.default = name;
      ctx.warn(`saved profile "${name}" in ${writeConfig(ctx.io.env, config)}`);
    });

  profile
    .command('use <name>')
    .description('make a profile the default')
    .addHelpText('after', '\nExample:\n  $ xid profile use local\n')
    .action((name: string) => {
      const config = readConfig(ctx.io.env, warn);
      if (!config.profiles[name]) throw new CliError(EXIT.config, `there is no profile "${name}"`);
      config.default = name;
      writeConfig(ctx.io.env, config);
      ctx.warn(`default profile: ${name}`);
    });

  profile
    .command('delete <name>')
    .description('delete a profile')
    .addHelpText('after', '\nExample:\n  $ xid profile delete old\n')
    .action((name: string) => {
      const config = readConfig(ctx.io.env, warn);
      if (!config.profiles[name]) throw new CliError(EXIT.config, `there is no profile "${name}"`);
      delete config.profiles[name];
      if (config.default === name) config.default = undefined;
      writeConfig(ctx.io.env, config);
      ctx.warn(`deleted profile "${name}"`);
    });

  profile
    .command('path')
    .description('print where the config file is')
    .addHelpText('after', '\nExample:\n  $ xid profile path\n')
    .action(() => {
      ctx.io.stdout.write(`${configPath(ctx.io.env)}\n`);
    });
}
