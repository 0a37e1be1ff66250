// The clients measured side by side: this SDK, raw fetch (with and without a per-call timeout
// signal) and the peers (undici's request(), openapi-fetch, ky, axios, Octokit core, auth0, openai),
// each making the same two calls against the loopback server: one small user, and a page of 1000.
// Each peer runs at its own defaults, as an app would use it.
import { Octokit } from '@octokit/core';
import { staticToken } from '@x/auth';
import { createWorkforceClient, type paths } from '@x/workforce';
import { UsersClient } from 'auth0/users';
import axios from 'axios';
import ky from 'ky';
import OpenAI from 'openai';
import createClient from 'openapi-fetch';
import { request as undiciRequest } from 'undici';

export const TOKEN = 'bench-static-token-0123456789';
const USER = '/v2/users/u1';
const PAGE = '/v2/users?page_size=1000';

/** One client's two calls; each resolves to the parsed body (or the SDK's data or page). */
export interface Calls {
  get(): Promise<unknown>;
  page(): Promise<unknown>;
}

export interface Peer {
  /** The variant's name in rounds and figures. */
  name: string;
  /** What it carries beyond one request, at its defaults. */
  carries: string;
  make(url: string): Calls;
}

const headers = { authorization: `Bearer ${TOKEN}` };

/** Raw fetch: the reference every ratio is taken against. */
function fetchJson(url: string, init?: RequestInit): Promise<unknown> {
  return fetch(url, { headers, ...init }).then((response) => {
    if (!response.ok) throw new Error(`status ${response.status}`);
    return response.json();
  });
}

/** Raw fetch with what any per-attempt timeout needs: an AbortController and a timer. */
async function fetchWithTimeout(url: string): Promise<unknown> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), 30_000);
  try {
    return await fetchJson(url, { signal: controller.signal });
  } finally {
    clearTimeout(timer);
  }
}

export const SDK = 'this SDK';
export const FETCH = 'fetch';

export const PEERS: Peer[] = [
  {
    name: SDK,
    carries: '2 retries, 30 s attempt timeout, rate limiter, typed errors',
    make(url) {
      const workforce = createWorkforceClient({ baseUrl: url, auth: staticToken(TOKEN) });
      return {
        get: () => workforce.users.get('u1'),
        page: async () => await workforce.users.list({ page_size: 1000 }),
      };
    },
  },
  {
    name: FETCH,
    carries: 'nothing',
    make: (url) => ({
      get: () => fetchJson(`${url}${USER}`),
      page: () => fetchJson(`${url}${PAGE}`),
    }),
  },
  {
    name: 'fetch + timeout signal',
    carries: 'a per-call timeout',
    make: (url) => ({
      get: () => fetchWithTimeout(`${url}${USER}`),
      page: () => fetchWithTimeout(`${url}${PAGE}`),
    }),
  },
  {
    name: "undici's request()",
    carries: 'nothing',
    make(url) {
      const call = async (path: string) => {
        const { statusCode, body } = await undiciRequest(`${url}${path}`, { headers });
        if (statusCode !== 200) throw new Error(`status ${statusCode}`);
        return body.json();
      };
      return { get: () => call(USER), page: () => call(PAGE) };
    },
  },
  {
    name: 'openapi-fetch',
    carries: 'nothing',
    make(url) {
      const client = createClient<paths>({ baseUrl: url, headers });
      return {
        get: () => client.GET('/v2/users/{user_id}', { params: { path: { user_id: 'u1' } } }),
        page: () => client.GET('/v2/users', { params: { query: { page_size: 1000 } } }),
      };
    },
  },
  {
    name: 'ky',
    carries: '2 retries, 10 s timeout',
    make(url) {
      const api = ky.create({ prefixUrl: url, headers });
      return {
        get: () => api.get(USER.slice(1)).json(),
        page: () => api.get('v2/users', { searchParams: { page_size: 1000 } }).json(),
      };
    },
  },
  {
    name: 'axios',
    carries: 'nothing',
    make(url) {
      const api = axios.create({ baseURL: url, headers });
      return {
        get: () => api.get(USER).then((r) => r.data),
        page: () => api.get('/v2/users', { params: { page_size: 1000 } }).then((r) => r.data),
      };
    },
  },
  {
    name: 'Octokit core',
    carries: 'nothing',
    make(url) {
      const octokit = new Octokit({ baseUrl: url, auth: TOKEN });
      return {
        get: () =>
          octokit.request('GET /v2/users/{user_id}', { user_id: 'u1' }).then((r) => r.data),
        page: () => octokit.request('GET /v2/users', { page_size: 1000 }).then((r) => r.data),
      };
    },
  },
  {
    name: 'auth0',
    carries: '2 retries, 60 s timeout',
    make(url) {
      // The Management API's users client, as `ManagementClient` builds it, on the loopback server.
      const users = new UsersClient({ baseUrl: `${url}/api/v2`, token: TOKEN });
      return {
        get: () => users.get('u1'),
        page: () => users.list({ per_page: 1000 }),
      };
    },
  },
  {
    name: 'openai',
    carries: '2 retries, 10 min timeout',
    make(url) {
      const client = new OpenAI({ baseURL: url, apiKey: TOKEN });
      return {
        get: () => client.get(USER),
        page: () => client.get('/v2/users', { query: { page_size: 1000 } }),
      };
    },
  },
];

/** What a peer costs before its first call: its cold import, and its smallest one-call program. */
export interface PeerPackage {
  name: string;
  /** The specifiers a one-call program imports. */
  imports: string[];
  /** The smallest program that makes one call, bundled as an app would ship it. */
  oneCall: string;
  /** undici runs on Node only: its program is bundled for Node. */
  platform: 'browser' | 'node';
}

export const PEER_PACKAGES: PeerPackage[] = [
  {
    name: SDK,
    imports: ['@x/workforce', '@x/auth'],
    oneCall:
      "import { staticToken } from '@x/auth'; import { createWorkforceClient } from '@x/workforce'; export const call = (baseUrl, token) => createWorkforceClient({ baseUrl, auth: staticToken(token) }).users.get('u1');",
    platform: 'browser',
  },
  {
    name: "undici's request()",
    imports: ['undici'],
    oneCall:
      "import { request } from 'undici'; export const call = (url) => request(url).then((r) => r.body.json());",
    platform: 'node',
  },
  {
    name: 'openapi-fetch',
    imports: ['openapi-fetch'],
    oneCall:
      "import createClient from 'openapi-fetch'; export const call = (baseUrl) => createClient({ baseUrl }).GET('/v2/users/{user_id}', { params: { path: { user_id: 'u1' } } });",
    platform: 'browser',
  },
  {
    name: 'ky',
    imports: ['ky'],
    oneCall: "import ky from 'ky'; export const call = (url) => ky.get(url).json();",
    platform: 'browser',
  },
  {
    name: 'axios',
    imports: ['axios'],
    oneCall:
      "import axios from 'axios'; export const call = (url) => axios.get(url).then((r) => r.data);",
    platform: 'browser',
  },
  {
    name: 'Octokit core',
    imports: ['@octokit/core'],
    oneCall:
      "import { Octokit } from '@octokit/core'; export const call = (baseUrl) => new Octokit({ baseUrl }).request('GET /v2/users/{user_id}', { user_id: 'u1' });",
    platform: 'browser',
  },
  {
    name: 'auth0',
    imports: ['auth0'],
    oneCall:
      "import { UsersClient } from 'auth0/users'; export const call = (baseUrl, token) => new UsersClient({ baseUrl, token }).get('u1');",
    platform: 'browser',
  },
  {
    name: 'openai',
    imports: ['openai'],
    oneCall:
      "import OpenAI from 'openai'; export const call = (baseURL, apiKey) => new OpenAI({ baseURL, apiKey, dangerouslyAllowBrowser: true }).get('/v2/users/u1');",
    platform: 'browser',
  },
];
