// `xid emulator start`: runs the platform emulator (@x/emulator) in this process and writes a
// `local` profile for it, so that every command can be tried without a tenant. The first stdout
// line is one JSON object with the profile name and the URLs (never the credentials); it serves
// until SIGINT or SIGTERM, saving its state to --data when given.
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import process from 'node:process';
import type { Command } from 'commander';
import { CliError } from '../cli-error.js';
import type { RunContext } from '../context.js';
import { EXIT } from '../exit-codes.js';
import { readConfig, writeConfig } from '../profiles/config-file.js';

interface StartOptions {
  port: string;
  host: string;
  data?: string;
  name: string;
  default?: boolean;
}

/** Adds `xid emulator start`. */
export function registerEmulator(program: Command, ctx: RunContext): void {
  const emulator = program
    .command('emulator')
    .description('a local emulator of the whole platform')
    .addHelpText('after', '\nExample:\n  $ xid emulator start --port 4010\n');
  emulator
    .command('start')
    .description('start the emulator and write a profile for it (default name: local)')
    .option('--port <n>', 'port to listen on (0: any free port)', '0')
    .option('--host <host>', 'address to listen on', '127.0.0.1')
    .option('--data <file>', 'load the state from FILE at start; save it there on exit')
    .option('--name <profile>', 'name of the profile to write', 'local')
    .option('--default', 'also make it the default profile')
    .addHelpText(
      'after',
      `
Serves until Ctrl-C. In another terminal, every command works against it with --profile local
(or X_PROFILE=local, or after \`xid profile use local\`).

Example:
  $ xid emulator start --port 4010
  $ xid --profile local workforce users list
`,
    )
    .action(async (opts: StartOptions) => {
      const port = Number(opts.port);
      if (!Number.isInteger(port) || port < 0 || port > 65535)
        throw new CliError(EXIT.usage, '--port must be 0 to 65535');
      const { startEmulator } = await import('@x/emulator');
      const snapshot =
        opts.data && existsSync(opts.data)
          ? JSON.parse(readFileSync(opts.data, 'utf8'))
          : undefined;
      const running = await startEmulator({
        port,
        host: opts.host,
        ...(snapshot !== undefined ? { snapshot } : {}),
      });
      const config = readConfig(ctx.io.env, (w) => ctx.warn(`warning: ${w}`));
      config.profiles[opts.name] = { ...running.env };
      if (opts.default || config.default === undefined) config.default = opts.name;
      const file = writeConfig(ctx.io.env, config);
      const started = { profile: opts.name, urls: running.urls };
      const query = ctx.query;
      ctx.io.stdout.write(`${JSON.stringify(query ? query.apply(started) : started)}\n`);
      ctx.warn(
        `emulator serving at ${running.urls.control.replace(/\/_emulator$/, '')} (page: ${running.urls.control})\n` +
          `profile "${opts.name}" written to ${file}\n` +
          `try: xid --profile ${opts.name} workforce users list    (Ctrl-C stops the emulator)`,
      );
      await new Promise<void>((resolve) => {
        const release = ctx.io.onSignal?.(() => {
          release?.();
          resolve();
        });
        ctx.abort.signal.addEventListener('abort', () => resolve(), { once: true });
      });
      if (opts.data) {
        const temp = `${opts.data}.${process.pid}.tmp`;
        writeFileSync(temp, `${JSON.stringify(running.snapshot())}\n`);
        renameSync(temp, opts.data);
      }
      await running.stop();
      ctx.warn('emulator stopped');
    });
}
