// The id lists of family A requests. Membership-like changes (group members, role scopes, SSO
// configuration associations) take any number of ids: the runtime drops duplicates and sends at
// most 1000 per request, one after another, and the last answer is the parent as the whole batch
// left it. All-or-nothing requests (identities:batchDelete, a batch credential binding job) take
// one list of at most 1000 ids, sent as it is: splitting it would break all or nothing.
import { type ApiPromise, ValidationError } from '@x/runtime';
import { MAX_IDS_PER_REQUEST } from '@x/runtime/internal';
import type { AccessApi } from '../api.js';

/** Most ids one request takes. */
export const MAX_IDS = MAX_IDS_PER_REQUEST;

/**
 * Sends `ids` in chunks through `send` and returns the last chunk's answer; its `withResponse()`
 * gives the last request's response.
 * @throws ValidationError naming `field` (or `field[i]`) for an empty list or a bad id, before
 * anything is sent; a failed chunk's own error (NotFoundError, …) with `batch` set.
 */
export function inChunks<R>(
  api: AccessApi,
  ids: readonly string[],
  field: string,
  send: (chunk: string[]) => ApiPromise<R>,
): ApiPromise<R> {
  // The batch refuses an empty list, so there is always a last answer.
  return api.batch(ids, (chunk) => send(chunk), { field }).map((results) => results.at(-1)!);
}

/**
 * One request's ids, checked: 1 to `max` non-empty strings. With `unique`, a repeated id is
 * refused (naming the repeat and the first one) instead of being dropped, for requests that the
 * server fails as a whole on a repeat.
 * @throws ValidationError naming `field` or `field[i]`.
 */
export function idList(
  ids: unknown,
  field: string,
  options: { unique?: boolean | undefined } = {},
): string[] {
  if (!Array.isArray(ids)) throw new ValidationError(field, 'must be an array of id strings');
  if (ids.length === 0) throw new ValidationError(field, 'must hold at least one id');
  if (ids.length > MAX_IDS)
    throw new ValidationError(
      field,
      `must hold at most ${MAX_IDS} ids (${ids.length} given): the request is all or nothing, so it is not split`,
    );
  const seen = new Map<string, number>();
  ids.forEach((id, i) => {
    if (typeof id !== 'string' || id.trim() === '')
      throw new ValidationError(`${field}[${i}]`, 'must be a non-empty string');
    const first = seen.get(id);
    if (options.unique && first !== undefined)
      throw new ValidationError(
        `${field}[${i}]`,
        `repeats ${field}[${first}]; a repeated id fails the whole request`,
      );
    seen.set(id, i);
  });
  return [...ids];
}
