// The streamable HTTP transport: one MCP session per client, on loopback by default. A local web
// page must not be able to drive the server (DNS rebinding): on loopback, requests must name a
// loopback host, and a browser's Origin must be a loopback one. Listening elsewhere requires a
// bearer token (X_MCP_HTTP_TOKEN), since the server holds administrator credentials.
import { randomUUID, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';

/** Where and how to listen. */
export interface HttpOptions {
  /** Port; 0 takes any free port. */
  readonly port: number;
  /** Address; default 127.0.0.1. */
  readonly host?: string | undefined;
  /** A bearer token every request must carry; required when the host is not loopback. */
  readonly token?: string | undefined;
}

/** A listening HTTP transport. */
export interface HttpServer {
  /** The MCP endpoint (`http://127.0.0.1:PORT/mcp`). */
  readonly url: string;
  /** Closes every session and stops listening. */
  close(): Promise<void>;
}

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '::1', '[::1]']);
const ENDPOINT = '/mcp';

/** Whether a listening address is loopback only. */
export const isLoopback = (host: string): boolean => LOOPBACK_HOSTS.has(host);

/**
 * Serves MCP over streamable HTTP at `/mcp`, with a new server from `newServer` per session.
 * @throws Error when the host is not loopback and no token is given.
 */
export async function serveHttp(
  newServer: () => McpServer,
  options: HttpOptions,
): Promise<HttpServer> {
  const host = options.host ?? '127.0.0.1';
  const loopback = isLoopback(host);
  if (!loopback && !options.token)
    throw new Error(`listening on ${host} (not loopback) needs a token: set X_MCP_HTTP_TOKEN`);
  const sessions = new Map<
    string,
    { transport: StreamableHTTPServerTransport; server: McpServer }
  >();

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname !== ENDPOINT) return reply(res, 404, `the MCP endpoint is ${ENDPOINT}`);
    const refusal = refuse(req, loopback, options.token);
    if (refusal) return reply(res, refusal.status, refusal.message);
    const id = header(req, 'mcp-session-id');
    if (id !== undefined) {
      const session = sessions.get(id);
      if (!session) return reply(res, 404, 'unknown or closed session; initialize a new one');
      return session.transport.handleRequest(req, res);
    }
    if (req.method !== 'POST') return reply(res, 400, 'a session starts with an initialize POST');
    const server = newServer();
    const transport: StreamableHTTPServerTransport = new StreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (sessionId) => {
        sessions.set(sessionId, { transport, server });
      },
    });
    transport.onclose = () => {
      if (transport.sessionId) sessions.delete(transport.sessionId);
    };
    await server.connect(transport);
    await transport.handleRequest(req, res);
    // A first request that was not an initialize opened no session: nothing to keep.
    if (transport.sessionId === undefined) await server.close();
  };

  const http = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      process.stderr.write(`x-mcp: HTTP request failed: ${(error as Error).message}\n`);
      if (!res.headersSent) reply(res, 500, 'internal error');
      else res.end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    http.once('error', reject);
    http.listen(options.port, host, () => resolve());
  });
  const { port } = http.address() as AddressInfo;
  const shown = host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
  return {
    url: `http://${shown}:${port}${ENDPOINT}`,
    async close() {
      for (const { server } of sessions.values()) await server.close().catch(() => undefined);
      sessions.clear();
      await new Promise<void>((resolve) => {
        http.close(() => resolve());
        http.closeAllConnections();
      });
    },
  };
}

/** Why a request is refused (Host, Origin, token), or undefined. */
function refuse(
  req: IncomingMessage,
  loopback: boolean,
  token: string | undefined,
): { status: number; message: string } | undefined {
  if (loopback) {
    const hostname = hostnameOf(header(req, 'host'));
    if (hostname === undefined || !LOOPBACK_HOSTS.has(hostname))
      return { status: 403, message: 'the Host header must name a loopback address' };
    const origin = header(req, 'origin');
    if (origin !== undefined && !LOOPBACK_HOSTS.has(hostnameOf(safeHost(origin)) ?? ''))
      return { status: 403, message: 'requests from web pages of other origins are refused' };
  }
  if (token !== undefined) {
    const given = /^Bearer (.+)$/i.exec(header(req, 'authorization') ?? '')?.[1] ?? '';
    const a = Buffer.from(given);
    const b = Buffer.from(token);
    if (a.length !== b.length || !timingSafeEqual(a, b))
      return { status: 401, message: 'a valid bearer token is required' };
  }
  return undefined;
}

function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** `localhost` of `localhost:3000`, `::1` of `[::1]:3000`. */
function hostnameOf(host: string | undefined): string | undefined {
  if (!host) return undefined;
  const bracket = /^\[([^\]]+)\]/.exec(host);
  if (bracket) return bracket[1];
  return host.split(':')[0]?.toLowerCase();
}

function safeHost(origin: string): string | undefined {
  try {
    return new URL(origin).host;
  } catch {
    return undefined;
  }
}

function reply(res: ServerResponse, status: number, message: string): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message }, id: null }));
}
