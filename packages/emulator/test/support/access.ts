// Family A helpers over the harness: an access token for the seeded management application, and
// calls relative to the seeded tenant (`t`) or realm (`r`), every answer checked against the spec.
import type { EmulatorOptions } from '@x/emulator';

// biome-ignore lint/suspicious/noExplicitAny: unchecked bodies are read loosely in tests
type Loose = any;

import { type CallOptions, type Harness, harness } from './harness.js';
import type { Checked } from './spec-check.js';

export interface AccessHarness extends Harness {
  /** An access token of the seeded management application (replaced by `renew`). */
  accessToken: string;
  /** Gets a fresh access token for the calls (after moving the clock past its expiry). */
  renew(): Promise<string>;
  /**
   * A call to the realm that is not checked against the spec: only for the answers the spec
   * cannot describe (a request its own schema refuses on an operation that declares no 400).
   */
  unchecked(method: string, path: string, body?: unknown): Promise<{ status: number; body: Loose }>;
  tenantId: string;
  realmId: string;
  /** A call to `{access_api_url}/v1/tenants/{tenant}` + path. */
  t(method: string, path: string, options?: CallOptions): Promise<Checked>;
  /** A call to `{access_api_url}/v1/tenants/{tenant}/realms/{realm}` + path. */
  r(method: string, path: string, options?: CallOptions): Promise<Checked>;
  /** A call to the realm's SCIM server (`.../scim/v2` + path), SCIM media type for bodies. */
  scim(method: string, path: string, body?: unknown, options?: CallOptions): Promise<Checked>;
  /** A POST to the control surface. */
  control(path: string, body?: unknown): Promise<{ status: number; body: Record<string, unknown> }>;
  /** Creates an identity and returns its body. */
  identity(
    username: string,
    extra?: Record<string, unknown>,
  ): Promise<Record<string, unknown> & { id: string }>;
}

/** Gets an access token from a token URL with client credentials. */
export async function accessToken(
  h: Harness,
  c: { tokenUrl: string; clientId: string; clientSecret: string },
  scope?: string,
): Promise<string> {
  const res = await h.call(c.tokenUrl, 'POST', {
    raw: `grant_type=client_credentials${scope ? `&scope=${encodeURIComponent(scope)}` : ''}`,
    contentType: 'application/x-www-form-urlencoded',
    headers: { authorization: `Basic ${btoa(`${c.clientId}:${c.clientSecret}`)}` },
  });
  if (res.status !== 200) throw new Error(`access token: ${res.status}`);
  return res.body.access_token as string;
}

/** Starts an emulator with the access helpers. */
export async function accessHarness(options: EmulatorOptions = {}): Promise<AccessHarness> {
  const h = await harness(options);
  const c = h.em.credentials.access;
  let token = await accessToken(h, c);
  const tenant = `/v1/tenants/${c.tenantId}`;
  const realm = `${tenant}/realms/${c.realmId}`;
  const withToken = (o: CallOptions = {}): CallOptions => ({
    ...o,
    token: o.token === undefined ? token : o.token,
  });
  const r: AccessHarness['r'] = (method, path, o) =>
    h.access(method, `${realm}${path}`, withToken(o));
  return {
    ...h,
    get accessToken() {
      return token;
    },
    async renew() {
      token = await accessToken(h, c);
      return token;
    },
    async unchecked(method, path, body) {
      const res = await h.em.fetch(`${h.em.urls.access}${realm}${path}`, {
        method,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      const text = await res.text();
      return { status: res.status, body: text ? JSON.parse(text) : undefined };
    },
    tenantId: c.tenantId,
    realmId: c.realmId,
    t: (method, path, o) => h.access(method, `${tenant}${path}`, withToken(o)),
    r,
    scim: (method, path, body, o = {}) =>
      r(method, `/scim/v2${path}`, {
        ...o,
        ...(body === undefined ? {} : { body, contentType: 'application/json' }),
      }),
    async control(path, body) {
      const res = await h.em.fetch(`${h.em.urls.control}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body ?? {}),
      });
      return { status: res.status, body: (await res.json()) as Record<string, unknown> };
    },
    async identity(username, extra = {}) {
      const res = await r('POST', '/identities', {
        body: {
          identity: {
            display_name: username.toUpperCase(),
            traits: { type: 'traits_v0', username, ...extra },
          },
        },
      });
      if (res.status !== 200)
        throw new Error(`identity ${username}: ${res.status} ${JSON.stringify(res.body)}`);
      return res.body;
    },
  };
}

/** `event_type:action` of the events the seeded events key sees, oldest first. */
export async function eventKinds(h: Harness, query = ''): Promise<string[]> {
  const res = await h.events(`?ordering=asc&page_size=1000&include_not_attested=true${query}`);
  if (res.status !== 200) throw new Error(`events: ${res.status}`);
  return res.body.body.events.map(
    (e: { event_type: string; data?: { action?: string } }) =>
      `${e.event_type}:${e.data?.action ?? ''}`,
  );
}
