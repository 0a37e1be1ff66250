// A built filter, tied to the collection it was built for, and the and/or/not combinators.
import { ValidationError } from '@x/runtime';
import { combine, type FilterExpression, renderFilter } from './expression.js';

/**
 * The collections a filter can be built for. `users` serves both `users.list` and
 * `groups.listMembers` (same fields).
 */
export type FilterCollection = 'users' | 'groups' | 'passkeys' | 'scimUsers' | 'scimGroups';

/**
 * A SCIM filter built for one collection. Pass it as `filter` to that collection's list; a
 * filter of another collection is a type error. `toString()` gives the text that is sent.
 */
export class Filter<C extends FilterCollection> {
  /** Type-level marker of the collection; never set at run time. */
  declare readonly collection: C;
  /** The filter as a syntax tree. */
  readonly expression: FilterExpression;

  constructor(expression: FilterExpression) {
    this.expression = expression;
    Object.freeze(this);
  }

  /** This filter and every other one: `a and b and …`. */
  and(...others: Filter<C>[]): Filter<C> {
    return and(this, ...others);
  }

  /** This filter or any other one: `a or b or …`. */
  or(...others: Filter<C>[]): Filter<C> {
    return or(this, ...others);
  }

  /** The negation of this filter: `not (…)`. */
  not(): Filter<C> {
    return not(this);
  }

  /** The filter text in the SCIM grammar, as sent in the `filter` query parameter. */
  toString(): string {
    return renderFilter(this.expression);
  }

  /** The filter text, so `JSON.stringify` shows what is sent. */
  toJSON(): string {
    return this.toString();
  }
}

/** All of the filters must match: `a and b and …`, parenthesised as needed. */
export function and<C extends FilterCollection>(first: Filter<C>, ...rest: Filter<C>[]): Filter<C> {
  return new Filter<C>(combine('and', expressionsOf([first, ...rest], 'and')));
}

/** Any of the filters must match: `a or b or …`, parenthesised as needed. */
export function or<C extends FilterCollection>(first: Filter<C>, ...rest: Filter<C>[]): Filter<C> {
  return new Filter<C>(combine('or', expressionsOf([first, ...rest], 'or')));
}

/** The filter must not match: `not (…)`. */
export function not<C extends FilterCollection>(filter: Filter<C>): Filter<C> {
  const [operand] = expressionsOf([filter], 'not');
  return new Filter<C>({ type: 'not', operand: operand! });
}

function expressionsOf(filters: readonly unknown[], field: string): FilterExpression[] {
  return filters.map((filter, i) => {
    if (!(filter instanceof Filter))
      throw new ValidationError(`${field}[${i}]`, 'must be a filter from a filter builder');
    return filter.expression;
  });
}

/** A filter parameter: a built filter, or (escape hatch) filter text sent as it is. */
export type FilterInput<C extends FilterCollection> = Filter<C> | string;

/** The text to send for a filter parameter; undefined when none was given. */
export function filterText(filter: unknown, field = 'filter'): string | undefined {
  if (filter === undefined) return undefined;
  if (filter instanceof Filter) return filter.toString();
  if (typeof filter === 'string') return filter === '' ? undefined : filter;
  throw new ValidationError(field, 'must be a filter from a filter builder or a string');
}
