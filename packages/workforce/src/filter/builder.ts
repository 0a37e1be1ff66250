// Filter builders per collection: `userFilter.username.sw('ada')`. Only the fields and the
// operators the reference allows exist, so anything else is a type error (and, for untyped
// callers, a ValidationError).
import { ValidationError } from '@x/runtime';
import type { FilterLiteral } from './expression.js';
import {
  type FieldKind,
  type FieldKinds,
  GROUP_FILTER_FIELDS,
  OPERATORS_OF_KIND,
  PASSKEY_FILTER_FIELDS,
  SCIM_GROUP_FILTER_FIELDS,
  SCIM_USER_FILTER_FIELDS,
  USER_FILTER_FIELDS,
} from './fields.js';
import { Filter, type FilterCollection } from './filter.js';
import { booleanLiteral, dateTimeLiteral, textLiteral, textOrNumberLiteral } from './values.js';

/** The conditions one field offers: a method per allowed operator (`pr` takes no value). */
export type FieldConditions<C extends FilterCollection, K extends FieldKind> = {
  readonly [O in FieldKinds[K]['operators']]: O extends 'pr'
    ? () => Filter<C>
    : (value: FieldKinds[K]['value']) => Filter<C>;
};

/** A filter builder: one property per filterable field of the collection. */
export type FilterBuilder<C extends FilterCollection, Fields extends Record<string, FieldKind>> = {
  readonly [F in keyof Fields]: FieldConditions<C, Fields[F]>;
};

const LITERAL_OF_KIND: Record<FieldKind, (value: unknown, field: string) => FilterLiteral> = {
  text: textLiteral,
  version: textOrNumberLiteral,
  dateTime: dateTimeLiteral,
  flag: booleanLiteral,
  exact: textLiteral,
};

/** Creates the builder for a collection from its field table. */
export function createFilterBuilder<
  C extends FilterCollection,
  Fields extends Record<string, FieldKind>,
>(fields: Fields): FilterBuilder<C, Fields> {
  const builder: Record<string, Record<string, (value?: unknown) => Filter<C>>> = {};
  for (const [attribute, kind] of Object.entries(fields)) {
    const conditions: Record<string, (value?: unknown) => Filter<C>> = {};
    for (const operator of OPERATORS_OF_KIND[kind]) {
      conditions[operator] =
        operator === 'pr'
          ? () => new Filter<C>({ type: 'present', attribute })
          : (value?: unknown) =>
              new Filter<C>({
                type: 'compare',
                attribute,
                operator,
                value: LITERAL_OF_KIND[kind](value, `filter.${attribute}`),
              });
    }
    builder[attribute] = Object.freeze(conditions);
  }
  return guard(Object.freeze(builder), fields) as FilterBuilder<C, Fields>;
}

/** Property names that tools probe on any object (await, JSON, test matchers, inspectors). */
const PROBED = new Set(['then', 'toJSON', 'asymmetricMatch', 'nodeType', '$$typeof']);

/** Untyped callers asking for an unknown field get a ValidationError, not `undefined`. */
function guard<T extends object>(builder: T, fields: Record<string, FieldKind>): T {
  return new Proxy(builder, {
    get(target, property, receiver) {
      if (typeof property === 'string' && !(property in target) && !PROBED.has(property))
        throw new ValidationError(
          `filter.${property}`,
          `is not a filter field here; allowed: ${Object.keys(fields).join(', ')}`,
        );
      return Reflect.get(target, property, receiver);
    },
  });
}

/**
 * Filters for `users.list` and `groups.listMembers`.
 * @example userFilter.username.sw('ada').and(userFilter.has_active_passkey.eq(true))
 */
export const userFilter: FilterBuilder<'users', typeof USER_FILTER_FIELDS> =
  /* @__PURE__ */ createFilterBuilder<'users', typeof USER_FILTER_FIELDS>(USER_FILTER_FIELDS);

/**
 * Filters for `groups.list`.
 * @example groupFilter.name.sw('Eng')
 */
export const groupFilter: FilterBuilder<'groups', typeof GROUP_FILTER_FIELDS> =
  /* @__PURE__ */ createFilterBuilder<'groups', typeof GROUP_FILTER_FIELDS>(GROUP_FILTER_FIELDS);

/**
 * Filters for `passkeys.list`.
 * @example passkeyFilter.platform.eq('MACOS').and(passkeyFilter.date_last_auth.lt(new Date()))
 */
export const passkeyFilter: FilterBuilder<'passkeys', typeof PASSKEY_FILTER_FIELDS> =
  /* @__PURE__ */ createFilterBuilder<'passkeys', typeof PASSKEY_FILTER_FIELDS>(
    PASSKEY_FILTER_FIELDS,
  );

/**
 * Filters for `scim.users.list`: `eq` and `ne` on `userName` and `externalId` only.
 * @example scimUserFilter.userName.eq('ada')
 */
export const scimUserFilter: FilterBuilder<'scimUsers', typeof SCIM_USER_FILTER_FIELDS> =
  /* @__PURE__ */ createFilterBuilder<'scimUsers', typeof SCIM_USER_FILTER_FIELDS>(
    SCIM_USER_FILTER_FIELDS,
  );

/**
 * Filters for `scim.groups.list`: `eq` and `ne` on `displayName` (other attributes as raw text).
 * @example scimGroupFilter.displayName.eq('Engineering')
 */
export const scimGroupFilter: FilterBuilder<'scimGroups', typeof SCIM_GROUP_FILTER_FIELDS> =
  /* @__PURE__ */ createFilterBuilder<'scimGroups', typeof SCIM_GROUP_FILTER_FIELDS>(
    SCIM_GROUP_FILTER_FIELDS,
  );
