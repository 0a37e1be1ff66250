// An API that allows `limit` requests per fixed window and says so in RateLimit-* headers on every
// answer, as the platform does for a tenant: what the shared budget is measured against.
import { createServer, type Server } from 'node:http';

/** A running rate-limited API. */
export interface LimitedApi {
  readonly url: string;
  /** The status of every answer, in order. */
  statuses(): number[];
  close(): Promise<void>;
}

export async function startLimitedApi(
  limit: number,
  windowMs: number,
  /** How long the very first answer is held back (a slow first answer: a cold fleet's learner). */
  firstAnswerDelayMs = 0,
): Promise<LimitedApi> {
  let windowEnd = 0;
  let count = 0;
  const statuses: number[] = [];
  const server: Server = createServer((req, res) => {
    req.resume();
    const now = Date.now();
    if (now >= windowEnd) {
      windowEnd = now + windowMs;
      count = 0;
    }
    count++;
    const status = count > limit ? 429 : 200;
    statuses.push(status);
    // As the request was handled: a held-back answer tells what was true then.
    const remaining = String(Math.max(0, limit - count));
    const resetSeconds = String(Math.ceil((windowEnd - now) / 1000));
    const answer = () =>
      res
        .writeHead(status, {
          'content-type': 'application/json',
          'ratelimit-limit': String(limit),
          'ratelimit-remaining': remaining,
          'ratelimit-reset': resetSeconds,
          ...(status === 429 ? { 'retry-after': resetSeconds } : {}),
        })
        .end(JSON.stringify(status === 200 ? { ok: true } : { code: 'too_many_requests' }));
    if (statuses.length === 1 && firstAnswerDelayMs > 0) setTimeout(answer, firstAnswerDelayMs);
    else answer();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    statuses: () => [...statuses],
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
