// A scripted fetch for tests that need fake timers: no sockets, every call recorded.
import type { FetchLike } from '@x/runtime';

export interface FetchCall {
  method: string;
  url: string;
  headers: Headers;
  body: string;
}

export type Responder = (
  call: FetchCall,
  index: number,
  signal: AbortSignal | undefined,
) => Response | Promise<Response>;

export interface ScriptedFetch {
  fetch: FetchLike;
  calls: FetchCall[];
}

/** Answers call i with `responders[i]` (the last one repeats). */
export function scriptedFetch(...responders: Responder[]): ScriptedFetch {
  const calls: FetchCall[] = [];
  const fetch: FetchLike = async (request, init) => {
    const call: FetchCall = {
      method: request.method,
      url: request.url,
      headers: request.headers,
      body: request.body ? await request.text() : '',
    };
    const index = calls.length;
    calls.push(call);
    const responder = responders[Math.min(index, responders.length - 1)]!;
    return responder(call, index, init?.signal ?? undefined);
  };
  return { fetch, calls };
}

export function jsonResponse(
  status: number,
  body: unknown = {},
  headers: Record<string, string> = {},
): Response {
  return new Response(status === 204 ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });
}

/** A fetch that never answers until its signal aborts (a server that never sends headers). */
export function hang(_call: FetchCall, _index: number, signal: AbortSignal | undefined) {
  return new Promise<Response>((_resolve, reject) => {
    signal?.addEventListener('abort', () => reject(signal.reason), { once: true });
  });
}

/** A lost connection, as undici reports it. */
export function reset(): never {
  throw new TypeError('fetch failed', { cause: new Error('other side closed') });
}
