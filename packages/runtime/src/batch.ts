// The 1-to-1000-id operations: any number of ids, deduplicated, sent in sequential chunks.
import { SdkError, ValidationError } from './errors.js';

/** The platform's per-request id limit. */
export const MAX_IDS_PER_REQUEST = 1000;

/** Thrown when one chunk of a batch fails: says which, with its ids, and what already succeeded. */
export class BatchError extends SdkError {
  override readonly name: string = 'BatchError';
  /** Zero-based index of the chunk that failed. */
  readonly chunkIndex: number;
  /** The ids the failed chunk held. */
  readonly failedIds: readonly string[];
  /** Ids of the chunks that succeeded before it. */
  readonly succeededIds: readonly string[];
  /** Ids not attempted after the failure. */
  readonly pendingIds: readonly string[];
  constructor(cause: unknown, chunkIndex: number, chunks: readonly (readonly string[])[]) {
    const why = cause instanceof Error ? cause.message : String(cause);
    super(
      `batch chunk ${chunkIndex + 1} of ${chunks.length} (${chunks[chunkIndex]?.length ?? 0} ids) failed: ${why}`,
      {
        cause,
        request: cause instanceof SdkError ? cause.request : undefined,
      },
    );
    this.chunkIndex = chunkIndex;
    this.failedIds = chunks[chunkIndex] ?? [];
    this.succeededIds = chunks.slice(0, chunkIndex).flat();
    this.pendingIds = chunks.slice(chunkIndex + 1).flat();
  }
  override toJSON() {
    return { ...super.toJSON(), chunkIndex: this.chunkIndex, failedIds: this.failedIds };
  }
}

/** Checks ids from possibly untyped callers, and removes duplicates keeping first occurrences. */
export function uniqueIds(ids: unknown, field = 'ids'): string[] {
  if (!Array.isArray(ids)) throw new ValidationError(field, 'must be an array of id strings');
  const seen = new Set<string>();
  ids.forEach((id, i) => {
    if (typeof id !== 'string' || id === '')
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

/**
 * Deduplicates `ids`, splits them into chunks of at most `size`, and runs `send` for each chunk
 * in order. Stops at the first failure with a BatchError. Returns each chunk's result.
 */
export async function runBatches<R>(
  ids: unknown,
  send: (chunkIds: string[], index: number) => Promise<R>,
  options: { size?: number; field?: string; allowEmpty?: boolean } = {},
): Promise<R[]> {
  const unique = uniqueIds(ids, options.field);
  if (unique.length === 0 && !options.allowEmpty)
    throw new ValidationError(options.field ?? 'ids', 'must hold at least one id');
  const chunks = chunk(unique, options.size);
  const results: R[] = [];
  for (const [index, ids] of chunks.entries()) {
    try {
      results.push(await send(ids, index));
    } catch (error) {
      throw new BatchError(error, index, chunks);
    }
  }
  return results;
}
