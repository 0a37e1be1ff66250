// The fuzz tool's own parts, without Python: the closed documents, family A's three parts, the
// reading of Schemathesis's NDJSON events and the exceptions the configs carry.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { closedDocument } from '../src/documents.js';
import { partsOf } from '../src/parts.js';
import { configExceptions } from '../src/report.js';
import { summarize } from '../src/summary.js';

type Json = Record<string, unknown>;

describe('closedDocument', () => {
  it('closes the objects that list their fields and leaves open ones open', () => {
    const doc = closedDocument('workforce') as { components: { schemas: Record<string, Json> } };
    expect(doc.components.schemas.UserCreate?.additionalProperties).toBe(false);
    const open = Object.values(doc.components.schemas).filter(
      (s) => s.additionalProperties === true,
    );
    expect(open.length).toBeGreaterThan(0);
  });
});

describe('partsOf', () => {
  it('runs family A in three parts, one per base address, and the others whole', () => {
    expect(partsOf('access').map((p) => [p.name, p.urlVariable])).toEqual([
      ['access', 'X_FUZZ_ACCESS_URL'],
      ['access-scim', 'X_FUZZ_ACCESS_SCIM_URL'],
      ['access-token', 'X_FUZZ_ACCESS_AUTH_URL'],
    ]);
    // No link reaches the token endpoint: its part runs no stateful phase.
    expect(partsOf('access').map((p) => p.withoutLinks ?? false)).toEqual([false, false, true]);
    expect(partsOf('events')).toEqual([
      { name: 'events', family: 'events', urlVariable: 'X_FUZZ_EVENTS_URL', filters: [] },
    ]);
  });
});

describe('summarize', () => {
  it('counts each operation × check, the stateful scenarios and each distinct failure', () => {
    const dir = mkdtempSync(join(tmpdir(), 'fuzz-summary-'));
    const file = join(dir, 'events.ndjson');
    const scenario = (phase: string, label: string, checks: Json) => ({
      ScenarioFinished: {
        phase,
        recorder: {
          label,
          cases: {
            a: { value: { method: 'GET', path: '/v2/users' } },
            b: { value: { method: 'TRACE', path: '/v2/users' } },
          },
          checks,
          interactions: { b: { request: { method: 'TRACE', uri: 'http://h/v2/users' } } },
        },
      },
    });
    const failure = {
      name: 'unsupported_method',
      status: 'failure',
      failure_info: {
        failure: { code: 'ST204', title: 'Wrong response', message: 'got 404\nmore' },
      },
    };
    writeFileSync(
      file,
      [
        scenario('coverage', 'GET /v2/users', {
          a: [{ name: 'not_a_server_error', status: 'success' }],
          b: [failure],
        }),
        scenario('stateful', 'Stateful tests', {
          a: [{ name: 'not_a_server_error', status: 'success' }],
        }),
      ]
        .map((e) => JSON.stringify(e))
        .join('\n'),
    );
    const summary = summarize(file);
    expect(summary.statefulSequences).toBe(1);
    expect(summary.cells).toEqual([
      { operation: 'GET /v2/users', check: 'not_a_server_error', passed: 2, failed: 0 },
      { operation: 'GET /v2/users', check: 'unsupported_method', passed: 0, failed: 1 },
    ]);
    expect(summary.findings).toEqual([
      {
        operation: 'GET /v2/users',
        check: 'unsupported_method',
        code: 'ST204',
        title: 'Wrong response',
        message: 'got 404',
        example: 'TRACE http://h/v2/users',
      },
    ]);
  });
});

describe('configExceptions', () => {
  it('reads each exception the family configs write, with the reference quoted', () => {
    const exceptions = configExceptions();
    expect(exceptions.map((e) => e.family)).toContain('events');
    for (const e of exceptions) expect(e.text).toMatch(/"[^"]+"/);
  });
});
