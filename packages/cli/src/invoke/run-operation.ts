// Runs one generated command: checks the input against the spec, asks before destructive ones,
// then calls the family's client through its catalog entry (or, with --dry-run, shows the request
// instead), and writes the result or every item of a list.
import { ValidationError } from '@x/runtime';
import type { RunContext } from '../context.js';
import { createFamilyClient } from '../family-client.js';
import { ListWriter, writeValue } from '../output/formats.js';
import { createProgress } from '../progress.js';
import type { CommandSpec } from '../tree/derive.js';
import { camel } from '../tree/names.js';
import { confirmDestructive } from './confirm.js';
import { describeRequest, dryRunClient, isDryRunStop } from './dry-run.js';
import { InputError } from './input-error.js';
import { type RawInput, wireArgs } from './wire-args.js';

/** Runs a generated command with what the user typed. */
export async function runOperation(
  ctx: RunContext,
  cmd: CommandSpec,
  input: RawInput,
): Promise<void> {
  const args = wireArgs(cmd, input);
  const limit = ctx.limit;
  if (cmd.entry.list) fillPageSize(cmd, args.query, limit);
  const g = ctx.globals();
  const name = `${cmd.family.name} ${cmd.words.join(' ')}`;
  if (g.dryRun) return dryRun(ctx, cmd, args, limit);
  if (cmd.entry.effect === 'destructive') await confirmDestructive(ctx, name);

  const client = await createFamilyClient(cmd.family, ctx.profile.variables, clientOptions(ctx));
  try {
    await callOrList(ctx, cmd, client, args, limit, name);
  } catch (error) {
    throw withFlagName(cmd, error);
  }
}

async function callOrList(
  ctx: RunContext,
  cmd: CommandSpec,
  client: unknown,
  args: unknown,
  limit: number | undefined,
  name: string,
): Promise<void> {
  if (cmd.entry.call) {
    const result = await cmd.entry.call(client, args, { signal: ctx.abort.signal });
    writeValue(result, ctx.output());
    if (result === undefined && ctx.io.stderrIsTTY) ctx.warn(`${name}: done`);
    return;
  }
  await runList(ctx, cmd, client, args, limit);
}

/** Writes every item of a list (up to `--limit`), with a bar while a long list is fetched. */
async function runList(
  ctx: RunContext,
  cmd: CommandSpec,
  client: unknown,
  args: unknown,
  limit: number | undefined,
): Promise<void> {
  const paginator = cmd.entry.list!(client, args, {
    signal: ctx.abort.signal,
    ...(limit !== undefined ? { limit } : {}),
  });
  const out = ctx.output({ itemSchema: cmd.op.item });
  const writer = new ListWriter(out);
  // A bar only for lists of more than a page, and not while lines stream to the same terminal.
  const streaming = out.format === 'ndjson' || (out.format === 'csv' && out.fields !== undefined);
  const barAllowed = !(ctx.io.stdoutIsTTY && streaming);
  let progress: ReturnType<typeof createProgress> | undefined;
  try {
    for await (const page of paginator.pages()) {
      writer.write(page.items);
      const total = totalOf(page.raw);
      if (barAllowed && total !== undefined && (progress || total > page.items.length)) {
        progress ??= createProgress(ctx.io, {
          total: limit ? Math.min(total, limit) : total,
          unit: 'items',
          clearOnComplete: true,
        });
        progress.update(writer.count);
      }
    }
  } finally {
    progress?.stop();
  }
  writer.end();
}

/**
 * Client options of a run: the in-process fetch of a test, when there is one, and with
 * `X_LOG_LEVEL` set a logger on stderr (the SDK's default is the console, whose info and debug
 * lines would land on stdout among the results).
 */
export function clientOptions(ctx: RunContext): Record<string, unknown> {
  const log =
    (level: string) =>
    (message: string, details?: unknown): void =>
      ctx.warn(`${level}: ${message}${details === undefined ? '' : ` ${JSON.stringify(details)}`}`);
  return {
    ...(ctx.io.fetch ? { fetch: ctx.io.fetch } : {}),
    ...(ctx.profile.variables.X_LOG_LEVEL
      ? {
          logger: {
            debug: log('debug'),
            info: log('info'),
            warn: log('warn'),
            error: log('error'),
          },
        }
      : {}),
  };
}

/** The `total_size` (or SCIM `totalResults`) a page reports, if any. */
function totalOf(raw: unknown): number | undefined {
  if (raw === null || typeof raw !== 'object') return undefined;
  const r = raw as Record<string, unknown>;
  const total = r.total_size ?? r.totalResults ?? r.total;
  return typeof total === 'number' ? total : undefined;
}

/**
 * Lists fetch large pages unless the user chose a size: the biggest the spec allows (some APIs
 * answer an empty page without one), or `--limit` when that is smaller.
 */
function fillPageSize(cmd: CommandSpec, query: Record<string, unknown>, limit: number | undefined) {
  const param = cmd.op.parameters.find(
    (p) =>
      p.in === 'query' && (p.name === 'page_size' || p.name === 'pageSize' || p.name === 'count'),
  );
  if (!param || query[param.name] !== undefined) return;
  const max = typeof param.schema.maximum === 'number' ? param.schema.maximum : 100;
  query[param.name] = Math.max(1, Math.min(max, limit ?? max));
}

async function dryRun(
  ctx: RunContext,
  cmd: CommandSpec,
  args: unknown,
  limit: number | undefined,
): Promise<void> {
  const { options, captured } = dryRunClient();
  const client = await createFamilyClient(cmd.family, ctx.profile.variables, options);
  try {
    if (cmd.entry.call) await cmd.entry.call(client, args, {});
    else {
      const paginator = cmd.entry.list!(client, args, limit !== undefined ? { limit } : {});
      for await (const _ of paginator.pages()) break;
    }
  } catch (error) {
    if (captured.length === 0 && !isDryRunStop(error)) throw withFlagName(cmd, error);
  }
  const request = captured[0];
  if (!request) return;
  const format = ctx.globals().output;
  if (format === 'json' || format === 'ndjson' || format === 'yaml')
    writeValue(request, ctx.output());
  else ctx.io.stdout.write(ctx.scrub(describeRequest(request)));
  ctx.warn('dry run: nothing was sent');
}

/**
 * The family's own checks name fields by their wire names (`resource_server_id`, `page_size`; a
 * few SDK names remain, such as a positional `resourceServerId`): a field that is a flag of the
 * command is shown as that flag too.
 */
export function withFlagName(cmd: CommandSpec, error: unknown): unknown {
  if (!(error instanceof ValidationError) || error instanceof InputError) return error;
  const flag = cmd.flags.find((f) => camel(f.flag) === error.field || f.name === error.field);
  if (!flag) return error;
  const message = error.message.startsWith(`${error.field}: `)
    ? error.message.slice(error.field.length + 2)
    : error.message;
  return new InputError([{ field: `--${flag.flag} (${error.field})`, message }]);
}
