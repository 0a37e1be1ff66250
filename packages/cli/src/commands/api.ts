// `xid api --family F METHOD PATH`: any request to a family's API, as `gh api` makes them. It goes
// through the family client's untyped `request()` (the profile's auth, retries, rate limits and
// typed errors: the one HTTP stack of the SDK) and is written in the same output formats as every
// other command. `--paginate` follows the family's paging style with the runtime's paginator.

import { type ApiPromise, type CallOptions, Paginator, type WithResponse } from '@x/runtime';
import { type Command, Option } from 'commander';
import { type FieldArgument, fieldsObject } from '../api/fields.js';
import { operationAt, pagingStyleOf } from '../api/paging.js';
import { CliError } from '../cli-error.js';
import type { RunContext } from '../context.js';
import { EXIT } from '../exit-codes.js';
import { FAMILIES, type Family, familyNamed } from '../families.js';
import { createFamilyClient } from '../family-client.js';
import { describeRequest, dryRunClient } from '../invoke/dry-run.js';
import { clientOptions } from '../invoke/run-operation.js';
import { ListWriter, writeValue } from '../output/formats.js';

/** The methods `xid api` sends (the runtime's `HttpMethod`). */
const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'] as const;
type Method = (typeof METHODS)[number];

/** What `request()` of a family client looks like to the command line. */
type RequestFn = (
  method: Method,
  path: string,
  init: {
    params?: { path?: Record<string, string>; query?: Record<string, unknown> };
    body?: unknown;
  } & CallOptions,
) => ApiPromise<unknown>;

interface ApiOptions {
  family: string;
  field?: string[];
  rawField?: string[];
  header?: string[];
  paginate?: boolean;
}

const collect = (value: string, previous: string[] | undefined) => [...(previous ?? []), value];

/** Adds `xid api`. */
export function registerApi(program: Command, ctx: RunContext): void {
  program
    .command('api')
    .description('any request to a family API with the profile\'s auth (as "gh api")')
    .argument('<method>', `HTTP method: ${METHODS.join(', ')}`)
    .argument('<path>', 'path under the family URL, e.g. /v2/users (may end in ?query)')
    .addOption(new Option('--family <name>', 'the API family').choices(FAMILIES.map((f) => f.name)))
    .option(
      '-F, --field <key=value>',
      'a typed parameter: true, false, null and integers are JSON, @file reads a file, @- stdin (repeatable)',
      collect,
    )
    .option('-f, --raw-field <key=value>', 'a string parameter (repeatable)', collect)
    .option('-H, --header <name:value>', 'an extra request header (repeatable)', collect)
    .option('--paginate', "fetch every page, in the family's paging style")
    .addHelpText(
      'after',
      `
Fields go in the query string of GET and HEAD, and in a JSON body otherwise. Keys nest:
user[name]=ada sets {"user":{"name":"ada"}}, ids[]=a appends to a list. {placeholders} of the
family's context (tenant_id, realm_id) are filled from the profile.

Examples:
  $ xid api --family workforce GET /v2/users --field page_size=10 --query 'users[].username'
  $ xid api --family workforce POST /v2/groups -F 'group[name]=admins'
  $ xid api --family access GET '/v1/tenants/{tenant_id}/realms' --paginate -o ndjson
`,
    )
    .action(async (method: string, path: string, opts: ApiOptions) => {
      await runApi(ctx, method, path, opts);
    });
}

function familyOf(name: string | undefined): Family {
  const family = name === undefined ? undefined : familyNamed(name);
  if (!family)
    throw new CliError(
      EXIT.usage,
      `xid api needs --family (one of ${FAMILIES.map((f) => f.name).join(', ')})`,
    );
  return family;
}

function methodOf(text: string): Method {
  const method = text.toUpperCase();
  if (!(METHODS as readonly string[]).includes(method))
    throw new CliError(EXIT.usage, `method must be one of ${METHODS.join(', ')}, not "${text}"`);
  return method as Method;
}

function headersOf(lines: readonly string[] | undefined): Record<string, string> | undefined {
  if (!lines) return undefined;
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    if (colon <= 0) throw new CliError(EXIT.usage, `--header "${line}" must be name:value`);
    headers[line.slice(0, colon).trim()] = line.slice(colon + 1).trim();
  }
  return headers;
}

/** The family's context parameters (`tenant_id`, …) a path template names, from the profile. */
function contextPath(ctx: RunContext, family: Family, path: string): Record<string, string> {
  const values: Record<string, string> = {};
  for (const c of family.context) {
    if (!path.includes(`{${c.name}}`)) continue;
    const value = ctx.profile.variables[c.variable];
    if (value === undefined)
      throw new CliError(
        EXIT.config,
        `${path} needs {${c.name}}: set ${c.variable} in the profile`,
      );
    values[c.name] = value;
  }
  return values;
}

async function runApi(ctx: RunContext, methodText: string, target: string, opts: ApiOptions) {
  const family = familyOf(opts.family);
  const method = methodOf(methodText);
  if (!target.startsWith('/'))
    throw new CliError(EXIT.usage, `the path must start with /, not "${target}"`);
  if (opts.paginate && method !== 'GET')
    throw new CliError(EXIT.usage, '--paginate pages GET requests only');
  const [path, search = ''] = target.split(/\?(.*)/s, 2) as [string, string?];
  const fields: FieldArgument[] = [
    ...(opts.field ?? []).map((text) => ({ text, raw: false })),
    ...(opts.rawField ?? []).map((text) => ({ text, raw: true })),
  ];
  const params = await fieldsObject(fields, ctx.io.stdin);
  const inQuery = method === 'GET' || method === 'HEAD';
  const query: Record<string, unknown> = Object.fromEntries(new URLSearchParams(search));
  if (inQuery) Object.assign(query, params);
  const headers = headersOf(opts.header);
  const style = opts.paginate ? pagingStyleOf(family, path) : undefined;
  if (style) fillPageSize(family, path, query, ctx.limit);
  const init = {
    params: { path: contextPath(ctx, family, path), query },
    ...(!inQuery && fields.length > 0 ? { body: params } : {}),
    ...(headers ? { headers } : {}),
  };

  const dry = ctx.globals().dryRun ? dryRunClient() : undefined;
  const client = (await createFamilyClient(
    family,
    ctx.profile.variables,
    dry ? dry.options : clientOptions(ctx),
  )) as { request?: RequestFn };
  if (typeof client.request !== 'function')
    throw new CliError(EXIT.config, `${family.module} has no request() in this version`);
  const request = client.request.bind(client);

  if (dry) {
    await request(method, path, init).catch(() => undefined);
    const captured = dry.captured[0];
    if (!captured) return;
    const format = ctx.globals().output;
    if (format === 'json' || format === 'ndjson' || format === 'yaml')
      writeValue(captured, ctx.output());
    else ctx.io.stdout.write(ctx.scrub(describeRequest(captured)));
    ctx.warn('dry run: nothing was sent');
    return;
  }

  const signal = ctx.abort.signal;
  if (!style) {
    writeValue(await request(method, path, { ...init, signal }), ctx.output());
    return;
  }
  const fetchPage = (position: string | number | undefined, call: CallOptions) =>
    request('GET', path, {
      ...init,
      ...call,
      params: {
        ...init.params,
        query:
          style.param && position !== undefined ? { ...query, [style.param]: position } : query,
      },
    }).withResponse() as Promise<WithResponse<unknown>>;
  const limit = ctx.limit;
  const start = style.param ? (query[style.param] as string | number | undefined) : undefined;
  const paginator = new Paginator(fetchPage, style, start, {
    signal,
    ...(limit !== undefined ? { limit } : {}),
  });
  const writer = new ListWriter(ctx.output({ itemSchema: operationAt(family, 'GET', path)?.item }));
  for await (const page of paginator.pages()) writer.write(page.items);
  writer.end();
}

/**
 * Pages as large as the spec allows unless a size was given, as the generated list commands do
 * (family W answers an empty page without one); `--limit` when that is smaller.
 */
function fillPageSize(
  family: Family,
  path: string,
  query: Record<string, unknown>,
  limit: number | undefined,
): void {
  const param = operationAt(family, 'GET', path)?.parameters.find(
    (p) => p.in === 'query' && (p.name === 'page_size' || p.name === 'count'),
  );
  if (!param || query[param.name] !== undefined) return;
  const max = typeof param.schema.maximum === 'number' ? param.schema.maximum : 100;
  query[param.name] = Math.max(1, Math.min(max, limit ?? max));
}
