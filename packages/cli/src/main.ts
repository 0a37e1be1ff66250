// One run of `xid`: builds the program for the command line, runs it, and turns what happened
// into an exit code (the table is in exit-codes.ts and the README), with errors on stderr.
import { CommanderError } from 'commander';
import { completions } from './commands/completion.js';
import { RunContext } from './context.js';
import { EXIT, exitCodeOf } from './exit-codes.js';
import { type Io, processIo } from './io.js';
import { buildProgram } from './program.js';
import { renderError } from './render-error.js';

/**
 * Runs the command line with `argv` (the words after `xid`) and returns the exit code.
 * @example
 * process.exitCode = await run(process.argv.slice(2));
 */
export async function run(argv: readonly string[], io: Io = processIo()): Promise<number> {
  let program: Awaited<ReturnType<typeof buildProgram>> | undefined;
  const ctx = new RunContext(io, () => (program ? program.opts() : {}));
  try {
    if (argv[0] === '__complete') {
      const words = argv.slice(1);
      program = await buildProgram(ctx, words);
      const candidates = completions(program, words.length > 0 ? words : ['']);
      io.stdout.write(candidates.length > 0 ? `${candidates.join('\n')}\n` : '');
      return EXIT.ok;
    }
    program = await buildProgram(ctx, argv);
    await program.parseAsync([...argv], { from: 'user' });
    return typeof ctx.exitCode === 'number' ? ctx.exitCode : EXIT.ok;
  } catch (error) {
    if (error instanceof CommanderError) return error.exitCode === 0 ? EXIT.ok : EXIT.usage;
    io.stderr.write(renderError(error, ctx.stderrColor, (t) => ctx.scrub(t)));
    return exitCodeOf(error);
  }
}
