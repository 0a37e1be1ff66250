// `xid login`: gets a token with the profile's credentials and says who it is for and which
// tenant, from the token's claims (decoded without verifying: for display only, never for a
// decision). The token itself is never printed. With `--dry-run` it sends nothing: the token
// request (or the events API key's check) is built and caught at the transport, and shown.
import { accessTokenUrl, clientCredentials, decodeJwtClaims, workforceTokenUrl } from '@x/auth';
import type { TokenProvider } from '@x/runtime';
import { insecureHttpFromEnv } from '@x/runtime/internal';
import type { Command } from 'commander';
import { CliError } from '../cli-error.js';
import type { RunContext } from '../context.js';
import { EXIT, exitCodeOf } from '../exit-codes.js';
import { FAMILIES, type Family } from '../families.js';
import { createFamilyClient } from '../family-client.js';
import { type CapturedRequest, dryRunClient, isDryRunStop } from '../invoke/dry-run.js';
import { clientOptions } from '../invoke/run-operation.js';
import { writeValue } from '../output/formats.js';

/** What `login` found for one family. */
interface LoginResult {
  family: string;
  status: 'ok' | 'failed' | 'not configured' | 'dry run';
  note?: string | undefined;
  who?: string | undefined;
  tenant?: string | undefined;
  expires?: string | undefined;
  scopes?: string | undefined;
}

type Vars = Readonly<Record<string, string | undefined>>;

/** The family's token provider from the variables, or a static token, or nothing. */
function providerOf(
  family: Family,
  v: Vars,
  fetch: typeof globalThis.fetch | undefined,
): TokenProvider | string | undefined {
  // The same opt-in to plain http beyond loopback as the families' `fromEnv`.
  const f = { ...(fetch ? { fetch } : {}), ...insecureHttpFromEnv(v) };
  if (family.name === 'workforce') {
    const url = v.X_WORKFORCE_URL;
    if (url && v.X_WORKFORCE_CLIENT_ID && v.X_WORKFORCE_CLIENT_SECRET)
      return clientCredentials({
        tokenUrl: workforceTokenUrl(url, insecureHttpFromEnv(v)),
        clientId: v.X_WORKFORCE_CLIENT_ID,
        clientSecret: v.X_WORKFORCE_CLIENT_SECRET,
        retry: false,
        ...f,
      });
    return v.X_WORKFORCE_TOKEN;
  }
  if (family.name === 'access') {
    const {
      X_ACCESS_AUTH_URL: authUrl,
      X_ACCESS_TENANT_ID: tenantId,
      X_ACCESS_REALM_ID: realmId,
      X_ACCESS_APPLICATION_ID: applicationId,
    } = v;
    if (
      authUrl &&
      tenantId &&
      realmId &&
      applicationId &&
      v.X_ACCESS_CLIENT_ID &&
      v.X_ACCESS_CLIENT_SECRET
    )
      return clientCredentials({
        tokenUrl: accessTokenUrl({
          accessAuthUrl: authUrl,
          tenantId,
          realmId,
          applicationId,
          ...insecureHttpFromEnv(v),
        }),
        clientId: v.X_ACCESS_CLIENT_ID,
        clientSecret: v.X_ACCESS_CLIENT_SECRET,
        ...(v.X_ACCESS_SCOPE ? { scope: v.X_ACCESS_SCOPE } : {}),
        retry: false,
        ...f,
      });
    return v.X_ACCESS_TOKEN;
  }
  if (family.name === 'events') return v.X_EVENTS_API_KEY;
  return v.X_LEGACY_TOKEN;
}

function describeToken(result: LoginResult, token: string): void {
  let claims: Record<string, unknown>;
  try {
    claims = decodeJwtClaims(token);
  } catch {
    return;
  }
  const text = (value: unknown) => (typeof value === 'string' ? value : undefined);
  result.who = text(claims.sub) ?? text(claims.client_id) ?? text(claims.azp);
  result.tenant = text(claims.tenant_id) ?? text(claims.tid) ?? text(claims.tenant);
  if (typeof claims.exp === 'number') result.expires = new Date(claims.exp * 1000).toISOString();
  result.scopes =
    text(claims.scope) ?? (Array.isArray(claims.scp) ? claims.scp.join(' ') : undefined);
}

async function loginOne(ctx: RunContext, family: Family): Promise<LoginResult> {
  const vars = ctx.profile.variables;
  // Keys in the order a table shows them (the first six).
  const result: LoginResult = { family: family.name, status: 'ok', note: undefined };
  const dry = ctx.globals().dryRun ? dryRunClient() : undefined;
  const fetch = dry ? (dry.options.fetch as typeof globalThis.fetch) : ctx.io.fetch;
  const provider = providerOf(family, vars, fetch);
  if (provider === undefined || !family.variables.some((v) => vars[v])) {
    return { family: family.name, status: 'not configured' };
  }
  if (dry) return dryRunLogin(ctx, family, provider, dry);
  try {
    if (typeof provider === 'string') {
      ctx.addSecret(provider);
      describeToken(result, provider);
      if (family.name === 'events') {
        // An API key is no JWT: one small list proves it is accepted.
        const client = (await createFamilyClient(family, vars, clientOptions(ctx))) as {
          list(params: unknown, options: unknown): PromiseLike<unknown>;
        };
        await client.list({ page_size: 1 }, { limit: 1 });
        result.note = 'API key accepted';
      } else result.note = 'static token (not checked: decoded only)';
    } else {
      const token = await provider.getToken();
      ctx.addSecret(token);
      describeToken(result, token);
      result.note = 'client credentials accepted';
    }
  } catch (error) {
    result.status = 'failed';
    result.note = ctx.scrub(error instanceof Error ? error.message : String(error));
    // Kept off the output: the exit code of the first failure is taken from it.
    Object.defineProperty(result, 'error', { value: error, enumerable: false });
  }
  return result;
}

/** `--dry-run login`: the request that would prove the credentials, caught before it is sent. */
async function dryRunLogin(
  ctx: RunContext,
  family: Family,
  provider: TokenProvider | string,
  dry: ReturnType<typeof dryRunClient>,
): Promise<LoginResult> {
  const result: LoginResult = { family: family.name, status: 'dry run' };
  try {
    if (typeof provider !== 'string') await provider.getToken();
    else if (family.name === 'events') {
      const client = (await createFamilyClient(family, ctx.profile.variables, dry.options)) as {
        list(params: unknown, options: unknown): PromiseLike<unknown>;
      };
      await client.list({ page_size: 1 }, { limit: 1 });
    }
  } catch (error) {
    if (!isDryRunStop(error)) throw error;
  }
  const request: CapturedRequest | undefined = dry.captured[0];
  result.note = request
    ? ctx.scrub(`would send ${request.method} ${request.url}`)
    : 'static token (would not be checked: decoded only)';
  return result;
}

/** Adds `xid login`. */
export function registerLogin(program: Command, ctx: RunContext): void {
  program
    .command('login')
    .description("get a token with the profile's credentials and say who and which tenant")
    .option('--family <name>', 'only this family (workforce, access, events, legacy)')
    .addHelpText('after', '\nExample:\n  $ xid --profile local login\n')
    .action(async (opts: { family?: string }) => {
      const families = opts.family ? FAMILIES.filter((f) => f.name === opts.family) : FAMILIES;
      if (families.length === 0)
        throw new CliError(
          EXIT.usage,
          `--family must be one of ${FAMILIES.map((f) => f.name).join(', ')}`,
        );
      const results: LoginResult[] = [];
      for (const family of families) results.push(await loginOne(ctx, family));
      const shown = opts.family ? results : results.filter((r) => r.status !== 'not configured');
      writeValue(shown.length > 0 ? shown : results, ctx.output());
      if (ctx.globals().dryRun) ctx.warn('dry run: nothing was sent');
      const failed = results.find((r) => r.status === 'failed') as { error?: unknown } | undefined;
      // 401/403 from a token endpoint is an auth failure; a dead server is a server failure.
      if (failed) ctx.exitCode = exitCodeOf(failed.error) === EXIT.server ? EXIT.server : EXIT.auth;
      else if (results.every((r) => r.status === 'not configured'))
        throw new CliError(
          EXIT.config,
          `profile ${ctx.profile.name ?? '(environment)'} has no credentials for any family`,
          'see `xid profile --help`, or `xid emulator start`',
        );
    });
}
