// The `x-emulator` command: serves the emulator on a port and prints, as its first stdout line,
// one JSON object `{"urls": {...}, "credentials": {...}}` for scripts to read.
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import process from 'node:process';
import { CONTROL_KEY_ENV, CONTROL_KEY_HEADER, isLoopbackHost } from './control/guard.js';
import { type Emulator, startEmulator } from './emulator.js';
import type { UnknownsOptions } from './tolerance/unknowns.js';

const USAGE = `Usage: x-emulator [--port N] [--host HOST] [--advertise-host NAME] [--control-key KEY] [--data FILE] [--unknowns[=enums,fields]]

  --port N               port to listen on; 0 (the default) picks any free port
  --host HOST            address to listen on (default 127.0.0.1, loopback only)
  --advertise-host NAME  host name the printed URLs use, as clients reach it (with --host 0.0.0.0
                         in a container: the service's name, such as emulator)
  --control-key KEY      key of the control surface (/_emulator/*), sent in the
                         ${CONTROL_KEY_HEADER} header; default ${CONTROL_KEY_ENV}, else a new key printed
                         at start when HOST is not loopback (on loopback none is asked for)
  --data FILE            load the state from FILE at start when it exists; save it there on exit
  --unknowns             tolerance mode: an unknown value in every open enum and an unknown field in
                         every response object (--unknowns=enums or =fields for one of them)

Clients reach a non-loopback host over plain http only with X_ALLOW_INSECURE_HTTP=1 (fromEnv)
or the allowInsecureHttp client option.
`;

interface Args {
  port: number;
  host: string;
  advertiseHost: string | undefined;
  controlKey: string | undefined;
  data: string | undefined;
  unknowns: UnknownsOptions | undefined;
}

function parseArgs(argv: string[]): Args {
  const args: Args = {
    port: 0,
    host: '127.0.0.1',
    advertiseHost: undefined,
    controlKey: process.env[CONTROL_KEY_ENV] || undefined,
    data: undefined,
    unknowns: undefined,
  };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const [flag, inline] = arg.includes('=')
      ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)]
      : [arg, undefined];
    const value = () => {
      const v = inline ?? argv[++i];
      if (v === undefined) throw new Error(`${flag} needs a value`);
      return v;
    };
    if (flag === '--help' || flag === '-h') {
      process.stdout.write(USAGE);
      process.exit(0);
    } else if (flag === '--port') {
      const port = Number(value());
      if (!Number.isInteger(port) || port < 0 || port > 65535)
        throw new Error('--port must be 0 to 65535');
      args.port = port;
    } else if (flag === '--host') args.host = value();
    else if (flag === '--advertise-host') args.advertiseHost = value();
    else if (flag === '--control-key') args.controlKey = value();
    else if (flag === '--data') args.data = value();
    else if (flag === '--unknowns') args.unknowns = unknownsFlag(inline);
    else throw new Error(`unknown option ${arg}`);
  }
  return args;
}

/** `--unknowns` (both) or `--unknowns=enums,fields` (those named). */
function unknownsFlag(inline: string | undefined): UnknownsOptions {
  if (inline === undefined) return { enums: true, fields: true };
  const names = inline.split(',').map((n) => n.trim());
  for (const name of names)
    if (name !== 'enums' && name !== 'fields')
      throw new Error(`--unknowns takes enums and/or fields, not ${name}`);
  return { enums: names.includes('enums'), fields: names.includes('fields') };
}

/** Writes the snapshot next to the file, then renames it over: a crash never leaves half a file. */
function save(emulator: Emulator, file: string) {
  const temp = `${file}.${process.pid}.tmp`;
  writeFileSync(temp, `${JSON.stringify(emulator.snapshot())}\n`);
  renameSync(temp, file);
}

async function main() {
  let args: Args;
  try {
    args = parseArgs(process.argv.slice(2));
  } catch (error) {
    process.stderr.write(`x-emulator: ${(error as Error).message}\n${USAGE}`);
    process.exit(2);
  }
  const snapshot =
    args.data && existsSync(args.data) ? JSON.parse(readFileSync(args.data, 'utf8')) : undefined;
  const emulator = await startEmulator({
    port: args.port,
    host: args.host,
    ...(args.advertiseHost ? { advertiseHost: args.advertiseHost } : {}),
    ...(args.controlKey ? { controlKey: args.controlKey } : {}),
    ...(args.unknowns ? { unknowns: args.unknowns } : {}),
    ...(snapshot !== undefined ? { snapshot } : {}),
  });
  const { controlKey } = emulator;
  process.stdout.write(
    `${JSON.stringify({ urls: emulator.urls, credentials: emulator.credentials, ...(controlKey ? { controlKey } : {}) })}\n`,
  );
  if (controlKey && !args.controlKey)
    process.stderr.write(
      `x-emulator: the control surface asks for the ${CONTROL_KEY_HEADER} header:\n    ${controlKey}\n`,
    );
  if (!args.advertiseHost && !isLoopbackHost(args.host))
    process.stderr.write(
      `x-emulator: the URLs name ${args.host}, which clients may not reach: give --advertise-host\n`,
    );
  process.stderr.write(
    `x-emulator: serving ${emulator.urls.control.replace(/\/_emulator$/, '')}; page at ${emulator.urls.control}\n`,
  );

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    try {
      if (args.data) save(emulator, args.data);
    } catch (error) {
      process.stderr.write(
        `x-emulator: could not save ${args.data}: ${(error as Error).message}\n`,
      );
    }
    await emulator.stop();
    process.stderr.write(`x-emulator: stopped (${signal})\n`);
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('beforeExit', () => void stop('exit'));
}

main().catch((error: unknown) => {
  process.stderr.write(`x-emulator: ${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
