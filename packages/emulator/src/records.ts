// The state indexes records by ids that callers choose (path parameters, usernames, external ids).
// In an ordinary object, `state.users['constructor']` finds Object.prototype's function, so an id
// like `__proto__`, `constructor` or `hasOwnProperty` was "found" and answered 403 or 500 where any
// other unknown id gives 404. Every object of the state has no prototype instead: a lookup sees the
// object's own entries only, and assigning `__proto__` stores an entry like any other.

/** Whether `value` is an object (not an array) that still has a prototype to drop. */
const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  value !== null &&
  typeof value === 'object' &&
  !Array.isArray(value) &&
  Object.getPrototypeOf(value) === Object.prototype;

/**
 * Drops the prototype of every plain object in `value`, deeply and in place (arrays are walked,
 * not changed), and returns `value`. JSON serialises such objects as before.
 */
export function withoutPrototypes<T>(value: T): T {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const next = pending.pop();
    if (Array.isArray(next)) pending.push(...next);
    else if (isPlainObject(next)) {
      Object.setPrototypeOf(next, null);
      pending.push(...Object.values(next));
    }
  }
  return value;
}
