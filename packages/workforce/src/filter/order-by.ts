// Typed `order_by` values: `userOrderBy.desc('last_auth_time').asc('display_name')`.
import { ValidationError } from '@x/runtime';
import { GROUP_SORT_FIELDS, PASSKEY_SORT_FIELDS, USER_SORT_FIELDS } from './fields.js';

/** The collections that can be sorted. */
export type SortCollection = 'users' | 'groups' | 'passkeys';

/** One sort key. */
export interface SortKey<Field extends string> {
  readonly field: Field;
  readonly direction: 'asc' | 'desc';
}

/**
 * A sort order for one collection: sort keys in priority order. Extend it with `asc`/`desc`;
 * `toString()` gives the `order_by` text (`field desc,field`).
 */
export class OrderBy<C extends SortCollection, Field extends string = string> {
  /** Type-level marker of the collection; never set at run time. */
  declare readonly collection: C;
  /** The sort keys, first one first. */
  readonly keys: readonly SortKey<Field>[];

  constructor(
    private readonly allowed: readonly Field[],
    keys: readonly SortKey<Field>[] = [],
  ) {
    this.keys = keys;
    Object.freeze(this);
  }

  /** Adds an ascending sort key (the server's default direction). */
  asc(field: Field): OrderBy<C, Field> {
    return this.append(field, 'asc');
  }

  /** Adds a descending sort key. */
  desc(field: Field): OrderBy<C, Field> {
    return this.append(field, 'desc');
  }

  private append(field: Field, direction: 'asc' | 'desc'): OrderBy<C, Field> {
    if (!this.allowed.includes(field))
      throw new ValidationError(
        'orderBy',
        `${JSON.stringify(field)} is not a sort field here; allowed: ${this.allowed.join(', ')}`,
      );
    return new OrderBy<C, Field>(this.allowed, [...this.keys, { field, direction }]);
  }

  /** The `order_by` text. */
  toString(): string {
    return this.keys
      .map((key) => (key.direction === 'desc' ? `${key.field} desc` : key.field))
      .join(',');
  }

  /** The `order_by` text, so `JSON.stringify` shows what is sent. */
  toJSON(): string {
    return this.toString();
  }
}

/** An `order_by` parameter: a built sort order, or (escape hatch) `order_by` text as it is. */
export type OrderByInput<C extends SortCollection> = OrderBy<C> | string;

/** The text to send for an `order_by` parameter; undefined when none was given. */
export function orderByText(orderBy: unknown): string | undefined {
  if (orderBy === undefined) return undefined;
  if (orderBy instanceof OrderBy) return orderBy.keys.length ? orderBy.toString() : undefined;
  if (typeof orderBy === 'string') return orderBy === '' ? undefined : orderBy;
  throw new ValidationError('order_by', 'must be a sort order from an orderBy builder or a string');
}

type UserSortField = (typeof USER_SORT_FIELDS)[number];
type GroupSortField = (typeof GROUP_SORT_FIELDS)[number];
type PasskeySortField = (typeof PASSKEY_SORT_FIELDS)[number];

/**
 * Sort orders for `users.list` and `groups.listMembers`.
 * @example userOrderBy.desc('last_auth_time').asc('display_name')
 */
export const userOrderBy: OrderBy<'users', UserSortField> = /* @__PURE__ */ new OrderBy<
  'users',
  UserSortField
>(USER_SORT_FIELDS);
/** Sort orders for `groups.list`. @example groupOrderBy.asc('name') */
export const groupOrderBy: OrderBy<'groups', GroupSortField> = /* @__PURE__ */ new OrderBy<
  'groups',
  GroupSortField
>(GROUP_SORT_FIELDS);
/** Sort orders for `passkeys.list`. @example passkeyOrderBy.desc('date_last_auth') */
export const passkeyOrderBy: OrderBy<'passkeys', PasskeySortField> = /* @__PURE__ */ new OrderBy<
  'passkeys',
  PasskeySortField
>(PASSKEY_SORT_FIELDS);
