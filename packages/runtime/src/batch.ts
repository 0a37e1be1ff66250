// The 1-to-1000-id operations: any number of ids, deduplicated, sent in sequential chunks. One
// list of ids, or several kinds at once (a role's group and identity ids), where request i carries
// chunk i of each kind. A chunk that fails throws its own error (ConflictError, …) with `batch`
// saying which chunk failed, its ids, what succeeded before, what was not attempted, and (the one
// list to retry) every id not applied: the failed chunk's and the pending ones.
import { ApiPromise } from './core/api-promise.js';
import { type BatchContext, SdkError, ValidationError } from './core/errors.js';
import { ResponseInfo } from './core/response-info.js';

/** The platform's per-request id limit. */
export const MAX_IDS_PER_REQUEST = 1000;

/** Checks ids from possibly untyped callers, and removes duplicates keeping first occurrences. */
export function uniqueIds(ids: unknown, field = 'ids'): string[] {
  if (!Array.isArray(ids)) throw new ValidationError(field, 'must be an array of id strings');
  const seen = new Set<string>();
  ids.forEach((id, i) => {
    if (typeof id !== 'string' || id.trim() === '')
      throw new ValidationError(`${field}[${i}]`, 'must be a non-empty string');
    seen.add(id);
  });
  return [...seen];
}

/** Splits into chunks of at most `size`. */
export function chunk<T>(items: readonly T[], size = MAX_IDS_PER_REQUEST): T[][] {
  if (!Number.isInteger(size) || size < 1)
    throw new ValidationError('size', 'must be a positive integer');
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** Options of a batch. */
export interface BatchOptions {
  /** Ids per request. Default 1000. */
  size?: number | undefined;
  /** The argument's name in errors, for a single list of ids. Default `ids`. */
  field?: string | undefined;
  /**
   * Allow an empty batch (no request is sent; its `withResponse()` gives status 204, no headers
   * and 0 attempts). Default false.
   */
  allowEmpty?: boolean | undefined;
}

/**
 * Deduplicates `ids`, splits them into chunks of at most `size`, and runs `send` for each chunk
 * in order, stopping at the first failure. Returns each chunk's result.
 */
export async function runBatches<R>(
  ids: unknown,
  send: (chunkIds: string[], index: number) => Promise<R>,
  options: BatchOptions = {},
): Promise<R[]> {
  const field = options.field ?? 'ids';
  const chunks = chunk(uniqueIds(ids, field), options.size);
  if (chunks.length === 0 && !options.allowEmpty)
    throw new ValidationError(field, 'must hold at least one id');
  return inOrder(chunks, send, (ids) => ids);
}

/**
 * Several kinds of ids in one batch (each kind deduplicated and chunked on its own): request i
 * carries chunk i of every kind that has one. Empty kinds are left out; at least one id overall.
 */
export async function runKindBatches<K extends string, R>(
  kinds: Partial<Record<K, unknown>>,
  send: (chunk: Partial<Record<K, string[]>>, index: number) => Promise<R>,
  options: { size?: number | undefined; field: string },
): Promise<R[]> {
  if (kinds === null || typeof kinds !== 'object' || Array.isArray(kinds))
    throw new ValidationError(options.field, 'must be an object');
  const chunked = Object.entries(kinds)
    .filter(([, ids]) => ids !== undefined)
    .map(([kind, ids]) => [kind as K, chunk(uniqueIds(ids, kind), options.size)] as const);
  const count = Math.max(0, ...chunked.map(([, chunks]) => chunks.length));
  if (count === 0) throw new ValidationError(options.field, 'must hold at least one id');
  const requests = Array.from({ length: count }, (_, i) => {
    const request: Partial<Record<K, string[]>> = {};
    for (const [kind, chunks] of chunked) if (chunks[i]) request[kind] = chunks[i];
    return request;
  });
  return inOrder(requests, send, (request) =>
    Object.values<string[] | undefined>(request).flatMap((ids) => ids ?? []),
  );
}

/** Sends the requests one after another; a failure gets the batch context. */
async function inOrder<T, R>(
  requests: readonly T[],
  send: (request: T, index: number) => Promise<R>,
  idsOf: (request: T) => readonly string[],
): Promise<R[]> {
  const results: R[] = [];
  for (const [index, request] of requests.entries()) {
    try {
      results.push(await send(request, index));
    } catch (error) {
      if (!(error instanceof SdkError)) throw error;
      const chunkIds = idsOf(request);
      const pendingIds = requests.slice(index + 1).flatMap(idsOf);
      const batch: BatchContext = {
        chunkIndex: index,
        chunkCount: requests.length,
        chunkIds,
        succeededIds: requests.slice(0, index).flatMap(idsOf),
        pendingIds,
        notAppliedIds: [...chunkIds, ...pendingIds],
      };
      throw error.withContext({ batch });
    }
  }
  return results;
}

/**
 * The response of a batch that sent nothing (an empty batch with `allowEmpty`): no content, no
 * headers, zero attempts. Its headers make no `Headers` until read (that would load fetch).
 */
const NOTHING_SENT = /* @__PURE__ */ new ResponseInfo(
  204,
  {
    get: () => null,
    [Symbol.iterator]: () => [][Symbol.iterator](),
    toHeaders: () => new Headers(),
  },
  { method: 'NONE', attempts: 0 },
);

/** Reads a chunk's call for its data, keeping its response as the batch's latest. */
export type TrackCall = <X>(call: ApiPromise<X>) => Promise<X>;

/**
 * A batch as one call: `run` sends its chunks through `track`, and the batch's `withResponse()`
 * gives the response of the last request sent (status, headers, request id, rate-limit budget and
 * attempts of the request whose answer is the batch's data).
 * @throws through the promise: a refusal of the ids (ValidationError), or a chunk's own error.
 */
export function batchCall<T>(run: (track: TrackCall) => Promise<T>): ApiPromise<T> {
  let last: ResponseInfo | undefined;
  const track: TrackCall = async (call) => {
    const { data, response } = await call.withResponse();
    last = response;
    return data;
  };
  const result = (async () => {
    const data = await run(track);
    return { data, response: last ?? NOTHING_SENT };
  })();
  return new ApiPromise(result);
}
