// The black-box probe: against an emulator on a free loopback port, it sends what careless and
// hostile clients send (malformed bodies, deep filters, prototype ids, dot segments, odd
// parameters), forged, expired and foreign credentials, racing writes, and MCP stdio oddities;
// it counts the outcomes and records a finding for any 5xx, hang, lost or duplicated state,
// leaked secret, or credential accepted that should not be. Seeded: a seed gives the same run.
import { startEmulator } from '@x/emulator';
import { type SpecOperation, specOperations } from '@x/testing';
import { type Probe, seeded, send, sendRaw } from './http.js';
import { probeSessions } from './sessions.js';
import { Tally } from './tally.js';

export const PROBE_SEED = 20_240_624;

/** What one run found. */
export interface ProbeReport {
  readonly seed: number;
  readonly durationMs: number;
  readonly tally: Tally;
}

const UNKNOWN = 'zz-unknown-id';
const PROTOTYPE_IDS = ['__proto__', 'constructor', 'hasOwnProperty'];

interface Run extends Probe {
  tokens: Record<string, string>;
  realm: string;
}

/** Runs the whole probe against a fresh emulator on a free loopback port. */
export async function runProbe(seed = PROBE_SEED): Promise<ProbeReport> {
  const started = Date.now();
  const em = await startEmulator({ port: 0, host: '127.0.0.1' });
  try {
    const tally = new Tally();
    const c = em.credentials;
    const secrets = [
      c.workforce.clientSecret,
      c.access.clientSecret,
      c.events.apiKey,
      c.legacy.token,
      em.snapshot().state.signing_key,
    ];
    const run: Run = {
      em,
      tally,
      secrets,
      random: seeded(seed),
      tokens: {},
      realm: `${em.urls.access}/v1/tenants/${c.access.tenantId}/realms/${c.access.realmId}`,
    };
    run.tokens = await issueTokens(run);
    await badBodies(run);
    await deepFilters(run);
    await prototypeIds(run);
    await oddParameters(run);
    await dotSegments(run);
    await credentials(run);
    await races(run);
    await probeSessions(tally);
    return { seed, durationMs: Date.now() - started, tally };
  } finally {
    await em.stop();
  }
}

async function issueTokens(run: Run): Promise<Record<string, string>> {
  const c = run.em.credentials;
  const token = async (tokenUrl: string, id: string, secret: string) => {
    const res = await run.em.fetch(tokenUrl, {
      method: 'POST',
      headers: {
        authorization: `Basic ${btoa(`${id}:${secret}`)}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: 'grant_type=client_credentials',
    });
    if (res.status !== 200) throw new Error(`token ${tokenUrl}: ${res.status}`);
    return ((await res.json()) as { access_token: string }).access_token;
  };
  return {
    workforce: await token(c.workforce.tokenUrl, c.workforce.clientId, c.workforce.clientSecret),
    access: await token(c.access.tokenUrl, c.access.clientId, c.access.clientSecret),
    events: c.events.apiKey,
    legacy: c.legacy.token,
  };
}

/** The operation's URL with `values` for some parameters and seeded or unknown ids for the rest. */
function urlOf(run: Run, op: SpecOperation, values: Record<string, string> = {}): string {
  const c = run.em.credentials.access;
  const seededIds: Record<string, string> = { tenant_id: c.tenantId, realm_id: c.realmId };
  const path = op.path.replace(/\{([^{}]+)\}/g, (_, name: string) =>
    encodeURIComponent(values[name] ?? seededIds[name] ?? UNKNOWN),
  );
  return `${run.em.urls[op.spec as 'workforce']}${path}`;
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const operations = specOperations().filter((op) => !op.path.includes('oauth2/token'));

/** Malformed bodies on every operation that takes one. */
async function badBodies(run: Run): Promise<void> {
  const deep = `${'['.repeat(20_000)}${']'.repeat(20_000)}`;
  const bodies: [string, string][] = [
    ['application/json', 'not json'],
    ['application/json', '{"a":'],
    ['application/json', 'null'],
    ['application/json', '[]'],
    ['application/json', '"text"'],
    [
      'application/json',
      '{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}}}',
    ],
    ['application/json', deep],
    ['text/plain', '{}'],
    ['application/json', `{"x":"${'\\ud800'}"}`],
  ];
  for (const op of operations.filter((o) => o.hasBody))
    for (const [type, body] of bodies)
      await send(run, 'malformed bodies', urlOf(run, op), {
        method: op.method,
        headers: { ...bearer(run.tokens[op.spec]!), 'content-type': type },
        body,
      });
  if ((Object.prototype as { polluted?: unknown }).polluted !== undefined)
    run.tally.find('malformed bodies', 'Object.prototype was polluted');
}

/** Filters nested deeper than the parser allows, on every list that takes one. */
async function deepFilters(run: Run): Promise<void> {
  const w = run.em.urls.workforce;
  const lists: [string, string, string][] = [
    [`${w}/v2/users`, 'username eq "a"', 'workforce'],
    [`${w}/v2/groups`, 'display_name eq "a"', 'workforce'],
    [`${w}/v2/passkeys`, 'user_name eq "a"', 'workforce'],
    [`${w}/scim/v2/Users`, 'userName eq "a"', 'workforce'],
    [`${w}/scim/v2/Groups`, 'displayName eq "a"', 'workforce'],
    [`${run.realm}/scim/v2/Users`, 'userName eq "a"', 'access'],
    [`${run.realm}/scim/v2/Groups`, 'displayName eq "a"', 'access'],
    [`${run.realm}/authenticator-configs`, 'type eq "a"', 'access'],
  ];
  for (const [url, leaf, family] of lists)
    for (const depth of [33, 1000, 7000]) {
      const filter = `${'('.repeat(depth)}${leaf}${')'.repeat(depth)}`;
      const answer = await send(
        run,
        'deep filters',
        `${url}?filter=${encodeURIComponent(filter)}`,
        { headers: bearer(run.tokens[family]!) },
      );
      if (answer.status !== 400 || !answer.text.includes('filter'))
        run.tally.find(
          'deep filters',
          `${url} depth ${depth}: ${answer.status}, not a 400 naming filter`,
        );
    }
}

/** Ids that name Object.prototype properties, on every operation and path parameter. */
async function prototypeIds(run: Run): Promise<void> {
  for (const op of operations)
    for (const param of op.pathParams) {
      const init = (): RequestInit => ({
        method: op.method,
        headers: { ...bearer(run.tokens[op.spec]!), 'content-type': 'application/json' },
        ...(op.hasBody ? { body: '{}' } : {}),
      });
      const expected = await send(
        run,
        'prototype ids',
        urlOf(run, op, { [param]: UNKNOWN }),
        init(),
      );
      for (const id of PROTOTYPE_IDS) {
        const got = await send(run, 'prototype ids', urlOf(run, op, { [param]: id }), init());
        if (got.status !== expected.status)
          run.tally.find(
            'prototype ids',
            `${op.method} ${op.path} ${param}=${id}: ${got.status} where an unknown id gets ${expected.status}`,
          );
      }
    }
}

/** Odd query parameters on every GET: negative, huge, non-numeric, very long, random bytes. */
async function oddParameters(run: Run): Promise<void> {
  const junk = () =>
    Array.from({ length: 1 + Math.floor(run.random() * 40) }, () =>
      String.fromCharCode(Math.floor(run.random() * 0x3000)),
    ).join('');
  for (const op of operations.filter((o) => o.method === 'GET')) {
    const queries = [
      'page_size=-1&skip=-5',
      'page_size=1e309&count=99999999999999999999',
      'page_size=abc&startIndex=0',
      `filter=${'a'.repeat(10_000)}`,
      `order_by=${encodeURIComponent(junk())}`,
      `page_token=${encodeURIComponent(junk())}&cursor=${encodeURIComponent(junk())}`,
      `filter=${encodeURIComponent(junk())}`,
      'page_size=1&page_size=2&skip=1&skip=x',
    ];
    for (const q of queries)
      await send(run, 'odd parameters', `${urlOf(run, op)}?${q}`, {
        headers: bearer(run.tokens[op.spec]!),
      });
  }
}

/** `.` and `..` segments, plain and percent-encoded, sent over the socket as written. */
async function dotSegments(run: Run): Promise<void> {
  const origin = new URL(run.em.urls.workforce).origin;
  const w = new URL(run.em.urls.workforce).pathname;
  const targets = [
    `${w}/v2/users/../groups`,
    `${w}/v2/users/%2e%2e/groups`,
    `${w}/v2/users/%2E%2E/groups`,
    `${w}/v2/./users`,
    `${w}/v2/%2e/users`,
    `${w}/../_emulator/info`,
    `${w}/v2/../../_emulator/snapshot`,
    `${w}/scim/v2/Users/..%2f..%2fGroups`,
  ];
  for (const target of targets) {
    const answer = await sendRaw(run, 'dot segments', origin, target);
    if (answer.status === 200)
      run.tally.find('dot segments', `${target}: 200 (resolved onto another path)`);
  }
}

/** Forged, tampered, expired and foreign credentials on every GET. */
async function credentials(run: Run): Promise<void> {
  const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const [header, payload, signature] = run.tokens.workforce!.split('.');
  const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString('utf8')) as Record<
    string,
    unknown
  >;
  const forged = (spec: string): Record<string, string> => ({
    none: '',
    garbage: 'garbage',
    'alg none': `${b64({ alg: 'none', typ: 'JWT' })}.${payload}.`,
    'no signature': `${header}.${payload}.`,
    'tampered claims': `${header}.${b64({ ...claims, scope: 'admin', exp: 9_999_999_999 })}.${signature}`,
    'random signature': `${header}.${payload}.${Buffer.from(String(run.random())).toString('base64url')}`,
    foreign:
      spec === 'workforce'
        ? run.tokens.access!
        : spec === 'access'
          ? run.tokens.workforce!
          : spec === 'events'
            ? run.tokens.legacy!
            : run.tokens.events!,
  });
  const gets = operations.filter((o) => o.method === 'GET');
  const tryAll = async (label: string, token: (op: SpecOperation) => string) => {
    for (const op of gets) {
      const t = token(op);
      const answer = await send(run, 'credentials', urlOf(run, op), {
        headers: t ? bearer(t) : {},
      });
      if (answer.status < 400)
        run.tally.find('credentials', `${label} on ${op.method} ${op.path}: ${answer.status}`);
    }
  };
  for (const label of Object.keys(forged('workforce')))
    await tryAll(label, (op) => forged(op.spec)[label]!);
  // Wrong client secrets at the token endpoints.
  const c = run.em.credentials;
  for (const [url, id] of [
    [c.workforce.tokenUrl, c.workforce.clientId],
    [c.access.tokenUrl, c.access.clientId],
  ] as const) {
    const answer = await send(run, 'credentials', url, {
      method: 'POST',
      headers: {
        authorization: `Basic ${btoa(`${id}:wrong-secret`)}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: 'grant_type=client_credentials',
    });
    if (answer.status < 400)
      run.tally.find('credentials', `wrong secret at ${url}: ${answer.status}`);
  }
  // Expired: the tokens issued at the start, after their lifetime (3600 s) on the emulator's clock.
  run.em.advanceClock(3_601_000);
  await tryAll('expired', (op) =>
    op.spec === 'workforce' || op.spec === 'access' ? run.tokens[op.spec]! : '',
  );
  run.tokens = await issueTokens(run);
}

/** Racing writes: of 64 creates of one name exactly one succeeds; of 64 deletes exactly one. */
async function races(run: Run): Promise<void> {
  const w = run.em.urls.workforce;
  const json = (token: string, body: unknown): RequestInit => ({
    method: 'POST',
    headers: { ...bearer(token), 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const name = `racer-${Math.floor(run.random() * 1e9)}`;
  const creates = await Promise.all(
    Array.from({ length: 64 }, (_, i) =>
      send(
        run,
        'races',
        `${w}/v2/users`,
        json(run.tokens.workforce!, {
          user: {
            username: name,
            display_name: `Racer ${i}`,
            email_address: `${name}-${i}@example.com`,
          },
        }),
      ),
    ),
  );
  const won = creates.filter((a) => a.status >= 200 && a.status < 300);
  if (won.length !== 1) run.tally.find('races', `64 creates of ${name}: ${won.length} succeeded`);
  const listed = await send(
    run,
    'races',
    `${w}/v2/users?page_size=100&filter=${encodeURIComponent(`username eq "${name}"`)}`,
    { headers: bearer(run.tokens.workforce!) },
  );
  const total = (JSON.parse(listed.text) as { total_size?: number }).total_size;
  if (total !== 1) run.tally.find('races', `after 64 creates of ${name}: ${total} listed`);
  const id = won[0] ? (JSON.parse(won[0].text) as { id?: string }).id : undefined;
  if (id) {
    const deletes = await Promise.all(
      Array.from({ length: 64 }, () =>
        send(run, 'races', `${w}/v2/users/${id}`, {
          method: 'DELETE',
          headers: bearer(run.tokens.workforce!),
        }),
      ),
    );
    const deleted = deletes.filter((a) => a.status >= 200 && a.status < 300).length;
    if (deleted !== 1) run.tally.find('races', `64 deletes of one user: ${deleted} succeeded`);
    const gone = await send(run, 'races', `${w}/v2/users/${id}`, {
      headers: bearer(run.tokens.workforce!),
    });
    if (gone.status !== 404) run.tally.find('races', `the deleted user answers ${gone.status}`);
  }
  // The realm's identities: one username, 64 creates.
  const username = `racer-${Math.floor(run.random() * 1e9)}`;
  const identities = await Promise.all(
    Array.from({ length: 64 }, () =>
      send(
        run,
        'races',
        `${run.realm}/identities`,
        json(run.tokens.access!, {
          identity: { display_name: 'Racer', traits: { type: 'traits_v0', username } },
        }),
      ),
    ),
  );
  const made = identities.filter((a) => a.status >= 200 && a.status < 300).length;
  if (made !== 1) run.tally.find('races', `64 identity creates of ${username}: ${made} succeeded`);
}
