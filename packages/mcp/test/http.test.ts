// The streamable HTTP transport, once: `x-mcp --emulator --http 0` as a child process, a client
// of the official SDK over HTTP, and the DNS-rebinding guard of a loopback listener.
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

beforeAll(async () => {
  child = spawn(process.execPath, nodeArgs(['--emulator', '--http', '0']), {
    cwd: ROOT,
    env: getDefaultEnvironment(),
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  url = await new Promise<URL>((resolve, reject) => {
    let stderr = '';
    child.stderr?.on('data', (chunk: Buffer) => {
      stderr += chunk.toString('utf8');
      const match = /listening on (\S+)/.exec(stderr);
      if (match) resolve(new URL(match[1]!));
    });
    child.once('exit', (code) => reject(new Error(`x-mcp exited with ${code}: ${stderr}`)));
  });
});
afterAll(() => {
  child?.kill('SIGTERM');
});

describe('streamable HTTP', () => {
  it('listens on loopback and serves a session', async () => {
    expect(url.hostname).toBe('127.0.0.1');
    const client = new Client({ name: 'x-mcp-test', version: '0.0.0' });
    await client.connect(new StreamableHTTPClientTransport(url));
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
    expect(await send({ origin: `http://localhost:${url.port}` })).toBe(200);
  });
});

describe('streamable HTTP off loopback', () => {
  it('will not listen without a token, and with one refuses requests that lack it', async () => {
    const set = await createToolSet({ env: {}, permissions: READ_ONLY });
    const newServer = () => createMcpServer(set, { revealEnrolmentSecrets: false });
    await expect(serveHttp(newServer, { port: 0, host: '0.0.0.0' })).rejects.toThrow(
      /X_MCP_HTTP_TOKEN/,
    );
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
