// A local HTTP server for unit tests: records every request and answers with a handler.
import type { IncomingMessage } from 'node:http';
import { startTestServer } from '@x/testing';

/** A request the fake server received. */
export interface RecordedRequest {
  method: string;
  url: URL;
  headers: IncomingMessage['headers'];
  body: unknown;
}

/** What the handler answers. */
export interface FakeResponse {
  status?: number;
  body?: unknown;
  headers?: Record<string, string>;
}

export interface FakeServer {
  url: string;
  requests: RecordedRequest[];
  close(): Promise<void>;
}

/** Starts a server on 127.0.0.1 with a free port (the shared @x/testing server underneath). */
export async function startFakeServer(
  handler: (request: RecordedRequest) => FakeResponse,
): Promise<FakeServer> {
  const requests: RecordedRequest[] = [];
  const server = await startTestServer((req, res) => {
    const recorded: RecordedRequest = {
      method: req.method,
      url: new URL(req.url || '/', 'http://127.0.0.1'),
      headers: req.headers,
      body: req.body ? JSON.parse(req.body) : undefined,
    };
    requests.push(recorded);
    const answer = handler(recorded);
    res.writeHead(answer.status ?? 200, {
      'content-type': 'application/json',
      ...answer.headers,
    });
    res.end(answer.body === undefined ? '' : JSON.stringify(answer.body));
  });
  return { url: server.url, requests, close: () => server.close() };
}
