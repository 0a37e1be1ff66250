// Path-injection fuzz over every operation with a path parameter, in every spec: for any
// generated value, the request-target the server receives stays inside the operation's path
// template (each parameter is exactly one segment that decodes back to the value), or the SDK
// refuses the value with a ValidationError and sends nothing.
import { ValidationError } from '@x/runtime';
import { specOperations, startTestServer, templateMatcher } from '@x/testing';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { callOperation, familyClient, suiteServer } from './support.js';

const SEED = 7_301;
const RUNS_PER_OPERATION = 25;
const operations = specOperations().filter((op) => op.pathParams.length > 0);

const NASTY = [
  '.',
  '..',
  '...',
  '../admin',
  '../../v1/tenants/other',
  '..%2f..%2fadmin',
  '%2e%2e',
  '%2E%2E%2F',
  '/',
  '//evil.example',
  'a/b',
  'a\\b',
  '?admin=true',
  '#fragment',
  'x?y#z',
  '%00',
  '\u0000',
  '\r\nHost: evil',
  ' ',
  '\t',
  '{user_id}',
  '$&',
  "$'",
  '$`',
  ':addUsers',
  ';jsessionid=1',
  '\ud800',
  '\udfff',
  'ünïcödé',
  '😀',
  'http://evil.example/',
];

const anyCodeUnit = fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c));
const value = fc.oneof(
  fc.constantFrom(...NASTY),
  fc.string({ unit: fc.constantFrom('.', '/', '%', '?', '#', '\\', 'a', '2', 'e', 'f') }),
  fc.string({ unit: 'binary', maxLength: 20 }),
  fc.string({ unit: anyCodeUnit, maxLength: 12 }),
  fc.array(fc.constantFrom(...NASTY), { minLength: 1, maxLength: 4 }).map((a) => a.join('')),
  fc.integer(),
  fc.double(),
);

const tally = { operations: operations.length, inputs: 0, sent: 0, refused: 0, escaped: 0 };
const perFamily: Record<string, number> = {};

const server = suiteServer(
  'path injection',
  () => ({
    ...tally,
    ...Object.fromEntries(Object.entries(perFamily).map(([k, v]) => [`operations ${k}`, v])),
  }),
  () =>
    startTestServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': '2' });
      res.end('{}');
    }),
);

it('covers every operation with a path parameter of every spec', () => {
  for (const op of operations) perFamily[op.spec] = (perFamily[op.spec] ?? 0) + 1;
  // W and A have path parameters; L and E have none (all their paths are fixed).
  expect(Object.keys(perFamily).sort()).toEqual(['access', 'workforce']);
  expect(operations.length).toBeGreaterThanOrEqual(70);
});

describe.each(operations.map((op) => [`${op.spec} ${op.method} ${op.path}`, op] as const))(
  '%s',
  (_title, op) => {
    const client = () =>
      familyClient(op.spec, { baseUrl: server().url, retry: false, rateLimit: false });
    const matches = templateMatcher(op.path);
    it('keeps every generated value inside the path template, or refuses it unsent', async () => {
      const c = client();
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom(...op.pathParams),
          value,
          fc.constantFrom(...op.pathParams.map((_p, i) => i)),
          async (target, fuzzed, _unused) => {
            tally.inputs++;
            const values: Record<string, unknown> = {};
            for (const name of op.pathParams) values[name] = name === target ? fuzzed : `${name}-1`;
            const before = server().requests.length;
            let error: unknown;
            try {
              await callOperation(c, op, values);
            } catch (e) {
              error = e;
            }
            if (error !== undefined) {
              expect(error).toBeInstanceOf(ValidationError);
              expect(server().requests.length, 'a refused value must not be sent').toBe(before);
              tally.refused++;
              return;
            }
            expect(server().requests.length).toBe(before + 1);
            const received = server().requests.at(-1)!;
            expect(received.method).toBe(op.method);
            const segments = matches(received.url);
            if (!segments) tally.escaped++;
            expect(segments, `${received.url} is outside ${op.path}`).toBeDefined();
            const decoded = segments!.map((s) => decodeURIComponent(s));
            expect(decoded).toEqual(op.pathParams.map((name) => String(values[name])));
            tally.sent++;
          },
        ),
        { seed: SEED, numRuns: RUNS_PER_OPERATION },
      );
      server().clear();
    });
  },
);
