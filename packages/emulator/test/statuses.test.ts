// Every operation answers only statuses its spec declares (an error at least through `default`):
// each operation of every family is called without a credential, with its family's credential and
// identifiers that name nothing, and with an empty identifier; `checked` fails the test on any
// status the operation does not declare. 405 is never an operation's answer: it comes only for a
// method the path does not define, with `Allow` naming exactly the methods it does.
import { describe, expect, it } from 'vitest';
import { FAMILIES } from '../src/families/registry.js';
import { routedOperations, templateMatcher } from '../src/spec/operations.js';
import { accessHarness } from './support/access.js';

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

describe('statuses', () => {
  it('every operation answers only statuses it declares', async () => {
    const h = await accessHarness();
    const c = h.em.credentials;
    const tokens: Record<string, string | undefined> = {
      workforce: h.token,
      access: h.accessToken,
      events: c.events.apiKey,
      legacy: c.legacy.token,
    };
    const known: Record<string, string> = {
      tenant_id: c.access.tenantId,
      realm_id: c.access.realmId,
    };
    const answered = new Map<string, Set<number>>();
    let operations = 0;
    for (const family of FAMILIES) {
      for (const op of routedOperations(family.spec)) {
        const binding = family.mounts[op.baseVariable];
        if (!binding) continue;
        operations++;
        const base = `${h.em.urls[binding.mount]}${binding.prefix ?? ''}`;
        const url = (empty: boolean) => {
          const last = op.template.lastIndexOf('{');
          return `${base}${op.template.replace(
            /\{([^{}]+)\}/g,
            (_match, name: string, at: number) =>
              empty && at === last ? '' : (known[name] ?? `absent-${name}`),
          )}`;
        };
        // With an empty last identifier too (`/v2/groups/:addUsers`): still this operation.
        const urls = op.template.includes('{') ? [url(false), url(true)] : [url(false)];
        const contentType = op.requestBody ? Object.keys(op.requestBody.content)[0] : undefined;
        for (const url of urls)
          for (const token of [null, tokens[family.name] ?? null]) {
            const res = await h.call(url, op.method, {
              token,
              ...(contentType ? { body: {}, contentType } : {}),
            });
            expect(res.operation, `${op.method} ${url}`).toBe(op.operationId);
            const key = `${family.name} ${op.operationId}`;
            const seen = answered.get(key) ?? new Set();
            answered.set(key, seen.add(res.status));
          }
      }
    }
    expect(operations).toBe(145);
    expect(answered.size).toBe(operations);
  }, 120_000);

  it('answers 405 only to a method the path does not define, with Allow', async () => {
    const h = await accessHarness();
    const c = h.em.credentials;
    let paths = 0;
    for (const family of FAMILIES) {
      const routes = routedOperations(family.spec).flatMap((op) => {
        const binding = family.mounts[op.baseVariable];
        if (!binding) return [];
        const template = `${h.em.urls[binding.mount]}${binding.prefix ?? ''}${op.template}`;
        return [{ op, template, match: templateMatcher(template) }];
      });
      for (const template of new Set(routes.map((r) => r.template))) {
        const url = template
          .replace('{tenant_id}', c.access.tenantId)
          .replace('{realm_id}', c.access.realmId)
          .replace(/\{[^{}]+\}/g, 'x1');
        // The address's resource is the most specific template matching it (OpenAPI: concrete
        // paths before templated ones): `/groups/x1:addUsers` is the custom method, not
        // `getGroup` of a group `x1:addUsers`; `/themes/active` is not the theme `active`.
        const matching = routes.filter((r) => r.match(url) !== undefined);
        const literal = (t: string) => t.replace(/\{[^{}]*\}/g, '').length;
        const best = Math.max(...matching.map((r) => literal(r.template)));
        const allowed = new Set(
          matching.filter((r) => literal(r.template) === best).map((r) => r.op.method),
        );
        const other = METHODS.find((m) => !allowed.has(m));
        if (!other) continue;
        paths++;
        const res = await h.call(url, other, {});
        expect(res.status, `${other} ${url}`).toBe(405);
        expect(res.operation, `${other} ${url}`).toBeNull();
        expect(res.headers.get('allow')?.split(', ').sort(), `${other} ${url}`).toEqual(
          [...allowed].sort(),
        );
      }
    }
    expect(paths).toBeGreaterThan(50);
  }, 60_000);
});
