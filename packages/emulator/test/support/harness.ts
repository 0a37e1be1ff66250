// A started emulator with plain-HTTP helpers: every call goes through `emulator.fetch` (or a
// given fetch) and every answer through `checked`, so each test validates against the spec.
import { type Emulator, type EmulatorOptions, startEmulator } from '@x/emulator';
import { type Checked, checked } from './spec-check.js';

export interface CallOptions {
  body?: unknown;
  /** A raw body sent as it is (with `contentType`). */
  raw?: string;
  contentType?: string;
  token?: string | null;
  headers?: Record<string, string>;
}

export interface Harness {
  em: Emulator;
  /** A fresh workforce access token. */
  token: string;
  workforce(method: string, path: string, options?: CallOptions): Promise<Checked>;
  events(query: string, options?: CallOptions): Promise<Checked>;
  legacy(method: string, path: string, options?: CallOptions): Promise<Checked>;
  access(method: string, path: string, options?: CallOptions): Promise<Checked>;
  call(url: string, method: string, options?: CallOptions): Promise<Checked>;
}

export const basic = (id: string, secret: string) => `Basic ${btoa(`${id}:${secret}`)}`;

/** Gets a workforce token for the seeded client (through the token endpoint). */
export async function workforceToken(
  em: Emulator,
  fetchImpl: typeof fetch = em.fetch,
): Promise<string> {
  const c = em.credentials.workforce;
  const res = await checked(
    await fetchImpl(c.tokenUrl, {
      method: 'POST',
      headers: {
        authorization: basic(c.clientId, c.clientSecret),
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: 'grant_type=client_credentials',
    }),
  );
  if (res.status !== 200) throw new Error(`token: ${res.status}`);
  return res.body.access_token as string;
}

/** Starts an emulator and returns the helpers. */
export async function harness(
  options: EmulatorOptions = {},
  fetchImpl?: typeof fetch,
): Promise<Harness> {
  const em = await startEmulator(options);
  const f = fetchImpl ?? em.fetch;
  const token = await workforceToken(em, f);
  const call = async (url: string, method: string, o: CallOptions = {}, auth?: string) => {
    const headers: Record<string, string> = { ...(o.headers ?? {}) };
    const bearer = o.token === undefined ? auth : o.token;
    if (bearer) headers.authorization = `Bearer ${bearer}`;
    let body: string | undefined;
    if (o.raw !== undefined) body = o.raw;
    else if (o.body !== undefined) body = JSON.stringify(o.body);
    if (body !== undefined) headers['content-type'] ??= o.contentType ?? 'application/json';
    return checked(await f(url, { method, headers, ...(body !== undefined ? { body } : {}) }));
  };
  return {
    em,
    token,
    workforce: (method, path, o) => call(`${em.urls.workforce}${path}`, method, o, token),
    events: (query, o) =>
      call(`${em.urls.events}/v1/events${query}`, 'GET', o, em.credentials.events.apiKey),
    legacy: (method, path, o) =>
      call(`${em.urls.legacy}${path}`, method, o, em.credentials.legacy.token),
    access: (method, path, o) => call(`${em.urls.access}${path}`, method, o),
    call: (url, method, o) => call(url, method, o),
  };
}
