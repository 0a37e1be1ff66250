// Requests a careless or hostile client sends: filters nested thousands deep, paths with dot
// segments, unknown routes under a SCIM server, SCIM discovery of a realm that is not there.
// Each gets a 4xx in the format its caller reads, never a 500 or another operation's answer.
import { request as httpRequest } from 'node:http';
import { type Emulator, startEmulator } from '@x/emulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessToken } from './support/access.js';
import { type Harness, harness } from './support/harness.js';

let h: Harness;
let access: string;
let realm: string;
beforeAll(async () => {
  h = await harness();
  const c = h.em.credentials.access;
  access = await accessToken(h, c);
  realm = `${h.em.urls.access}/v1/tenants/${c.tenantId}/realms/${c.realmId}`;
});

async function get(url: string, token: string) {
  const res = await h.em.fetch(url, { headers: { authorization: `Bearer ${token}` } });
  const text = await res.text();
  return { status: res.status, type: res.headers.get('content-type'), text };
}

describe('a filter nested thousands of levels deep', () => {
  const deep = (leaf: string, levels = 7000) =>
    encodeURIComponent(`${'('.repeat(levels)}${leaf}${')'.repeat(levels)}`);
  const lists = () => [
    [`${h.em.urls.workforce}/v2/users?filter=${deep('username eq "a"')}`, h.token],
    [`${h.em.urls.workforce}/v2/groups?filter=${deep('display_name eq "a"')}`, h.token],
    [`${h.em.urls.workforce}/v2/passkeys?filter=${deep('user_name eq "a"')}`, h.token],
    [`${h.em.urls.workforce}/scim/v2/Users?filter=${deep('userName eq "a"')}`, h.token],
    [`${h.em.urls.workforce}/scim/v2/Groups?filter=${deep('displayName eq "a"')}`, h.token],
    [`${realm}/scim/v2/Users?filter=${deep('userName eq "a"')}`, access],
    [`${realm}/scim/v2/Groups?filter=${deep('displayName eq "a"')}`, access],
    [`${realm}/authenticator-configs?filter=${deep('type eq "a"')}`, access],
    [
      `${h.em.urls.workforce}/v2/users?filter=${deep('username eq "a"', 33).replace(/%28/g, 'not%28')}`,
      h.token,
    ],
  ];

  it('is refused with 400 naming `filter` on every list that takes one', async () => {
    for (const [url, token] of lists()) {
      const res = await get(url!, token!);
      expect(res.status, url!.slice(0, 80)).toBe(400);
      expect(res.text).toContain('filter');
      expect(res.text).toContain('nested more than');
    }
  });

  it('nested within the limit still works', async () => {
    const res = await get(
      `${h.em.urls.workforce}/v2/users?filter=${deep('username eq "a"', 32)}`,
      h.token,
    );
    expect(res.status).toBe(200);
  });
});

describe('SCIM', () => {
  it("discovery of the realm's SCIM server checks the tenant and realm like every other call", async () => {
    const c = h.em.credentials.access;
    const unknownRealm = `${h.em.urls.access}/v1/tenants/${c.tenantId}/realms/zz-unknown-realm/scim/v2`;
    const otherTenant = `${h.em.urls.access}/v1/tenants/zz-unknown-tenant/realms/${c.realmId}/scim/v2`;
    for (const path of ['ServiceProviderConfig', 'Schemas', 'ResourceTypes']) {
      expect((await get(`${realm}/scim/v2/${path}`, access)).status).toBe(200);
      for (const base of [unknownRealm, otherTenant]) {
        const res = await get(`${base}/${path}`, access);
        expect([400, 403, 404], `${base}/${path}`).toContain(res.status);
        expect(JSON.parse(res.text).schemas).toEqual([
          'urn:ietf:params:scim:api:messages:2.0:Error',
        ]);
      }
    }
  });

  it('an unknown route under a SCIM base path answers 404 in the SCIM error format', async () => {
    for (const [url, token] of [
      [`${h.em.urls.workforce}/scim/v2/Nope`, h.token],
      [`${h.em.urls.workforce}/scim/v2/Users/a/b`, h.token],
      [`${realm}/scim/v2/Nope`, access],
    ] as const) {
      const res = await get(url, token);
      expect(res.status, url).toBe(404);
      expect(res.type).toContain('application/scim+json');
      expect(JSON.parse(res.text)).toMatchObject({
        schemas: ['urn:ietf:params:scim:api:messages:2.0:Error'],
        status: '404',
      });
    }
    // Outside a SCIM base path, the native envelope as before.
    const native = await get(`${h.em.urls.workforce}/v2/nope`, h.token);
    expect(native.status).toBe(404);
    expect(native.type).not.toContain('scim');
  });
});

describe('dot segments in the request-target', () => {
  let em: Emulator;
  beforeAll(async () => {
    em = await startEmulator({ port: 0 });
  });
  afterAll(() => em.stop());

  /** Sends `target` byte for byte (fetch would resolve the dot segments before sending). */
  const raw = (target: string) =>
    new Promise<{ status: number; body: string }>((resolve, reject) => {
      const base = new URL(em.urls.workforce);
      const req = httpRequest(
        { host: base.hostname, port: base.port, path: target, method: 'GET' },
        (res) => {
          let body = '';
          res.on('data', (c: Buffer) => {
            body += c.toString();
          });
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
        },
      );
      req.on('error', reject);
      req.end();
    });

  it('are refused with 400, not resolved onto another operation or the control surface', async () => {
    const prefix = new URL(em.urls.workforce).pathname;
    for (const target of [
      `${prefix}/v2/users/../groups`,
      `${prefix}/v2/users/%2e%2e/groups`,
      `${prefix}/v2/users/%2E%2e/groups`,
      `${prefix}/v2/users/./x`,
      `${prefix}/v2/%2e/users`,
      `${prefix}/../_emulator/info`,
      `${prefix}/v2/../../_emulator/info?x=1`,
    ]) {
      const res = await raw(target);
      expect(res.status, target).toBe(400);
      expect(res.body).not.toContain('clientSecret');
    }
    // Dots inside a segment are an ordinary id.
    expect((await raw(`${prefix}/v2/users/a..b`)).status).toBe(401);
  });
});
