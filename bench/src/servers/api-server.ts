// The loopback API server the benchmarks call, run in its own process so that its work never
// shares a thread with the client being measured. Started by `startServer` (lib/server.ts); prints
// `{"port":…}` once listening, then serves until its parent disconnects.
//
// Routes:
//   GET  /v2/users/{id}     a small user (family W)
//   GET  /v2/users          a page of `page_size` (or `per_page`) users (at most 1000), total_size
//   GET  /api/v2/users/…    the same as /v2/users/… (auth0's Management API paths)
//   GET  /v1/events         `--total` events in pages of `page_size`, cursor paging, `--delay` ms per page
//   POST /oauth2/token      a client-credentials token after `--token-delay` ms (counted)
//   GET  /limited/{id}      a fixed-window rate limit of `--limit` requests per `--window` ms
//   GET  /stats             counters: token requests, 429s, limited requests served
import { createServer, type ServerResponse } from 'node:http';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: {
    delay: { type: 'string', default: '0' },
    total: { type: 'string', default: '100000' },
    'token-delay': { type: 'string', default: '5' },
    limit: { type: 'string', default: '250' },
    window: { type: 'string', default: '1000' },
  },
});
const delayMs = Number(values.delay);
const totalEvents = Number(values.total);
const tokenDelayMs = Number(values['token-delay']);
const limit = Number(values.limit);
const windowMs = Number(values.window);

// The proactive limiter reads these on every response; a budget it never exhausts.
const RELAXED_LIMIT = {
  'ratelimit-limit': '1000000',
  'ratelimit-remaining': '999999',
  'ratelimit-reset': '60',
};

const user = (i: number) =>
  `{"id":"u${i}","external_id":"crm-${i}","username":"user${i}","display_name":"User ${i}","status":"ACTIVE","create_time":"2024-01-01T00:00:00Z","update_time":"2024-01-02T00:00:00Z"}`;
const userPages = new Map<number, string>();
function usersPage(size: number): string {
  let body = userPages.get(size);
  if (!body) {
    const items: string[] = [];
    for (let i = 0; i < size; i++) items.push(user(i));
    body = `{"users":[${items.join(',')}],"total_size":${size * 10}}`;
    userPages.set(size, body);
  }
  return body;
}

const event = (n: number) =>
  `{"id":"ev-${n}","event_type":"USER_CHANGE","event_recorded_millis":${1_700_000_000_000 + n},"event_occurred_millis":${1_700_000_000_000 + n},"outcome":"SUCCESS","emitting_service":"directory","correlation_id":"c-${n}","actor":{"name":"Ada Lovelace"},"attested":true,"data":{"type_name":"UserChange","user_id":"u${n % 977}"}}`;
// The events pages are serialised once, before the server reports its port, and kept as bytes
// with their headers (totals up to 200,000): answering a page then costs one socket write, so the
// paging figures measure the client and the configured delay, not this server. Larger totals (the
// export's memory check) build each page per request.
const EVENTS_HEADERS = { 'content-type': 'application/json', ...RELAXED_LIMIT };
const eventPages = new Map<string, Buffer>();
function eventsPage(offset: number, size: number): Buffer {
  const key = `${offset}:${size}`;
  const cached = eventPages.get(key);
  if (cached) return cached;
  const body = Buffer.from(buildEventsPage(offset, size));
  if (totalEvents <= 200_000) eventPages.set(key, body);
  return body;
}
function buildEventsPage(offset: number, size: number): string {
  const end = Math.min(totalEvents, offset + size);
  const items: string[] = [];
  for (let n = offset; n < end; n++) items.push(event(n));
  const cursor = end < totalEvents ? `"cursor":"${end}",` : '';
  return `{"message":"OK","body":{${cursor}"events":[${items.join(',')}]}}`;
}
// The benchmarks page in 1000s; ask for other sizes and they are built on first use.
if (totalEvents <= 200_000) for (let at = 0; at < totalEvents; at += 1000) eventsPage(at, 1000);

function sendBytes(res: ServerResponse, body: Buffer, headers: Record<string, string>) {
  res.writeHead(200, { ...headers, 'content-length': body.byteLength });
  res.end(body);
}

let tokenRequests = 0;
let limitedServed = 0;
let tooMany = 0;
let windowStart = 0;
let windowCount = 0;
/** When each window of /limited/ began and when the last request was served (epoch ms). */
let windowStarts: number[] = [];
let lastServedAt = 0;

function json(res: ServerResponse, status: number, body: string, headers: Record<string, string>) {
  res.writeHead(status, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(body),
    ...headers,
  });
  res.end(body);
}

const server = createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://localhost');
  // Peers whose client puts the API under `/api` (auth0's Management API) get the same routes.
  const path = url.pathname.startsWith('/api/v2/') ? url.pathname.slice(4) : url.pathname;
  if (req.method === 'POST' && path === '/oauth2/token') {
    req.resume();
    req.on('end', () => {
      tokenRequests++;
      const body = `{"access_token":"bench-token-${tokenRequests}","token_type":"Bearer","expires_in":3600}`;
      setTimeout(() => json(res, 200, body, {}), tokenDelayMs);
    });
    return;
  }
  if (path === '/stats') {
    const first = windowStarts[0] ?? 0;
    json(
      res,
      200,
      JSON.stringify({
        tokenRequests,
        tooMany,
        limitedServed,
        windowStartsMs: windowStarts.map((t) => t - first),
        lastServedMs: lastServedAt - first,
        firstWindowAt: first,
      }),
      {},
    );
    return;
  }
  if (path === '/stats/reset') {
    tokenRequests = 0;
    tooMany = 0;
    limitedServed = 0;
    windowStart = 0;
    windowCount = 0;
    windowStarts = [];
    lastServedAt = 0;
    json(res, 200, '{}', {});
    return;
  }
  if (path.startsWith('/limited/')) {
    const now = Date.now();
    if (windowStart === 0 || now - windowStart >= windowMs) {
      windowStart = now;
      windowCount = 0;
      windowStarts.push(now);
    }
    const resetSeconds = String(Math.max(0, windowStart + windowMs - now) / 1000);
    const headers = {
      'ratelimit-limit': String(limit),
      'ratelimit-remaining': String(Math.max(0, limit - windowCount - 1)),
      'ratelimit-reset': resetSeconds,
    };
    if (windowCount >= limit) {
      tooMany++;
      json(res, 429, '{"code":"RESOURCE_EXHAUSTED","message":"rate limited"}', {
        ...headers,
        'ratelimit-remaining': '0',
      });
      return;
    }
    windowCount++;
    limitedServed++;
    lastServedAt = now;
    json(res, 200, user(1), headers);
    return;
  }
  if (path === '/v1/events') {
    const offset = Number(url.searchParams.get('cursor') ?? '0');
    const size = Number(url.searchParams.get('page_size') ?? '100');
    const body = eventsPage(offset, size);
    if (delayMs > 0) setTimeout(() => sendBytes(res, body, EVENTS_HEADERS), delayMs);
    else sendBytes(res, body, EVENTS_HEADERS);
    return;
  }
  if (path === '/v2/users') {
    const asked = url.searchParams.get('page_size') ?? url.searchParams.get('per_page') ?? '100';
    const size = Math.min(1000, Number(asked));
    json(res, 200, usersPage(size), RELAXED_LIMIT);
    return;
  }
  if (path.startsWith('/v2/users/')) {
    json(res, 200, user(1), RELAXED_LIMIT);
    return;
  }
  json(res, 404, '{"code":"NOT_FOUND","message":"no such route"}', {});
});
server.keepAliveTimeout = 60_000;
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  process.stdout.write(
    `${JSON.stringify({ port: typeof address === 'object' && address ? address.port : 0 })}\n`,
  );
});
// The parent owns this process: when it goes away, so does the server.
process.on('disconnect', () => process.exit(0));
