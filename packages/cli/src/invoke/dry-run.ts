// `--dry-run`: the request is built by the family's own client (its checks, its paths, its
// encoding) and caught at the transport, so what is printed is exactly what would be sent.
// Nothing leaves the machine: no token is fetched either (a placeholder token stands in).
import { staticToken } from '@x/auth';
import type { ClientOptions } from '@x/runtime';

/** A request as it would be sent. */
export interface CapturedRequest {
  readonly method: string;
  readonly url: string;
  readonly headers: Record<string, string>;
  readonly body: unknown;
}

const PLACEHOLDER = 'xid-dry-run-token';

/** Thrown by the capturing transport to stop the call after the first request. */
export class DryRunStop extends Error {
  override readonly name = 'DryRunStop';
}

/** Whether an error is (or was caused by) the capturing transport's stop. */
export function isDryRunStop(error: unknown): boolean {
  for (let e: unknown = error, i = 0; e && i < 8; e = (e as { cause?: unknown }).cause, i++)
    if (e instanceof DryRunStop) return true;
  return false;
}

/** Headers whose values are secrets: shown masked. */
const SECRET_HEADER = /authorization|cookie|secret|token|api-key|apikey/i;

/** Client options that capture the first request instead of sending it. */
export function dryRunClient(): { options: Partial<ClientOptions>; captured: CapturedRequest[] } {
  const captured: CapturedRequest[] = [];
  const fetch = async (input: Request | string | URL, init?: RequestInit): Promise<Response> => {
    const request = input instanceof Request ? input : new Request(input, init);
    const text = request.body ? await request.text() : '';
    let body: unknown;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      body = text;
    }
    const headers: Record<string, string> = {};
    request.headers.forEach((value, name) => {
      headers[name] = SECRET_HEADER.test(name)
        ? name === 'authorization'
          ? `${value.split(' ')[0]} ****`
          : '****'
        : value;
    });
    captured.push({ method: request.method, url: request.url, headers, body });
    throw new DryRunStop('dry run: not sent');
  };
  return {
    options: { fetch, auth: staticToken(PLACEHOLDER), retry: false, rateLimit: false },
    captured,
  };
}

/** The request as text: the request line, the headers, a blank line and the JSON body. */
export function describeRequest(request: CapturedRequest): string {
  const lines = [`${request.method} ${request.url}`];
  for (const [name, value] of Object.entries(request.headers)) lines.push(`${name}: ${value}`);
  if (request.body !== undefined) lines.push('', JSON.stringify(request.body, null, 2));
  return `${lines.join('\n')}\n`;
}
