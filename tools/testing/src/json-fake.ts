// A JSON API fake over the shared test server: every request is recorded with its body parsed,
// and a handler answers with a status, a JSON body and headers. For family tests of paging and
// batching, which look at what was sent and script what comes back.
import type { IncomingMessage } from 'node:http';
import { startTestServer } from './server.js';

/** A request the fake received, its JSON body parsed. */
export interface JsonRequest {
  method: string;
  url: URL;
  headers: IncomingMessage['headers'];
  body: unknown;
}

/** What the fake answers: status (default 200), JSON body (none when undefined) and headers. */
export interface JsonAnswer {
  status?: number;
  body?: unknown;
  headers?: Record<string, string>;
}

export type JsonHandler = (request: JsonRequest) => JsonAnswer;

export interface JsonFake {
  url: string;
  /** Every request received, in order. */
  requests: JsonRequest[];
  close(): Promise<void>;
}

/** Starts a JSON fake on 127.0.0.1 with a free port. */
export async function startJsonFake(handler: JsonHandler): Promise<JsonFake> {
  const requests: JsonRequest[] = [];
  const server = await startTestServer((req, res) => {
    const request: JsonRequest = {
      method: req.method,
      url: new URL(req.url || '/', 'http://127.0.0.1'),
      headers: req.headers,
      body: req.body ? JSON.parse(req.body) : undefined,
    };
    requests.push(request);
    const answer = handler(request);
    const payload = answer.body === undefined ? '' : JSON.stringify(answer.body);
    res.writeHead(answer.status ?? 200, {
      'content-type': 'application/json',
      'content-length': Buffer.byteLength(payload),
      ...answer.headers,
    });
    res.end(payload);
  });
  return { url: server.url, requests, close: () => server.close() };
}
