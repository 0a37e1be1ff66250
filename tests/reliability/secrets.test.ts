// Secret fuzz: bearer tokens, client secrets (and their Basic form) and binding short codes
// never appear in an error's message, stack, util.inspect, JSON.stringify, nor in any onEvent
// record, whatever the server echoes back on any failure path.
import { inspect } from 'node:util';
import { clientCredentials, staticToken } from '@x/auth';
import { type ClientEvent, SdkError } from '@x/runtime';
import { createWorkforceClient } from '@x/workforce';
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { suiteServer } from './support.js';

const SEED = 4_242;
const RUNS = 120;

const printable = fc.integer({ min: 0x21, max: 0x7e }).map((c) => String.fromCharCode(c));
const bearer = fc.stringMatching(/^[A-Za-z0-9\-._~+/]{12,40}$/);
const clientSecret = fc.string({ unit: printable, minLength: 12, maxLength: 40 });
const shortCode = fc.stringMatching(/^[A-Z0-9]{8,10}$/);

type Echo = (s: { token: string; secret: string; basic: string; code: string }) => {
  status: number;
  headers: Record<string, string>;
  body: string;
  cut?: boolean;
};
const esc = (s: string) => JSON.stringify(s).slice(1, -1);
/** Every way the server echoes what it received, on a failure path. */
const ECHOES: Record<string, Echo> = {
  'json message and details': (s) => ({
    status: 400,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      code: 'invalid_argument',
      message: `bad token ${s.token} / secret ${s.secret}`,
      details: [
        { type: 'Echo', authorization: `Bearer ${s.token}`, short_code: s.code, seen: s.basic },
      ],
    }),
  }),
  'secret as a JSON key': (s) => ({
    status: 403,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ [s.token]: s.secret, nested: { [s.secret]: { short_code: s.code } } }),
  }),
  'response headers': (s) => ({
    status: 429,
    headers: {
      'content-type': 'application/json',
      'x-request-id': s.token,
      'ratelimit-limit': s.secret,
      'retry-after': s.token,
    },
    body: '{}',
  }),
  'html page': (s) => ({
    status: 502,
    headers: { 'content-type': 'text/html' },
    body: `<html><pre>Authorization: Bearer ${s.token}\nclient_secret=${s.secret}\n${s.basic}</pre></html>`,
  }),
  'truncated json': (s) => ({
    status: 500,
    headers: { 'content-type': 'application/json' },
    body: `{"message":"${esc(s.token)} ${esc(s.secret)}","short_code":"${s.code}`,
  }),
  'cut-off body': (s) => ({
    status: 503,
    headers: { 'content-type': 'application/json' },
    body: `{"token":"${esc(s.token)}","secret":"${esc(s.secret)}","short_code":"${s.code}"`,
    cut: true,
  }),
  '2xx non-JSON': (s) => ({
    status: 200,
    headers: { 'content-type': 'text/plain' },
    body: `${s.token} ${s.secret} ${s.code}`,
  }),
  'binding job with short code, then 409': (s) => ({
    status: 409,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      message: 'exists',
      binding_job: { short_code_delivery_details: { short_code: s.code } },
    }),
  }),
};

const tally = {
  runs: 0,
  failurePaths: Object.keys(ECHOES).length + 1,
  surfacesChecked: 0,
  leaks: 0,
};

const server = suiteServer('secret fuzz', () => tally);

function surfaces(error: unknown, events: ClientEvent[], logs: string[]): string[] {
  const out = [String(error), inspect(error, { depth: 20, showHidden: false })];
  if (error instanceof Error) out.push(error.message, error.stack ?? '');
  out.push(JSON.stringify(error) ?? '');
  let cause = (error as { cause?: unknown } | undefined)?.cause;
  for (let i = 0; cause && i < 5; i++) {
    out.push(inspect(cause, { depth: 20 }));
    cause = (cause as { cause?: unknown }).cause;
  }
  out.push(JSON.stringify(events), inspect(events, { depth: 20 }), ...logs);
  return out;
}

it('no token, client secret, Basic credential or short code leaks through any failure', async () => {
  const echoNames = Object.keys(ECHOES);
  await fc.assert(
    fc.asyncProperty(
      bearer,
      clientSecret,
      shortCode,
      fc.constantFrom(...echoNames, 'token endpoint failure'),
      fc.constantFrom('GET', 'POST'),
      async (token, secret, code, path, method) => {
        const basic = Buffer.from(`client-1:${secret}`).toString('base64');
        const s = { token, secret, basic, code };
        server().handle((req, res) => {
          if (req.url.startsWith('/oauth2/token')) {
            const body = JSON.stringify({
              error: 'invalid_client',
              error_description: `${req.headers.authorization} ${secret} ${req.body}`,
              access_token: token,
            });
            res.writeHead(path === 'token endpoint failure' ? 401 : 200, {
              'content-type': 'application/json',
            });
            res.end(
              path === 'token endpoint failure'
                ? body
                : JSON.stringify({ access_token: token, token_type: 'Bearer' }),
            );
            return;
          }
          const echo = ECHOES[path === 'token endpoint failure' ? echoNames[0]! : path]!(s);
          res.writeHead(echo.status, {
            ...echo.headers,
            'content-length': String(Buffer.byteLength(echo.body) + (echo.cut ? 100 : 0)),
          });
          if (echo.cut) res.write(echo.body, () => setImmediate(() => res.socket?.destroy()));
          else res.end(echo.body);
        });
        const events: ClientEvent[] = [];
        const logs: string[] = [];
        const useCredentials = path === 'token endpoint failure' || token.length % 2 === 0;
        const auth = useCredentials
          ? clientCredentials({
              tokenUrl: `${server().url}/oauth2/token`,
              clientId: 'client-1',
              clientSecret: secret,
              retry: { maxRetries: 1, baseDelayMs: 1 },
            })
          : staticToken(token);
        const client = createWorkforceClient({
          baseUrl: server().url,
          auth,
          retry: { maxRetries: 1, baseDelayMs: 1, maxRateLimitWaitMs: 0 },
          rateLimit: false,
          onEvent: (e) => {
            events.push(e);
            logs.push(`debug: ${JSON.stringify(e)}`);
          },
        });
        let error: unknown;
        try {
          if (method === 'GET') await client.users.get('u-1');
          else await client.bindingJobs.create({ user_id: 'u-1', ttl_seconds: 60 });
        } catch (e) {
          error = e;
        }
        expect(error).toBeInstanceOf(SdkError);
        for (const text of surfaces(error, events, logs)) {
          tally.surfacesChecked++;
          // The client secret (and its Basic form) is a secret of this client only when it was given.
          const known = useCredentials ? [token, secret, basic, esc(secret), code] : [token, code];
          for (const secretValue of known)
            if (text.includes(secretValue)) {
              tally.leaks++;
              const at = text.indexOf(secretValue);
              expect.fail(
                `${JSON.stringify(secretValue)} leaked through "${path}": …${text.slice(Math.max(0, at - 200), at + 100)}…`,
              );
            }
        }
        tally.runs++;
      },
    ),
    { seed: SEED, numRuns: RUNS },
  );
});
