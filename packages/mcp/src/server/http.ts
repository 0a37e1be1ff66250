// The streamable HTTP transport: one MCP session per client, on loopback by default. The server
// holds administrator credentials, so every request carries a bearer token by default, even on
// loopback (any local process or web page can reach loopback): the caller's (X_MCP_HTTP_TOKEN) or
// one generated and printed at start, as Jupyter does; `--no-auth` turns it off on loopback only.
// A local web page must not drive the server either (DNS rebinding): on loopback, requests must
// name a loopback host, and a browser's Origin must be the server's own origin (a page served from
// another loopback port is another origin). Idle sessions expire.
import { randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
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
  /** The bearer token every request must carry; default a new one (see `HttpServer.token`). */
  readonly token?: string | undefined;
  /** No token on loopback (refused for any other host). Default false. */
  readonly noAuth?: boolean | undefined;
  /** A session unused this long (ms) is closed; default 30 minutes. */
  readonly sessionIdleTimeoutMs?: number | undefined;
}

/** The default idle time after which a session is closed: 30 minutes. */
export const DEFAULT_SESSION_IDLE_TIMEOUT_MS = 30 * 60_000;

/** A listening HTTP transport. */
export interface HttpServer {
  /** The MCP endpoint (`http://127.0.0.1:PORT/mcp`). */
  readonly url: string;
  /** The bearer token requests must carry, or undefined with `noAuth`. */
  readonly token: string | undefined;
  /** Closes every session and stops listening. */
  close(): Promise<void>;
}

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '::1', '[::1]']);
const ENDPOINT = '/mcp';

/** Whether a listening address is loopback only. */
export const isLoopback = (host: string): boolean => LOOPBACK_HOSTS.has(host);

/**
 * Serves MCP over streamable HTTP at `/mcp`, with a new server from `newServer` per session.
 * @throws Error when `noAuth` is asked for a host that is not loopback.
 */
export async function serveHttp(
  newServer: () => McpServer,
  options: HttpOptions,
): Promise<HttpServer> {
  const host = options.host ?? '127.0.0.1';
  const loopback = isLoopback(host);
  if (!loopback && options.noAuth)
    throw new Error(`listening on ${host} (not loopback) needs a token: --no-auth is for loopback`);
  const token = options.noAuth ? undefined : options.token || randomBytes(24).toString('base64url');
  const idleMs = options.sessionIdleTimeoutMs ?? DEFAULT_SESSION_IDLE_TIMEOUT_MS;
  if (!(idleMs > 0)) throw new Error('the session idle timeout must be positive');
  const sessions = new Map<
    string,
    { transport: StreamableHTTPServerTransport; server: McpServer; lastSeen: number }
  >();
  const expire = () => {
    const now = Date.now();
    for (const [id, session] of sessions)
      if (now - session.lastSeen >= idleMs) {
        sessions.delete(id);
        session.server.close().catch(() => undefined);
      }
  };
  // Sweeps often enough to close a session within about 1.25 idle times; never keeps Node alive.
  const sweeper = setInterval(expire, Math.max(10, Math.min(idleMs / 4, 60_000)));
  sweeper.unref();
  let port = 0;

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname !== ENDPOINT) return reply(res, 404, `the MCP endpoint is ${ENDPOINT}`);
    const refusal = refuse(req, loopback, port, token);
    if (refusal) return reply(res, refusal.status, refusal.message, refusal.headers);
    const id = header(req, 'mcp-session-id');
    if (id !== undefined) {
      expire();
      const session = sessions.get(id);
      if (!session)
        return reply(res, 404, 'unknown, closed or expired session; initialize a new one');
      session.lastSeen = Date.now();
      return session.transport.handleRequest(req, res);
    }
    if (req.method !== 'POST') return reply(res, 400, 'a session starts with an initialize POST');
    const server = newServer();
    const transport: StreamableHTTPServerTransport = new StreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (sessionId) => {
        sessions.set(sessionId, { transport, server, lastSeen: Date.now() });
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
  port = (http.address() as AddressInfo).port;
  const shown = host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
  return {
    url: `http://${shown}:${port}${ENDPOINT}`,
    token,
    async close() {
      clearInterval(sweeper);
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
  port: number,
  token: string | undefined,
): { status: number; message: string; headers?: Record<string, string> } | undefined {
  if (loopback) {
    const hostname = hostnameOf(header(req, 'host'));
    if (hostname === undefined || !LOOPBACK_HOSTS.has(hostname))
      return { status: 403, message: 'the Host header must name a loopback address' };
  }
  const origin = header(req, 'origin');
  if (origin !== undefined && !sameOrigin(origin, header(req, 'host'), loopback, port))
    return { status: 403, message: 'requests from web pages of other origins are refused' };
  if (token !== undefined) {
    const presented = /^Bearer (.+)$/i.exec(header(req, 'authorization') ?? '')?.[1];
    const a = Buffer.from(presented ?? '');
    const b = Buffer.from(token);
    if (a.length !== b.length || !timingSafeEqual(a, b))
      return {
        status: 401,
        message: 'a valid bearer token is required (the one x-mcp printed at start)',
        // RFC 6750: the scheme, and `invalid_token` when one was presented.
        headers: {
          'www-authenticate':
            presented === undefined
              ? 'Bearer realm="x-mcp"'
              : 'Bearer realm="x-mcp", error="invalid_token"',
        },
      };
  }
  return undefined;
}

/**
 * Whether a browser's Origin is the server's own: on loopback, a loopback host on the server's
 * port (a page of a dev server on another loopback port is another origin); elsewhere, the host
 * the request was sent to.
 */
function sameOrigin(
  origin: string,
  host: string | undefined,
  loopback: boolean,
  port: number,
): boolean {
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  if (url.protocol !== 'http:') return false;
  const originPort = url.port === '' ? 80 : Number(url.port);
  if (loopback) return LOOPBACK_HOSTS.has(url.hostname.toLowerCase()) && originPort === port;
  return host !== undefined && url.host.toLowerCase() === host.toLowerCase();
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

function reply(
  res: ServerResponse,
  status: number,
  message: string,
  headers: Record<string, string> = {},
): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message }, id: null }));
}
