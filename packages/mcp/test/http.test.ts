// The streamable HTTP transport, once: `x-mcp --emulator --http 0` as a child process, a client
// of the official SDK over HTTP with the bearer token the server printed, the DNS-rebinding and
// Origin guard of a loopback listener, 401 with WWW-Authenticate, and idle sessions expiring.
import { type ChildProcess, spawn } from 'node:child_process';
import { request } from 'node:http';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { getDefaultEnvironment } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveHttp } from '../src/server/http.js';
import { createMcpServer } from '../src/server/mcp-server.js';
import { READ_ONLY } from '../src/server/policy.js';
import { createToolSet } from '../src/server/registry.js';
import { data, nodeArgs, ROOT } from './helpers/stdio.js';

let child: ChildProcess;
let url: URL;
let token: string;

beforeAll(async () => {
  child = spawn(process.execPath, nodeArgs(['--emulator', '--http', '0']), {
    cwd: ROOT,
    env: getDefaultEnvironment(),
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  [url, token] = await new Promise<[URL, string]>((resolve, reject) => {
    let stderr = '';
    child.stderr?.on('data', (chunk: Buffer) => {
      stderr += chunk.toString('utf8');
      const match = /listening on (\S+)\n(?:.*\n)*?x-mcp: bearer token: (\S+)\n/.exec(stderr);
      if (match) resolve([new URL(match[1]!), match[2]!]);
    });
    child.once('exit', (code) => reject(new Error(`x-mcp exited with ${code}: ${stderr}`)));
  });
});
afterAll(() => {
  child?.kill('SIGTERM');
});

describe('streamable HTTP', () => {
  it('listens on loopback and serves a session to the holder of the printed token', async () => {
    expect(url.hostname).toBe('127.0.0.1');
    expect(token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    const anonymous = new Client({ name: 'x-mcp-test', version: '0.0.0' });
    await expect(anonymous.connect(new StreamableHTTPClientTransport(url))).rejects.toThrow();
    const client = new Client({ name: 'x-mcp-test', version: '0.0.0' });
    await client.connect(
      new StreamableHTTPClientTransport(url, {
        requestInit: { headers: { authorization: `Bearer ${token}` } },
      }),
    );
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toContain('events_search');
    const result = await client.callTool({ name: 'search_tools', arguments: { query: 'events' } });
    expect(result.isError).toBeFalsy();
    expect(JSON.stringify(data(result as never))).toContain('events_search');
    await client.close();
  });

  it('refuses a request that names another host (DNS rebinding) or comes from another origin', async () => {
    const initialize = {
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: {
        protocolVersion: '2025-06-18',
        capabilities: {},
        clientInfo: { name: 'page', version: '0' },
      },
    };
    // node:http, not fetch: fetch does not let a caller set Host.
    const send = (headers: Record<string, string>) =>
      new Promise<number>((resolve, reject) => {
        const req = request(url, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            accept: 'application/json, text/event-stream',
            authorization: `Bearer ${token}`,
            ...headers,
          },
        });
        req.once('response', (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        });
        req.once('error', reject);
        req.end(JSON.stringify(initialize));
      });
    expect(await send({ host: `evil.example:${url.port}` })).toBe(403);
    expect(await send({ origin: 'https://evil.example' })).toBe(403);
    // A page of a dev server on another loopback port is another origin.
    const other = Number(url.port) === 5173 ? 5174 : 5173;
    expect(await send({ origin: `http://localhost:${other}` })).toBe(403);
    expect(await send({ origin: `http://127.0.0.1:${other}` })).toBe(403);
    expect(await send({ origin: 'http://localhost' })).toBe(403);
    expect(await send({ origin: `http://localhost:${url.port}` })).toBe(200);
  });

  it('answers 401 with WWW-Authenticate without the token or with a wrong one', async () => {
    const post = (headers: Record<string, string>) =>
      fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          ...headers,
        },
        body: '{}',
      });
    const none = await post({});
    expect(none.status).toBe(401);
    expect(none.headers.get('www-authenticate')).toBe('Bearer realm="x-mcp"');
    const wrong = await post({ authorization: `Bearer ${token}x` });
    expect(wrong.status).toBe(401);
    expect(wrong.headers.get('www-authenticate')).toBe(
      'Bearer realm="x-mcp", error="invalid_token"',
    );
  });
});

describe('streamable HTTP sessions', () => {
  it('closes a session left idle, and keeps one in use', async () => {
    const set = await createToolSet({ env: {}, permissions: READ_ONLY });
    const newServer = () => createMcpServer(set, { revealEnrolmentSecrets: false });
    const http = await serveHttp(newServer, { port: 0, sessionIdleTimeoutMs: 400 });
    try {
      const headers = { authorization: `Bearer ${http.token}` };
      const connect = async () => {
        const client = new Client({ name: 'x-mcp-test', version: '0.0.0' });
        const transport = new StreamableHTTPClientTransport(new URL(http.url), {
          requestInit: { headers },
        });
        await client.connect(transport);
        return { client, transport };
      };
      const busy = await connect();
      const idle = await connect();
      for (let i = 0; i < 5; i++) {
        await new Promise((r) => setTimeout(r, 150));
        await busy.client.listTools();
      }
      // 750 ms without a request: the idle session is gone, the busy one still answers.
      const gone = await fetch(http.url, {
        method: 'POST',
        headers: {
          ...headers,
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          'mcp-session-id': idle.transport.sessionId!,
          'mcp-protocol-version': '2025-06-18',
        },
        body: JSON.stringify({ jsonrpc: '2.0', id: 9, method: 'tools/list' }),
      });
      expect(gone.status).toBe(404);
      expect(await gone.text()).toMatch(/expired session/);
      expect((await busy.client.listTools()).tools.length).toBeGreaterThan(0);
      await busy.client.close();
    } finally {
      await http.close();
    }
  });

  it('generates a token by default, and --no-auth serves loopback only', async () => {
    const set = await createToolSet({ env: {}, permissions: READ_ONLY });
    const newServer = () => createMcpServer(set, { revealEnrolmentSecrets: false });
    const a = await serveHttp(newServer, { port: 0 });
    const b = await serveHttp(newServer, { port: 0 });
    try {
      expect(a.token).toMatch(/^[A-Za-z0-9_-]{32}$/);
      expect(b.token).not.toBe(a.token);
    } finally {
      await a.close();
      await b.close();
    }
    const open = await serveHttp(newServer, { port: 0, noAuth: true });
    try {
      expect(open.token).toBeUndefined();
      const client = new Client({ name: 'x-mcp-test', version: '0.0.0' });
      await client.connect(new StreamableHTTPClientTransport(new URL(open.url)));
      await client.close();
    } finally {
      await open.close();
    }
    await expect(serveHttp(newServer, { port: 0, host: '0.0.0.0', noAuth: true })).rejects.toThrow(
      /--no-auth is for loopback/,
    );
  });
});

describe('streamable HTTP off loopback', () => {
  it('refuses requests that lack the token given', async () => {
    const set = await createToolSet({ env: {}, permissions: READ_ONLY });
    const newServer = () => createMcpServer(set, { revealEnrolmentSecrets: false });
    const http = await serveHttp(newServer, { port: 0, host: '127.0.0.1', token: 'let-me-in' });
    try {
      const client = new Client({ name: 'x-mcp-test', version: '0.0.0' });
      const url = new URL(http.url);
      await expect(client.connect(new StreamableHTTPClientTransport(url))).rejects.toThrow();
      const authorised = new Client({ name: 'x-mcp-test', version: '0.0.0' });
      await authorised.connect(
        new StreamableHTTPClientTransport(url, {
          requestInit: { headers: { authorization: 'Bearer let-me-in' } },
        }),
      );
      const { tools } = await authorised.listTools();
      // No family configured: only the server's own tools.
      expect(tools.map((t) => t.name)).toEqual([
        'search_tools',
        'describe_operation',
        'invoke_operation',
      ]);
      await authorised.close();
    } finally {
      await http.close();
    }
  });
});
