// The fuzz tool's own parts, without Python: the closed documents, the families' parts, the
// reading of Schemathesis's NDJSON events and the exceptions the configs carry.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { closedDocument, declaredLinks } from '../src/documents.js';
import { partsOf, prismPartOf } from '../src/parts.js';
import { configExceptions } from '../src/report.js';
import { linkKey, mergeSummaries, summarize } from '../src/summary.js';

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
      ['access-scim-users', 'X_FUZZ_ACCESS_SCIM_URL'],
      ['access-token', 'X_FUZZ_ACCESS_AUTH_URL'],
    ]);
    // No link reaches the token endpoint: its part runs no stateful phase.
    expect(partsOf('access').map((p) => p.withoutLinks ?? false)).toEqual([
      false,
      false,
      false,
      true,
    ]);
    expect(partsOf('events')).toEqual([
      {
        name: 'events',
        family: 'events',
        urlVariable: 'X_FUZZ_EVENTS_URL',
        filters: [],
        share: 0.05,
      },
    ]);
    // Each lane's parts share its time whole.
    const shares = (families: string[]) =>
      families.flatMap((f) => partsOf(f)).reduce((n, p) => n + p.share, 0);
    expect(shares(['access'])).toBeCloseTo(1);
    expect(shares(['workforce', 'legacy', 'events'])).toBeCloseTo(1);
  });

  it("gives each family's user creates a stateful-only part of their own, with the operations their links reach", () => {
    // The operations a create's links reach, read from the document.
    const linked = (family: 'workforce' | 'access', path: string) => {
      type Responses = Record<string, { links?: Record<string, { operationId: string }> }>;
      const item = (closedDocument(family).paths as Json)[path] as {
        post: { operationId: string; responses: Responses };
      };
      return [
        item.post.operationId,
        ...Object.values(item.post.responses).flatMap((r) =>
          Object.values(r.links ?? {}).map((l) => l.operationId),
        ),
      ];
    };
    const users = (family: string) => partsOf(family).filter((p) => p.statefulOnly);
    expect(users('workforce').map((p) => p.name)).toEqual(['workforce-users']);
    expect(users('access').map((p) => p.name)).toEqual(['access-scim-users']);
    const included = (p: { filters: string[] }) =>
      p.filters.map((f) => f.replace('--include-operation-id=', ''));
    expect(included(users('workforce')[0]!).sort()).toEqual(
      [...linked('workforce', '/v2/users'), ...linked('workforce', '/scim/v2/Users')].sort(),
    );
    expect(included(users('access')[0]!).sort()).toEqual(linked('access', '/Users').sort());
  });

  it('runs each document against its Prism mock whole, stateless, with its Prism config', () => {
    expect(prismPartOf('access')).toMatchObject({
      name: 'prism-access',
      urlVariable: 'X_FUZZ_PRISM_ACCESS_URL',
      filters: [],
      withoutLinks: true,
      config: 'prism/access.toml',
    });
  });
});

describe('declaredLinks', () => {
  it("keys each link of a document as the stateful summary keys Schemathesis's transitions", () => {
    const links = declaredLinks(closedDocument('access'));
    expect(links).toContain('POST /v1/tenants/{tenant_id}/realms -> [200] GetRealm');
    expect(links).toContain('POST /Users -> [201] GetScimUser');
    expect(new Set(links).size).toBe(links.length);
    expect(declaredLinks(closedDocument('legacy'))).toEqual([]);
    expect(
      linkKey(
        'POST /v1/tenants/{tenant_id}/realms -> [200] GetRealm -> GET /v1/tenants/{tenant_id}/realms/{realm_id}',
      ),
    ).toBe('POST /v1/tenants/{tenant_id}/realms -> [200] GetRealm');
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
        {
          ScenarioFinished: {
            phase: 'stateful',
            recorder: {
              label: 'Stateful tests',
              cases: {
                c: {
                  value: { method: 'GET', path: '/v2/users/{user_id}' },
                  is_transition_applied: true,
                  transition: {
                    id: 'POST /v2/users -> [200] GetUser -> GET /v2/users/{user_id}',
                    is_inferred: false,
                  },
                },
                d: {
                  value: { method: 'DELETE', path: '/v2/users/{user_id}' },
                  is_transition_applied: true,
                  transition: {
                    id: 'POST /v2/users -> [200] X-Inferred-Link-1 -> DELETE /v2/users/{user_id}',
                    is_inferred: true,
                  },
                },
              },
              checks: { c: [{ name: 'not_a_server_error', status: 'success' }] },
            },
          },
        },
      ]
        .map((e) => JSON.stringify(e))
        .join('\n'),
    );
    // A run stopped at its time limit leaves its last line unfinished.
    writeFileSync(file, `${readFileSync(file, 'utf8')}\n{"ScenarioFinished": {"phase"`);
    const summary = summarize(file);
    expect(summary.statefulSequences).toBe(2);
    // Only the document's links count as walked, not Schemathesis's inferred ones.
    expect(summary.linksWalked).toEqual(['POST /v2/users -> [200] GetUser']);
    expect(summary.errors).toHaveLength(1);
    expect(summary.cells).toEqual([
      { operation: 'GET /v2/users', check: 'not_a_server_error', passed: 2, failed: 0 },
      { operation: 'GET /v2/users', check: 'unsupported_method', passed: 0, failed: 1 },
      { operation: 'GET /v2/users/{user_id}', check: 'not_a_server_error', passed: 1, failed: 0 },
    ]);
    // The unit and stateful runs of a part check the same cells: merged, one per operation × check.
    expect(mergeSummaries([summary, summary]).cells[0]).toEqual({
      operation: 'GET /v2/users',
      check: 'not_a_server_error',
      passed: 4,
      failed: 0,
    });
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

  it('reads each check the Prism configs exclude, with its reason, for every family', () => {
    const excluded = configExceptions('prism');
    expect(new Set(excluded.map((e) => e.family))).toEqual(
      new Set(['access', 'events', 'legacy', 'workforce']),
    );
    for (const e of excluded) expect(e.text).toMatch(/^[a-z_]+\b.*\. .*Seen\b/);
  });
});
