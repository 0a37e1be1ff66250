// A builder for the free-form `query_text` filter: quoted terms, `OR` between alternatives and a
// leading `-` for exclusion. Every value is quoted, so user input can never change the query.
import { ValidationError } from '@x/runtime';

// C0 and C1 control characters (including tab, CR and LF) and DEL.
// biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

/**
 * Quotes one value for `query_text`: wraps it in double quotes and escapes `\` and `"` inside.
 * @throws ValidationError when the value is empty or holds a control character.
 */
export function quoteTerm(value: string): string {
  if (typeof value !== 'string') throw new ValidationError('queryText', 'terms must be strings');
  if (value.length === 0) throw new ValidationError('queryText', 'terms must not be empty');
  if (CONTROL.test(value))
    throw new ValidationError('queryText', 'terms must not hold control characters');
  return `"${value.replace(/[\\"]/g, (c) => `\\${c}`)}"`;
}

/**
 * An immutable `query_text` under construction. Each method returns a new query with one more
 * clause; clauses are separated by spaces. Pass it (or its `toString()`) as `queryText`.
 * The reference does not publish how the server combines clauses or whether it supports
 * parentheses, so the builder emits only the published forms: terms, `OR` and leading `-`.
 * @example
 * queryText.any('ada', 'grace').not('test').toString(); // '"ada" OR "grace" -"test"'
 */
export class QueryText {
  private constructor(private readonly clauses: readonly string[]) {}

  /** The empty query, the start of every chain. */
  static readonly empty: QueryText = new QueryText([]);

  /** Adds one clause per value: each value must match. */
  all(...values: string[]): QueryText {
    return new QueryText([...this.clauses, ...values.map(quoteTerm)]);
  }

  /** Adds one clause matching any of the values: `"a" OR "b"`. */
  any(...values: string[]): QueryText {
    if (values.length === 0) throw new ValidationError('queryText', 'any() needs a value');
    return new QueryText([...this.clauses, values.map(quoteTerm).join(' OR ')]);
  }

  /** Adds one exclusion per value: `-"value"`. */
  not(...values: string[]): QueryText {
    return new QueryText([...this.clauses, ...values.map((v) => `-${quoteTerm(v)}`)]);
  }

  /** Whether no clause was added. */
  get isEmpty(): boolean {
    return this.clauses.length === 0;
  }

  /** The `query_text` value. */
  toString(): string {
    return this.clauses.join(' ');
  }

  toJSON(): string {
    return this.toString();
  }
}

/**
 * Starts a `query_text`: `queryText.any('a', 'b').not('c')` gives `"a" OR "b" -"c"`.
 */
export const queryText = {
  /** A clause per value, each of which must match. */
  all: (...values: string[]): QueryText => QueryText.empty.all(...values),
  /** One clause matching any of the values. */
  any: (...values: string[]): QueryText => QueryText.empty.any(...values),
  /** One exclusion per value. */
  not: (...values: string[]): QueryText => QueryText.empty.not(...values),
} as const;
