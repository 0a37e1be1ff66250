// The one place that says which of the family's POST and PATCH operations may be repeated: only
// those the reference calls set-like or idempotent. The runtime retries them after a 5xx, a lost
// connection or a timeout like a GET (a call's `retry: { retryNonIdempotent: false }` sends once).

/**
 * Workforce operations safe to repeat, as `METHOD /path/template`. The reference (family W notes):
 * "`addUsers`: users already in the group are ignored. `deleteUsers`: users not in the group are
 * ignored." Adding or removing the same members twice leaves the same group.
 */
export const WORKFORCE_RETRY_SAFE: readonly string[] = Object.freeze([
  'POST /v2/groups/{group_id}:addUsers',
  'POST /v2/groups/{group_id}:deleteUsers',
]);
