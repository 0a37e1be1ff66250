// `xid events export --since 7d --to events.ndjson[.gz]`: every event of a time window as NDJSON,
// with the share of the window covered and the events per second on stderr. The file is the SDK's
// file target (@x/events: written, synced, then checkpointed with its byte offset; `.gz`
// compressed). After each page the checkpoint is saved beside the file; an export stopped by
// Ctrl-C or a crash resumes from it when run again with the same arguments, and the SDK cuts the
// file back to the checkpoint's offset first, so no line is lost or repeated.
import { AbortError } from '@x/runtime';
import type { Command } from 'commander';
import { CliError } from '../cli-error.js';
import type { RunContext } from '../context.js';
import { readJson, removeFile, writeJsonAtomic } from '../events/atomic-file.js';
import { addFilterOptions, filtersOf } from '../events/filters.js';
import { EXIT } from '../exit-codes.js';
import { familyNamed } from '../families.js';
import { createFamilyClient } from '../family-client.js';
import { clientOptions } from '../invoke/run-operation.js';
import { createShareProgress } from '../progress.js';
import { withSignals } from '../signals.js';
import { parseTime } from '../time.js';

/** The checkpoint file of an export. */
interface ExportState {
  readonly xid: 'events-export';
  readonly version: 1;
  /** The arguments as typed: a resume must be the same export. */
  readonly request: Record<string, unknown>;
  /** The window as resolved at the first run (a relative `--since 7d` must not move). */
  readonly window: { readonly start: number; readonly end: number };
  /** The SDK's checkpoint, with the file's byte offset (`offset`). */
  readonly checkpoint: { recordedAfter: number; seenIdsAtEdge: string[]; offset?: number };
  /** The file's byte offset (also in `checkpoint`; read alone from checkpoints of CLI 0.2). */
  readonly offset: number;
  readonly events: number;
}

/** Adds `xid events export`. */
export function registerEventsExport(events: Command, ctx: RunContext): void {
  const command = events
    .command('export')
    .description('write every event of a time window to an NDJSON file (.gz compresses), resumable')
    .requiredOption('--to <file>', 'the output file (events.ndjson, or events.ndjson.gz)')
    .option(
      '--since <time>',
      'start of the window: 7d, 12h, an ISO date or date-time, epoch ms (default: every event held)',
    )
    .option('--until <time>', 'end of the window (default: now, when the export starts)')
    .option('--checkpoint <file>', 'where to keep the position (default: FILE.checkpoint)')
    .option('--restart', 'ignore an existing checkpoint and start over');
  addFilterOptions(command);
  command.addHelpText(
    'after',
    `
Interrupted (Ctrl-C, a crash), run the same command again: it goes on from its checkpoint with no
line lost or repeated. The checkpoint is removed when the export completes.

Example:
  $ xid events export --since 7d --to events.ndjson.gz
`,
  );
  command.action(async (opts: Record<string, unknown>) => {
    if (ctx.globals().dryRun)
      throw new CliError(
        EXIT.usage,
        '--dry-run applies to single operations and imports, not to events export',
      );
    const to = String(opts.to);
    const checkpointFile =
      typeof opts.checkpoint === 'string' ? opts.checkpoint : `${to}.checkpoint`;
    const filters = filtersOf(opts);
    const request = { to, since: opts.since ?? null, until: opts.until ?? null, filters };
    const previous = opts.restart
      ? undefined
      : (readJson(checkpointFile) as ExportState | undefined);
    if (
      previous &&
      (previous.xid !== 'events-export' ||
        JSON.stringify(previous.request) !== JSON.stringify(request))
    )
      throw new CliError(
        EXIT.usage,
        `${checkpointFile} is the checkpoint of another export (${JSON.stringify(previous.request ?? {})})`,
        'run that export again to finish it, or pass --restart to start this one over',
      );
    const now = Date.now();
    const start =
      previous?.window.start ?? (opts.since === undefined ? 0 : parseTime(String(opts.since), now));
    const end =
      previous?.window.end ?? (opts.until === undefined ? now : parseTime(String(opts.until), now));
    if (start === undefined)
      throw new CliError(
        EXIT.usage,
        '--since must be a duration back from now (7d), an ISO date or date-time, or epoch ms',
      );
    if (end === undefined)
      throw new CliError(
        EXIT.usage,
        '--until must be a duration back from now, an ISO date or date-time, or epoch ms',
      );
    if (start > end) throw new CliError(EXIT.usage, '--since must be before --until');

    const client = (await createFamilyClient(
      familyNamed('events')!,
      ctx.profile.variables,
      clientOptions(ctx),
    )) as {
      export(options: Record<string, unknown>): Promise<{ events: number }>;
    };
    if (previous) ctx.warn(`resuming: ${previous.events} events were written`);
    const before = previous?.events ?? 0;
    const progress = createShareProgress(ctx.io, 'events', 'export');
    const share = (mark: number) => (end > start ? (mark - start) / (end - start) : 1);
    progress.update(previous ? share(previous.checkpoint.recordedAfter) : 0, before);
    let written = before;
    let failure: unknown;
    const { signal } = await withSignals(ctx, async () => {
      try {
        await client.export({
          ...filters,
          start_time: start,
          end_time: end,
          page_size: Number(opts.pageSize ?? 1000),
          to,
          ...(previous
            ? {
                checkpoint: {
                  ...previous.checkpoint,
                  offset: previous.checkpoint.offset ?? previous.offset,
                },
              }
            : {}),
          signal: ctx.abort.signal,
          onProgress: (p: {
            events: number;
            offset?: number;
            checkpoint: ExportState['checkpoint'];
          }) => {
            written = before + p.events;
            writeJsonAtomic(checkpointFile, {
              xid: 'events-export',
              version: 1,
              request,
              window: { start, end },
              checkpoint: p.checkpoint,
              offset: p.offset ?? 0,
              events: written,
            } satisfies ExportState);
            progress.update(share(p.checkpoint.recordedAfter), written);
          },
        });
      } catch (error) {
        failure = error;
      }
    });
    if (failure === undefined) {
      progress.update(1, written);
      progress.stop();
      removeFile(checkpointFile);
      ctx.warn(`exported ${written} events to ${to}`);
      return;
    }
    progress.stop();
    if (signal || failure instanceof AbortError) {
      ctx.warn(`interrupted after ${written} events; run the same command again to resume`);
      ctx.exitCode = EXIT.interrupted;
      return;
    }
    ctx.warn(
      `stopped after ${written} events; run the same command again to resume from ${checkpointFile}`,
    );
    throw failure;
  });
}
