// `xid <family> <resource> import FILE.csv`: for every resource with a create operation. Every row
// is checked against the spec before anything is sent; then rows are created a few at a time with
// a progress bar, each step written to a journal, so that an interrupted import (Ctrl-C, a crash,
// kill -9) resumes where it stopped without creating a record twice.
import { createHash } from 'node:crypto';
import { appendFileSync, readFileSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { ApiError, ConflictError, ConnectionError, TimeoutError } from '@x/runtime';
import type { Command } from 'commander';
import { CliError } from '../cli-error.js';
import type { RunContext } from '../context.js';
import { EXIT, exitCodeOf } from '../exit-codes.js';
import { createFamilyClient } from '../family-client.js';
import { rowsToBodies } from '../import/csv-rows.js';
import { type JournalHeader, JournalWriter, readJournal } from '../import/journal.js';
import { describeRequest, dryRunClient } from '../invoke/dry-run.js';
import { clientOptions } from '../invoke/run-operation.js';
import { writeValue } from '../output/formats.js';
import { createProgress } from '../progress.js';
import { withSignals } from '../signals.js';
import type { CommandSpec } from '../tree/derive.js';
import { groupAt } from '../tree/register.js';

interface ImportOptions {
  journal?: string;
  concurrency?: string;
  restart?: boolean;
}

/** Adds `import` next to every `create` of a family. */
export function registerImport(
  family: Command,
  commands: readonly CommandSpec[],
  ctx: RunContext,
): void {
  for (const cmd of commands) {
    if (
      cmd.entry.method !== 'create' ||
      !cmd.entry.call ||
      !cmd.op.body ||
      cmd.positionals.length > 0
    )
      continue;
    const resource = cmd.words.slice(0, -1);
    const columns = cmd.flags.filter((f) => f.location === 'body').map((f) => f.name);
    const realm = cmd.contextParams.some((p) => p.name === 'realm_id') ? ' --realm REALM_ID' : '';
    groupAt(family, resource)
      .command('import <file>')
      .description(
        `create ${resource.join(' ')} from a CSV file (header: ${columns.join(', ')}), resumable`,
      )
      .option('--journal <file>', 'where to record progress (default: FILE.journal)')
      .option('--concurrency <n>', 'requests in flight at once', '4')
      .option('--restart', 'ignore an existing journal and start over')
      .addHelpText(
        'after',
        `\nEvery row is checked before anything is sent. Interrupted (Ctrl-C, a crash), run the same command again: rows already created are skipped, none is created twice.\n\nExample:\n  $ xid ${cmd.family.name}${realm} ${resource.join(' ')} import ${resource.at(-1)}.csv\n`,
      )
      .action((file: string, opts: ImportOptions) => runImport(ctx, cmd, file, opts));
  }
}

async function runImport(ctx: RunContext, cmd: CommandSpec, file: string, opts: ImportOptions) {
  const concurrency = Number(opts.concurrency ?? '4');
  if (!Number.isInteger(concurrency) || concurrency < 1 || concurrency > 64)
    throw new CliError(EXIT.usage, '--concurrency must be an integer from 1 to 64');
  let bytes: Buffer;
  try {
    bytes = readFileSync(file);
  } catch (error) {
    throw new CliError(EXIT.usage, `cannot read ${file}: ${(error as Error).message}`);
  }
  const bodies = rowsToBodies(cmd, bytes.toString('utf8'), file);
  if (ctx.globals().dryRun) return dryRunImport(ctx, cmd, bodies);
  const header: JournalHeader = {
    journal: 1,
    operation: `${cmd.family.name}.${cmd.operationId}`,
    file: resolve(file),
    sha256: createHash('sha256').update(bytes).digest('hex'),
    rows: bodies.length,
  };
  const journalPath = opts.journal ?? `${file}.journal`;
  const previous = opts.restart ? undefined : readJournal(journalPath);
  if (
    previous &&
    (previous.header.sha256 !== header.sha256 || previous.header.operation !== header.operation)
  )
    throw new CliError(
      EXIT.usage,
      `${journalPath} is the journal of another file or operation`,
      'pass --restart to start over, or --journal to use another journal',
    );
  if (
    previous &&
    statSync(journalPath).size > 0 &&
    !readFileSync(journalPath, 'utf8').endsWith('\n')
  )
    appendFileSync(journalPath, '\n'); // a line cut short by a kill stays alone on its line
  const journal = new JournalWriter(journalPath, previous ? undefined : header);
  const done = new Map(previous?.done ?? []);
  const ambiguous = new Set(previous?.pending ?? []);
  const failed = new Map<number, string>();
  const todo = bodies.map((_, i) => i + 1).filter((row) => !done.has(row));
  if (previous && done.size > 0)
    ctx.warn(`resuming: ${done.size} of ${bodies.length} rows were done`);

  const client = await createFamilyClient(cmd.family, ctx.profile.variables, clientOptions(ctx));
  const context = contextOf(ctx, cmd);
  const progress = createProgress(ctx.io, {
    total: bodies.length,
    unit: 'rows',
    label: 'import',
    start: done.size,
  });
  let existing = 0;
  let stopError: unknown;
  let firstFailure: unknown;
  let next = 0;

  const worker = async () => {
    while (next < todo.length && !ctx.abort.signal.aborted && stopError === undefined) {
      const row = todo[next++]!;
      journal.append({ row, state: 'sending' });
      try {
        const result = await cmd.entry.call!(
          client,
          { path: context, query: {}, header: {}, body: bodies[row - 1] },
          {},
        );
        const id = idOf(result);
        journal.append({ row, state: 'done', ...(id ? { id } : {}) });
        done.set(row, id);
      } catch (error) {
        if (error instanceof ConflictError && ambiguous.has(row)) {
          // Sent by an interrupted run whose answer was lost: the platform has it already.
          journal.append({ row, state: 'done', existing: true });
          done.set(row, undefined);
          existing++;
        } else if (isTransient(error)) {
          // The row may have been created: it stays `sending`, and resuming checks it.
          stopError = error;
        } else {
          const message = ctx.scrub(error instanceof Error ? error.message : String(error));
          journal.append({ row, state: 'failed', status: (error as ApiError).status, message });
          failed.set(row, message);
          if (failed.size === 1) firstFailure = error;
        }
      }
      progress.update(done.size + failed.size);
    }
  };
  const { signal } = await withSignals(ctx, async () => {
    await Promise.all(Array.from({ length: Math.min(concurrency, todo.length) }, worker));
  });
  progress.stop();
  journal.close();
  const summary = {
    rows: bodies.length,
    created: done.size - existing - (previous?.done.size ?? 0),
    alreadyDone: previous?.done.size ?? 0,
    existing,
    failed: failed.size,
    remaining: bodies.length - done.size - failed.size,
    journal: journalPath,
  };
  writeValue(summary, ctx.output());
  for (const [row, message] of [...failed].slice(0, 20)) ctx.warn(`row ${row}: ${message}`);
  if (stopError !== undefined) throw stopError;
  if (signal) {
    ctx.warn(
      `interrupted: ${done.size} of ${bodies.length} rows done; run the same command again to resume`,
    );
    ctx.exitCode = EXIT.interrupted;
  } else if (failed.size > 0) ctx.exitCode = exitCodeOf(firstFailure);
}

/** `--dry-run`: every row was checked; shows the request of the first one, sends nothing. */
async function dryRunImport(ctx: RunContext, cmd: CommandSpec, bodies: unknown[]): Promise<void> {
  ctx.warn(`dry run: all ${bodies.length} rows are valid; the first one's request would be:`);
  if (bodies.length === 0) return;
  const { options, captured } = dryRunClient();
  const client = await createFamilyClient(cmd.family, ctx.profile.variables, options);
  await cmd.entry.call!(
    client,
    { path: contextOf(ctx, cmd), query: {}, header: {}, body: bodies[0] },
    {},
  ).catch(() => undefined);
  if (captured[0]) ctx.io.stdout.write(ctx.scrub(describeRequest(captured[0])));
  ctx.warn('dry run: nothing was sent');
}

/** The context path parameters (`tenant_id`, `realm_id`) of a command, from options or profile. */
function contextOf(ctx: RunContext, cmd: CommandSpec): Record<string, string> {
  const out: Record<string, string> = {};
  for (const p of cmd.contextParams) {
    const c = cmd.family.context.find((x) => x.name === p.name);
    const value =
      (c?.option ? ctx.familyOption(c.option) : undefined) ??
      (c ? ctx.profile.variables[c.variable] : undefined);
    if (value === undefined)
      throw new CliError(
        EXIT.usage,
        `${c?.option ? `--${c.option} or ` : ''}${c?.variable ?? p.name} is required`,
      );
    out[p.name] = value;
  }
  return out;
}

function isTransient(error: unknown): boolean {
  return (
    error instanceof ConnectionError ||
    error instanceof TimeoutError ||
    (error instanceof ApiError && (error.status === 429 || error.status >= 500))
  );
}

/** The id the platform gave a created record. */
function idOf(result: unknown): string | undefined {
  if (result === null || typeof result !== 'object') return undefined;
  const r = result as Record<string, unknown>;
  for (const key of ['id', 'internal_id', 'identity_id', 'user_id'])
    if (typeof r[key] === 'string') return r[key] as string;
  return undefined;
}
