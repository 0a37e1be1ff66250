// `xid events follow --checkpoint FILE`: tails the event stream as NDJSON on stdout for log
// shippers, saving a checkpoint after every line. SIGINT and SIGTERM stop it cleanly (exit 0);
// after a kill -9 the next run resumes from the checkpoint. With stdout redirected to a file,
// nothing is lost or repeated; with a pipe, nothing is lost and at most the one line being
// written at the kill is repeated (see the README).
import { CheckpointTracker, checkpointAt, type EventsCheckpoint, parseCheckpoint } from '@x/events';
import type { Command } from 'commander';
import { CliError } from '../cli-error.js';
import type { RunContext } from '../context.js';
import { readJson, writeJsonAtomic } from '../events/atomic-file.js';
import { addFilterOptions, filtersOf } from '../events/filters.js';
import {
  type LineOutput,
  type OutputPosition,
  openLineOutput,
  PIPE_BUF,
} from '../events/stdout-sink.js';
import { EXIT } from '../exit-codes.js';
import { familyNamed } from '../families.js';
import { createFamilyClient } from '../family-client.js';
import { connectFleetMode, fleetUrlOf } from '../fleet-mode.js';
import { clientOptions } from '../invoke/run-operation.js';
import { parseFields, project } from '../output/fields.js';
import { withSignals } from '../signals.js';
import { parseDuration, parseTime } from '../time.js';

/** What the checkpoint file of `follow` holds. */
interface FollowState {
  readonly xid: 'events-follow';
  readonly version: 1;
  readonly checkpoint: EventsCheckpoint;
  readonly output: OutputPosition;
}

type Event = { id?: unknown; event_recorded_millis?: unknown };

function readState(path: string): FollowState | undefined {
  const value = readJson(path) as Partial<FollowState> | undefined;
  if (value === undefined) return undefined;
  if (value?.xid !== 'events-follow' || value.checkpoint === undefined)
    throw new CliError(EXIT.usage, `${path} is not a checkpoint of xid events follow`);
  return { ...(value as FollowState), checkpoint: parseCheckpoint(value.checkpoint) };
}

/** Lines to the process's stdout (fd 1) when it has one, else to the run's stdout stream. */
function outputOf(ctx: RunContext, previous: OutputPosition | undefined): LineOutput {
  const fd = (ctx.io.stdout as { fd?: unknown }).fd;
  if (typeof fd === 'number') return openLineOutput(fd, previous);
  return {
    kind: 'stream',
    note: undefined,
    write(line) {
      ctx.io.stdout.write(line);
      return { kind: 'stream' };
    },
  };
}

/** Adds `xid events follow`. */
export function registerEventsFollow(events: Command, ctx: RunContext): void {
  const command = events
    .command('follow')
    .description('tail the events as NDJSON on stdout, resumable from a checkpoint file')
    .option('--checkpoint <file>', 'where to keep the position (saved after every line)')
    .option(
      '--since <time>',
      'where to start without a checkpoint: 1h, 7d, an ISO date, epoch ms (default: every event held)',
    )
    .option('--poll-interval <duration>', 'wait between polls once caught up', '5s')
    .option(
      '--settle <duration>',
      'deliver an event once one recorded this much later is seen (late-visible events are not skipped); 0s: at once',
      '5s',
    )
    .option(
      '--fleet <redis-url>',
      'run as one of several replicas: only the holder of a lease in this Redis delivers (default: X_FLEET_URL)',
    )
    .option(
      '--lease <name>',
      'the lease the replicas share (with --fleet; default: events-follow and the events host)',
    );
  addFilterOptions(command);
  command.addHelpText(
    'after',
    `
Stops cleanly on SIGINT and SIGTERM. Run it again with the same --checkpoint to go on where it
stopped, also after kill -9: redirected to a file (>>), no event is lost or repeated; into a pipe,
none is lost and at most the line being written at the kill comes again (same "id").

With --fleet (or X_FLEET_URL), replicas that name the same lease elect one leader: only it
polls and writes, its checkpoint is kept in Redis beside the lease (--checkpoint is the start
when none is stored there), and a standby takes over within 15 s after it dies. Each replica
writes to its own stdout: an event may come again from the new leader (same "id"). Needs the
optional package @x/fleet.

Example:
  $ xid events follow --checkpoint /var/lib/xid/follow.json >> /var/log/xid/events.ndjson

Example (two replicas, one leader):
  $ xid events follow --fleet rediss://:password@redis.internal:6380 >> /var/log/xid/events.ndjson
`,
  );
  command.action(async (opts: Record<string, unknown>) => {
    if (ctx.globals().dryRun)
      throw new CliError(
        EXIT.usage,
        '--dry-run applies to single operations and imports, not to events follow',
      );
    const file = typeof opts.checkpoint === 'string' ? opts.checkpoint : undefined;
    const pollIntervalMs = parseDuration(String(opts.pollInterval ?? '5s'));
    if (pollIntervalMs === undefined)
      throw new CliError(EXIT.usage, '--poll-interval must be a duration (500ms, 5s, 1m)');
    const settleMs = parseDuration(String(opts.settle ?? '5s'));
    if (settleMs === undefined)
      throw new CliError(EXIT.usage, '--settle must be a duration (0s, 500ms, 5s)');
    const since = typeof opts.since === 'string' ? parseTime(opts.since) : 0;
    if (since === undefined)
      throw new CliError(
        EXIT.usage,
        '--since must be a duration back from now (7d), an ISO date or date-time, or epoch ms',
      );
    const state = file ? readState(file) : undefined;
    const start = state?.checkpoint ?? checkpointAt(since);
    const tracker = new CheckpointTracker(start);
    const out = outputOf(ctx, state?.output);
    if (out.note) ctx.warn(`xid events follow: ${out.note}`);
    const fields = parseFields(ctx.globals().fields);
    const fleetUrl = fleetUrlOf(ctx, opts.fleet);
    if (opts.lease !== undefined && fleetUrl === undefined)
      throw new CliError(EXIT.usage, '--lease applies with --fleet (or X_FLEET_URL) only');
    // A stream has no end to query as a whole: `--query` applies to each event.
    const query = ctx.query;
    const client = (await createFamilyClient(
      familyNamed('events')!,
      ctx.profile.variables,
      clientOptions(ctx),
    )) as {
      follow(options: Record<string, unknown>): AsyncIterable<Event>;
    };
    const save = (output: OutputPosition) => {
      if (file)
        writeJsonAtomic(file, {
          xid: 'events-follow',
          version: 1,
          checkpoint: tracker.checkpoint,
          output,
        } satisfies FollowState);
    };
    const fleet = fleetUrl ? await connectFleetMode(ctx, fleetUrl, 'xid events follow') : undefined;
    const leaseName =
      typeof opts.lease === 'string'
        ? opts.lease
        : `events-follow:${hostOf(ctx.profile.variables.X_EVENTS_URL)}`;
    const leased = fleet
      ? {
          lease: fleet.lease(leaseName),
          onLeaseChange: (change: { leader: boolean; reason?: string }) =>
            ctx.warn(
              change.leader
                ? `xid events follow: leading (lease ${leaseName})`
                : `xid events follow: standing by (lease ${leaseName}: ${change.reason})`,
            ),
        }
      : {};
    await withSignals(ctx, async () => {
      const stream = client.follow({
        ...leased,
        ...filtersOf(opts),
        checkpoint: start,
        page_size: Number(opts.pageSize ?? 1000),
        pollIntervalMs,
        settleMs,
        signal: ctx.abort.signal,
        onError: (error: unknown, info: { retryInMs: number }) =>
          ctx.warn(
            `xid events follow: ${error instanceof Error ? error.message : String(error)}; retrying in ${info.retryInMs} ms`,
          ),
      });
      for await (const event of stream) {
        // The SDK drops what its own checkpoint covers; this is the same rule, kept for the file.
        if (tracker.covers(event as never)) continue;
        const shown = project(query ? query.apply(event) : event, fields);
        const line = `${JSON.stringify(shown)}\n`;
        if (out.kind === 'stream' && Buffer.byteLength(line) > PIPE_BUF)
          save({ kind: 'stream', cutLine: true });
        const position = out.write(line);
        tracker.advance(event as never);
        save(position);
      }
    }).finally(() => fleet?.close());
  });
}

/** The host of the events URL, naming the default lease (the tenant's event stream). */
function hostOf(url: string | undefined): string {
  try {
    return url ? new URL(url).host : 'default';
  } catch {
    return 'default';
  }
}
