// The `x-mcp` command: stdio by default, streamable HTTP with --http. Status goes to stderr:
// on stdio, stdout carries only the protocol.
import process from 'node:process';
import { type CommandLine, parseCommandLine, USAGE } from './cli/args.js';
import { emulatorEnvironment } from './config/emulator.js';
import type { Env } from './config/families.js';
import { sharedLimitsFromEnv } from './config/fleet.js';
import { serveHttp } from './server/http.js';
import { createMcpServer } from './server/mcp-server.js';
import { createToolSet, type ToolSet } from './server/registry.js';
import { LineTransport } from './server/stdio.js';
import { VERSION } from './version.js';

const log = (line: string) => process.stderr.write(`x-mcp: ${line}\n`);

// Anything that logs to the console (a family's logger from X_LOG_LEVEL) must not write into
// the protocol stream.
for (const level of ['log', 'info', 'debug'] as const) console[level] = console.error;

// A stray failure in a dependency must not end an agent's session: every request has its own
// handling, so what reaches here is logged and the server goes on.
process.on('unhandledRejection', (reason) => log(`unhandled rejection: ${String(reason)}`));
process.on('uncaughtException', (error) => log(`uncaught exception: ${error.message}`));

function describe(set: ToolSet, cli: CommandLine): void {
  const mode = !cli.allowWrite
    ? 'read-only'
    : cli.allowDestructive
      ? 'writes and destructive changes allowed'
      : 'writes allowed, destructive changes not';
  const offered = set.listed.length;
  log(
    `${VERSION}, ${mode}; ${offered} of ${set.tools.length} tools listed (${cli.selection.mode})${cli.emulator ? ', against an in-process emulator' : ''}`,
  );
  for (const f of set.families)
    log(
      `  ${f.family}: ${f.enabled ? `${f.tools} tools` : 'unavailable'}${f.notes.length ? ` (${f.notes.join('; ')})` : ''}`,
    );
}

async function main(): Promise<void> {
  let cli: CommandLine;
  try {
    cli = parseCommandLine(process.argv.slice(2));
  } catch (error) {
    process.stderr.write(`x-mcp: ${(error as Error).message}\n\n${USAGE}`);
    process.exit(2);
  }
  if (cli.help) {
    process.stdout.write(USAGE);
    return;
  }
  if (cli.version) {
    process.stdout.write(`${VERSION}\n`);
    return;
  }

  let env: Env = process.env;
  let fetch: Parameters<typeof createToolSet>[0]['fetch'];
  if (cli.emulator) ({ env, fetch } = await emulatorEnvironment(process.env));
  // The fleet's shared token and rate budget (X_FLEET_URL); its warnings go to stderr, masked.
  const shared = await sharedLimitsFromEnv(env, log);
  if (shared) log(`fleet: one token and one rate budget per tenant through ${shared.url}`);
  const set = await createToolSet({
    env,
    fetch,
    shared,
    families: cli.families,
    selection: cli.selection,
    permissions: { allowWrite: cli.allowWrite, allowDestructive: cli.allowDestructive },
  });
  describe(set, cli);
  const output = { revealEnrolmentSecrets: cli.revealEnrolmentSecrets };

  if (cli.httpPort !== undefined) {
    const http = await serveHttp(() => createMcpServer(set, output), {
      port: cli.httpPort,
      host: cli.host,
      token: process.env.X_MCP_HTTP_TOKEN || undefined,
      noAuth: cli.noAuth,
      sessionIdleTimeoutMs: cli.sessionIdleTimeoutMs,
    });
    log(`listening on ${http.url}`);
    if (http.token === undefined) log('no bearer token asked for (--no-auth)');
    // Printed only when generated here: a token the caller set is theirs to know.
    else if (!process.env.X_MCP_HTTP_TOKEN) log(`bearer token: ${http.token}`);
    const stop = () => {
      http.close().finally(() => process.exit(0));
    };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
    return;
  }

  const server = createMcpServer(set, output);
  // Answers a line it cannot read (too large, not JSON) and keeps the session.
  const transport = new LineTransport({ log });
  // The client closing stdin ends the session, and the process with it.
  process.stdin.once('end', () => {
    server.close().finally(() => process.exit(0));
  });
  await server.connect(transport);
}

main().catch((error: unknown) => {
  log(`could not start: ${(error as Error).message}`);
  process.exit(1);
});
