// Ids that name properties of every JavaScript object (`__proto__`, `constructor`,
// `hasOwnProperty`) are ids like any other: on every operation and every path parameter the
// emulator answers them exactly as it answers an id it has never seen, never finding something
// through the object prototype (a 403 or 500 where an unknown id gives 404).
import { type SpecOperation, specOperations } from '@x/testing';
import { beforeAll, describe, expect, it } from 'vitest';
import { accessToken } from './support/access.js';
import { type Harness, harness } from './support/harness.js';

const HOSTILE = ['__proto__', 'constructor', 'hasOwnProperty', 'toString'] as const;
const UNKNOWN = 'zz-unknown-id';

let h: Harness;
let tokens: Record<string, string>;
beforeAll(async () => {
  h = await harness();
  tokens = {
    workforce: h.token,
    access: await accessToken(h, h.em.credentials.access),
    events: h.em.credentials.events.apiKey,
    legacy: h.em.credentials.legacy.token,
  };
});

/** The operation's path with `param` set to `value` and every other parameter a seeded one. */
function target(op: SpecOperation, param: string, value: string): string {
  const c = h.em.credentials.access;
  const seeded: Record<string, string> = { tenant_id: c.tenantId, realm_id: c.realmId };
  const path = op.path.replace(/\{([^{}]+)\}/g, (_, name: string) =>
    encodeURIComponent(name === param ? value : (seeded[name] ?? UNKNOWN)),
  );
  return `${h.em.urls[op.spec as 'workforce']}${path}`;
}

async function status(op: SpecOperation, param: string, value: string): Promise<number> {
  const res = await h.em.fetch(target(op, param, value), {
    method: op.method,
    headers: {
      authorization: `Bearer ${tokens[op.spec]}`,
      ...(op.hasBody ? { 'content-type': 'application/json' } : {}),
    },
    ...(op.hasBody ? { body: '{}' } : {}),
  });
  await res.arrayBuffer();
  return res.status;
}

const pairs = specOperations().flatMap((op) => op.pathParams.map((param) => ({ op, param })));

describe('ids that name Object.prototype properties', () => {
  it('are answered like an unknown id on every operation and path parameter', async () => {
    expect(pairs.length).toBeGreaterThan(100);
    const wrong: string[] = [];
    for (const { op, param } of pairs) {
      const [expected, ...got] = await Promise.all(
        [UNKNOWN, ...HOSTILE].map((id) => status(op, param, id)),
      );
      for (const [i, id] of HOSTILE.entries())
        if (got[i] !== expected)
          wrong.push(`${op.method} ${op.path} ${param}=${id}: ${got[i]} (unknown id: ${expected})`);
    }
    expect(wrong).toEqual([]);
  }, 60_000);
});
