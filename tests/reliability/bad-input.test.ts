// Bad input everywhere a caller can give it, as untyped JavaScript would pass it: each value gets
// a ValidationError naming the field before any request is sent. More than 1000 ids are split
// into requests of at most 1000.
import { createAccessClient } from '@x/access';
import { staticToken } from '@x/auth';
import { createEventsClient } from '@x/events';
import { createLegacyClient } from '@x/legacy';
import { ValidationError } from '@x/runtime';
import { createWorkforceClient } from '@x/workforce';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { suiteServer } from './support.js';

// biome-ignore lint/suspicious/noExplicitAny: untyped JavaScript callers are what is tested
type Untyped = any;
const SEED = 99;

const tally = { cases: 0, fuzzed: 0, requestsSent: 0 };

const server = suiteServer('bad input', () => ({
  ...tally,
  'inputs tried': tally.cases + tally.fuzzed,
}));

const opts = () => ({
  baseUrl: server().url,
  retry: false as const,
  auth: staticToken('tok-1234'),
});
const w = (): Untyped => createWorkforceClient(opts());
const a = (): Untyped => createAccessClient({ ...opts(), tenantId: 't-1' });
const l = (): Untyped => createLegacyClient(opts());
const e = (): Untyped => createEventsClient(opts());

/** Runs `act` and expects a ValidationError (naming `field` when given) and no request. */
async function refused(act: () => unknown, field?: string | RegExp): Promise<void> {
  const before = server().requests.length;
  let error: unknown;
  try {
    await act();
  } catch (err) {
    error = err;
  }
  expect(error, 'a ValidationError').toBeInstanceOf(ValidationError);
  if (field !== undefined) expect((error as ValidationError).field).toMatch(field);
  expect(server().requests.length, 'nothing is sent').toBe(before);
  tally.cases++;
}

const longName = 'n'.repeat(65);
const CASES: [string, () => unknown, string | RegExp][] = [
  // Wrong types from untyped callers.
  ['W users.get(123)', () => w().users.get(123), 'userId'],
  ['W users.get(null)', () => w().users.get(null), 'userId'],
  ['W users.get({})', () => w().users.get({}), 'userId'],
  ['W users.get("  ")', () => w().users.get('  '), 'userId'],
  ['W users.create("ada")', () => w().users.create('ada'), 'user'],
  ['W users.create([])', () => w().users.create([]), 'user'],
  ['W users.create({username: 5})', () => w().users.create({ username: 5 }), 'user.username'],
  ['W groups.addMembers("g", "u")', () => w().groups.members.add('g', 'u'), /ids|userIds/],
  ['W groups.addMembers("g", [1])', () => w().groups.members.add('g', [1]), /\[0\]/],
  ['A realm(42)', () => a().realm(42), 'realmId'],
  ['A tenantId missing', () => createAccessClient({ ...opts() } as Untyped), 'tenantId'],
  ['L users.create(null)', () => l().users.create(null), 'input'],
  ['L users.create({email: 5})', () => l().users.create({ external_id: 'x', email: 5 }), 'email'],
  ['E list({ordering: "sideways"})', () => e().list({ ordering: 'sideways' }), /ordering/],
  // Out-of-range numbers.
  ['W list page_size 0', () => w().users.list({ page_size: 0 }), 'page_size'],
  ['W list page_size 1001', () => w().users.list({ page_size: 1001 }), 'page_size'],
  ['W list page_size 1.5', () => w().users.list({ page_size: 1.5 }), 'page_size'],
  ['W list page_size "10"', () => w().users.list({ page_size: '10' }), 'page_size'],
  ['W list skip -1', () => w().users.list({ skip: -1 }), 'skip'],
  ['W binding ttl 59', () => w().bindingJobs.create({ ttl_seconds: 59 }), 'ttl_seconds'],
  ['W binding ttl 901', () => w().bindingJobs.create({ ttl_seconds: 901 }), 'ttl_seconds'],
  ['W binding ttl NaN', () => w().bindingJobs.create({ ttl_seconds: Number.NaN }), 'ttl_seconds'],
  ['W scim count 0', () => w().scim.users.list({ count: 0 }), 'count'],
  ['A realms page_size 201', () => a().realms.list({ page_size: 201 }), 'page_size'],
  ['E page_size 1001', () => e().list({ page_size: 1001 }), 'page_size'],
  ['E page_size -1', () => e().list({ page_size: -1 }), 'page_size'],
  ['E an unknown name is named', () => e().list({ page: 10 } as never), 'page'],
  ['client timeoutMs -1', () => createWorkforceClient({ ...opts(), timeoutMs: -1 }), 'timeoutMs'],
  [
    'client maxResponseBytes "big"',
    () => createWorkforceClient({ ...opts(), maxResponseBytes: 'big' as Untyped }),
    'maxResponseBytes',
  ],
  ['client baseUrl ftp', () => createWorkforceClient({ baseUrl: 'ftp://x.example' }), 'baseUrl'],
  [
    'client baseUrl with credentials',
    () => createWorkforceClient({ baseUrl: 'https://u:p@x.example' }),
    'baseUrl',
  ],
  [
    'client baseUrl http non-loopback',
    () => createWorkforceClient({ baseUrl: 'http://x.example' }),
    'baseUrl',
  ],
  // Too-long names and forbidden characters (family A name rules).
  ['A realm name 65 chars', () => a().realms.create({ display_name: longName }), 'display_name'],
  ['A realm name empty', () => a().realms.create({ display_name: '' }), 'display_name'],
  ['A realm name "<b>"', () => a().realms.create({ display_name: '<b>' }), 'display_name'],
  [
    'A group description 301 chars',
    () =>
      a()
        .realm('r-1')
        .groups.create({ display_name: 'ok', description: 'd'.repeat(301) }),
    'group.description',
  ],
  // Control characters in header values (and non-byte characters).
  [
    'client header CRLF',
    () => createWorkforceClient({ ...opts(), headers: { 'x-a': 'a\r\nb' } }),
    /headers/,
  ],
  [
    'client header NUL',
    () => createWorkforceClient({ ...opts(), headers: { 'x-a': 'a\u0000' } }),
    /headers/,
  ],
  [
    'client header name',
    () => createWorkforceClient({ ...opts(), headers: { 'x a': 'v' } }),
    /headers/,
  ],
  ['call header LF', () => w().users.get('u', { headers: { 'x-a': 'a\nb' } }), /headers/],
  ['call header U+2603', () => w().users.get('u', { headers: { 'x-a': '☃' } }), /headers/],
  [
    'raw request header CR',
    () => w().request('GET', '/v2/users', { headers: { 'x-a': '\r' } }),
    /headers/,
  ],
  ['staticToken LF', () => staticToken('abc\ndef'), 'token'],
  [
    'token outside Latin-1',
    () =>
      createWorkforceClient({ ...opts(), auth: { getToken: async () => 'tök☃en' } }).users.get('u'),
    'token',
  ],
  [
    'token with CRLF from a provider',
    () =>
      createWorkforceClient({
        ...opts(),
        auth: { getToken: async () => 'a\r\nX-Evil: 1' },
      }).users.get('u'),
    'token',
  ],
];

describe('bad input is refused before sending', () => {
  it.each(CASES)('%s', async (_name, act, field) => refused(act, field));

  it('display names: any string breaking the rules is refused, any other is sent', async () => {
    const forbidden = '{}[]<>;:?\\/|*^%$#=~`!';
    await fc.assert(
      fc.asyncProperty(
        fc.string({
          unit: fc.constantFrom('a', 'Z', ' ', '-', '_', 'é', ...forbidden),
          maxLength: 80,
        }),
        async (name) => {
          tally.fuzzed++;
          const chars = [...name];
          const bad =
            chars.length < 1 || chars.length > 64 || chars.some((c) => forbidden.includes(c));
          server().handle((_req, res) => {
            res.writeHead(200, { 'content-type': 'application/json' });
            res.end(JSON.stringify({ id: 'r-1', display_name: name }));
          });
          if (bad) await refused(() => a().realms.create({ display_name: name }), 'display_name');
          else await a().realms.create({ display_name: name });
        },
      ),
      { seed: SEED, numRuns: 200 },
    );
  });

  it('more than 1000 ids go out in requests of at most 1000, in order, each id once', async () => {
    server().handle((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{}');
    });
    const ids = Array.from({ length: 2500 }, (_, i) => `u-${i}`);
    const before = server().requests.length;
    await w().groups.members.add('g-1', [...ids, ...ids.slice(0, 10)]);
    const sent = server()
      .requests.slice(before)
      .map((r) => JSON.parse(r.body).user_ids as string[]);
    expect(sent.map((chunk) => chunk.length)).toEqual([1000, 1000, 500]);
    expect(sent.flat()).toEqual(ids);
    tally.requestsSent += sent.length;
  });
});
