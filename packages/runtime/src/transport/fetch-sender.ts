// The sender over `fetch`: the global one, or the caller's (which gets the `Request` that FetchLike
// promises). One attempt under its own timeout; the body is read here, within the timeout, so a
// connection reset or a stall in the middle of the body is an attempt failure like any other.
import {
  AbortError,
  ConnectionError,
  headerNumber,
  ResponseTooLargeError,
  SdkError,
  TimeoutError,
} from '../core/errors.js';
import {
  type AttemptLimits,
  describe,
  type OutgoingRequest,
  type ReceivedResponse,
} from './wire.js';

export async function fetchSender(
  request: OutgoingRequest,
  limits: AttemptLimits,
): Promise<ReceivedResponse> {
  const { signal, context, timeoutMs } = limits;
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  const onAbort = () => controller.abort();
  signal?.addEventListener('abort', onAbort, { once: true });
  try {
    const init: RequestInit = {
      ...limits.fetchOptions,
      method: request.method,
      headers: request.headers,
      body: request.body ?? null,
      redirect: request.redirect ?? 'follow',
    };
    // The global fetch takes the URL and init as they are (a Request would be copied once more);
    // a caller's fetch gets the Request that FetchLike promises.
    const response = limits.fetch
      ? await limits.fetch(new Request(request.url, init), { signal: controller.signal })
      : await fetch(request.url, { ...init, signal: controller.signal });
    const bytes = await readAll(response, limits.maxBytes, controller, signal);
    return {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
      bytes,
    };
  } catch (error) {
    if (error instanceof SdkError)
      throw error.request ? error : error.withContext({ request: context });
    if (signal?.aborted)
      throw new AbortError('the call was aborted', { request: context, cause: signal.reason });
    if (timedOut) throw new TimeoutError(timeoutMs, { request: context });
    throw new ConnectionError(`connection failed: ${describe(error)}`, {
      request: context,
      cause: error,
    });
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', onAbort);
  }
}

/** Reads a whole body, refusing one larger than the client's limit. */
async function readAll(
  response: Response,
  maxBytes: number,
  controller: AbortController,
  callerSignal?: AbortSignal,
): Promise<Uint8Array<ArrayBuffer>> {
  const declared = headerNumber(response.headers.get('content-length'));
  if (declared !== undefined && declared > maxBytes) {
    controller.abort();
    throw new ResponseTooLargeError(
      `response body of ${declared} bytes exceeds the limit of ${maxBytes}`,
    );
  }
  if (!response.body) return new Uint8Array(0);
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let total = 0;
  const reader = response.body.getReader();
  for (;;) {
    let next: ReadableStreamReadResult<Uint8Array>;
    try {
      next = await reader.read();
    } catch (error) {
      // An error response whose body was cut off (connection lost, or stalled past the timeout)
      // is still that error: keep what arrived, so the caller gets the class of its status. A
      // success body must be complete, so there the failure stands. The caller's abort always wins.
      if (response.ok || callerSignal?.aborted) throw error;
      break;
    }
    const { done, value } = next;
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw new ResponseTooLargeError(`response body exceeds the limit of ${maxBytes} bytes`);
    }
    chunks.push(value as Uint8Array<ArrayBuffer>);
  }
  if (chunks.length === 1) return chunks[0]!;
  const out = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return out;
}
