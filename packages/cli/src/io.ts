// Where a run of the command line reads and writes, and what it knows about its terminal. The bin
// passes the process's; tests pass their own, so every command runs in process too.
import process from 'node:process';
import type { Readable } from 'node:stream';

/** A stream the command line writes to. */
export interface OutStream {
  write(text: string): unknown;
}

/** Everything a run touches outside itself. */
export interface Io {
  readonly stdout: OutStream;
  readonly stderr: OutStream;
  /** Standard input, for `--json -` and prompts. */
  readonly stdin: Readable;
  /** The environment (the `X_*` variables, `NO_COLOR`, `XDG_CONFIG_HOME`, …). */
  readonly env: Readonly<Record<string, string | undefined>>;
  /** Whether stdout is a terminal: tables by default, else JSON. */
  readonly stdoutIsTTY: boolean;
  /** Whether stderr is a terminal: progress and colour only then. */
  readonly stderrIsTTY: boolean;
  /** Whether stdin is a terminal: prompts only then. */
  readonly stdinIsTTY: boolean;
  /** The `fetch` every client uses (tests pass the emulator's in-process one). */
  readonly fetch?: typeof fetch | undefined;
  /** Width of the terminal, for tables and bars. */
  readonly columns?: number | undefined;
  /**
   * Lets long work stop cleanly on SIGINT and SIGTERM: `handler` runs instead of the default
   * (which ends the process at once) until the returned function is called.
   */
  readonly onSignal?: ((handler: (signal: 'SIGINT' | 'SIGTERM') => void) => () => void) | undefined;
}

/** The process's own streams and environment. */
export function processIo(): Io {
  return {
    stdout: process.stdout,
    stderr: process.stderr,
    stdin: process.stdin,
    env: process.env,
    stdoutIsTTY: process.stdout.isTTY === true,
    stderrIsTTY: process.stderr.isTTY === true,
    stdinIsTTY: process.stdin.isTTY === true,
    columns: process.stdout.columns ?? process.stderr.columns,
    onSignal(handler) {
      const onInt = () => handler('SIGINT');
      const onTerm = () => handler('SIGTERM');
      process.on('SIGINT', onInt);
      process.on('SIGTERM', onTerm);
      return () => {
        process.removeListener('SIGINT', onInt);
        process.removeListener('SIGTERM', onTerm);
      };
    },
  };
}

/** Colour only on a terminal, and never with `NO_COLOR` set (https://no-color.org). */
export function colorOn(io: Io, stream: 'stdout' | 'stderr'): boolean {
  const noColor = io.env.NO_COLOR;
  if (noColor !== undefined && noColor !== '') return false;
  if (io.env.TERM === 'dumb') return false;
  return stream === 'stdout' ? io.stdoutIsTTY : io.stderrIsTTY;
}

/** Progress bars only when stderr is a terminal and `NO_COLOR` does not ask for plain output. */
export function progressOn(io: Io): boolean {
  return colorOn(io, 'stderr');
}
