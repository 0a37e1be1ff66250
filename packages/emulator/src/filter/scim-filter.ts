// The SCIM filter grammar (RFC 7644 section 3.4.2.2) as the lists use it: a parser to the SDK's
// own syntax tree, a check against a collection's field table (the SDK's tables: which fields,
// which operators, which value types), and an evaluator.
import {
  type FieldKind,
  type FilterExpression,
  type FilterLiteral,
  type FilterOperator,
  OPERATORS_OF_KIND,
} from '@x/workforce';
import { invalidField } from '../http/errors.js';

type Token =
  | { t: '(' | ')' }
  | { t: 'word'; v: string }
  | { t: 'string'; v: string }
  | { t: 'number'; v: number };

const COMPARE = new Set(['eq', 'ne', 'co', 'sw', 'ew', 'gt', 'lt', 'ge', 'le']);

/**
 * The deepest nesting of parentheses and `not(…)` a filter may have. The parser descends once per
 * level: a filter nested thousands deep would overflow its stack (a 500) instead of answering 400.
 * Real filters nest a few levels; RFC 7644 sets no limit, so this one is the emulator's own.
 */
export const MAX_FILTER_DEPTH = 32;

class FilterSyntaxError extends Error {}

function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    if (c === ' ' || c === '\t') {
      i++;
    } else if (c === '(' || c === ')') {
      tokens.push({ t: c });
      i++;
    } else if (c === '"') {
      const m = /^"(?:[^"\\]|\\.)*"/su.exec(text.slice(i));
      if (!m) throw new FilterSyntaxError('unterminated string');
      try {
        tokens.push({ t: 'string', v: JSON.parse(m[0]) as string });
      } catch {
        throw new FilterSyntaxError('invalid string literal');
      }
      i += m[0].length;
    } else {
      const rest = text.slice(i);
      const number = /^-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?(?![\w.:$-])/.exec(rest);
      if (number) {
        tokens.push({ t: 'number', v: Number(number[0]) });
        i += number[0].length;
        continue;
      }
      const word = /^[A-Za-z_$][\w.:$-]*/.exec(rest);
      if (!word) throw new FilterSyntaxError(`unexpected character ${JSON.stringify(c)}`);
      tokens.push({ t: 'word', v: word[0] });
      i += word[0].length;
    }
  }
  return tokens;
}

/** Parses filter text into the SDK's syntax tree. Throws a 400 (`filter`) on a syntax error. */
export function parseFilter(text: string, field = 'filter'): FilterExpression {
  let tokens: Token[];
  try {
    tokens = tokenize(text);
  } catch (error) {
    throw invalidField(field, `invalid filter: ${(error as Error).message}`);
  }
  let pos = 0;
  let depth = 0;
  /** Parses one nested level (inside parentheses), refusing to go deeper than the limit. */
  const nested = (): FilterExpression => {
    if (++depth > MAX_FILTER_DEPTH)
      throw new FilterSyntaxError(`nested more than ${MAX_FILTER_DEPTH} levels deep`);
    const inner = parseOr();
    expect(')');
    depth--;
    return inner;
  };
  const peekWord = (): string | undefined => {
    const token = tokens[pos];
    return token?.t === 'word' ? token.v.toLowerCase() : undefined;
  };
  const expect = (t: '(' | ')') => {
    if (tokens[pos]?.t !== t) throw new FilterSyntaxError(`expected ${t}`);
    pos++;
  };
  const parseOr = (): FilterExpression => {
    const operands = [parseAnd()];
    while (peekWord() === 'or') {
      pos++;
      operands.push(parseAnd());
    }
    return operands.length === 1 ? operands[0]! : { type: 'or', operands };
  };
  const parseAnd = (): FilterExpression => {
    const operands = [parseUnary()];
    while (peekWord() === 'and') {
      pos++;
      operands.push(parseUnary());
    }
    return operands.length === 1 ? operands[0]! : { type: 'and', operands };
  };
  const parseUnary = (): FilterExpression => {
    const token = tokens[pos];
    if (!token) throw new FilterSyntaxError('unexpected end of filter');
    if (token.t === '(') {
      pos++;
      return nested();
    }
    if (token.t === 'word' && token.v.toLowerCase() === 'not' && tokens[pos + 1]?.t === '(') {
      pos += 2;
      return { type: 'not', operand: nested() };
    }
    if (token.t !== 'word') throw new FilterSyntaxError('expected an attribute name');
    pos++;
    const operator = peekWord();
    if (operator === 'pr') {
      pos++;
      return { type: 'present', attribute: token.v };
    }
    if (!operator || !COMPARE.has(operator))
      throw new FilterSyntaxError(`expected an operator after ${token.v}`);
    pos++;
    const value = tokens[pos];
    let literal: FilterLiteral;
    if (value?.t === 'string' || value?.t === 'number') literal = value.v;
    else if (value?.t === 'word' && /^(true|false)$/i.test(value.v))
      literal = value.v.toLowerCase() === 'true';
    else if (value?.t === 'word' && /^null$/i.test(value.v))
      throw new FilterSyntaxError('null comparisons are not supported');
    else throw new FilterSyntaxError(`expected a value after ${operator}`);
    pos++;
    return {
      type: 'compare',
      attribute: token.v,
      operator: operator as Exclude<FilterOperator, 'pr'>,
      value: literal,
    };
  };
  try {
    const expression = parseOr();
    if (pos !== tokens.length) throw new FilterSyntaxError('unexpected text after the filter');
    return expression;
  } catch (error) {
    if (error instanceof FilterSyntaxError)
      throw invalidField(field, `invalid filter: ${error.message}`);
    throw error;
  }
}

/** A collection's filterable fields: name to kind. */
export type FieldTable = Readonly<Record<string, FieldKind>>;

/** A filter checked against a collection: a predicate over a record's field values. */
export type Predicate = (get: (field: string) => unknown) => boolean;

/**
 * Checks a parsed filter against a field table and compiles it. Unknown fields, operators the
 * field does not allow and values of the wrong type are a 400 naming `filter`.
 * @param caseInsensitiveNames SCIM attribute names are case-insensitive (RFC 7643 section 2.1).
 */
export function compileFilter(
  expression: FilterExpression,
  fields: FieldTable,
  options: { caseInsensitiveNames?: boolean; field?: string } = {},
): Predicate {
  const field = options.field ?? 'filter';
  const names = new Map<string, string>();
  for (const name of Object.keys(fields))
    names.set(options.caseInsensitiveNames ? name.toLowerCase() : name, name);
  const build = (e: FilterExpression): Predicate => {
    switch (e.type) {
      case 'and': {
        const parts = e.operands.map(build);
        return (get) => parts.every((p) => p(get));
      }
      case 'or': {
        const parts = e.operands.map(build);
        return (get) => parts.some((p) => p(get));
      }
      case 'not': {
        const inner = build(e.operand);
        return (get) => !inner(get);
      }
      default: {
        const name = names.get(
          options.caseInsensitiveNames ? e.attribute.toLowerCase() : e.attribute,
        );
        if (name === undefined)
          throw invalidField(
            field,
            `${e.attribute} is not a filter field here; allowed: ${Object.keys(fields).join(', ')}`,
          );
        const kind = fields[name]!;
        const operator: FilterOperator = e.type === 'present' ? 'pr' : e.operator;
        if (!(OPERATORS_OF_KIND[kind] as readonly FilterOperator[]).includes(operator))
          throw invalidField(
            field,
            `${operator} is not allowed on ${name}; allowed: ${(OPERATORS_OF_KIND[kind] as readonly string[]).join(', ')}`,
          );
        if (e.type === 'present') return (get) => present(get(name));
        const test = comparison(kind, e.operator, e.value, name, field);
        return (get) => test(get(name));
      }
    }
  };
  return build(expression);
}

const present = (value: unknown) => value !== undefined && value !== null && value !== '';

function comparison(
  kind: FieldKind,
  operator: Exclude<FilterOperator, 'pr'>,
  value: FilterLiteral,
  name: string,
  field: string,
): (actual: unknown) => boolean {
  const wrongType = (what: string) => invalidField(field, `${name} compares with ${what}`);
  if (kind === 'flag') {
    if (typeof value !== 'boolean') throw wrongType('true or false');
    return operator === 'eq' ? (a) => a === value : (a) => a !== value;
  }
  if (kind === 'dateTime') {
    const at = typeof value === 'string' ? Date.parse(value) : Number.NaN;
    if (Number.isNaN(at)) throw wrongType('an RFC 3339 date-time string');
    return (a) => {
      const t = typeof a === 'string' ? Date.parse(a) : Number.NaN;
      if (Number.isNaN(t)) return operator === 'ne';
      switch (operator) {
        case 'eq':
          return t === at;
        case 'ne':
          return t !== at;
        case 'gt':
          return t > at;
        case 'lt':
          return t < at;
        case 'ge':
          return t >= at;
        default:
          return t <= at;
      }
    };
  }
  // text, exact, version: strings (versions may be given as numbers), case-insensitive as SCIM
  // attributes are by default (caseExact false).
  if (typeof value === 'boolean' || (typeof value === 'number' && kind !== 'version'))
    throw wrongType('a string');
  const v = String(value).toLowerCase();
  return (a) => {
    if (a === undefined || a === null) return operator === 'ne';
    const s = String(a).toLowerCase();
    switch (operator) {
      case 'eq':
        return s === v;
      case 'ne':
        return s !== v;
      case 'co':
        return s.includes(v);
      case 'sw':
        return s.startsWith(v);
      case 'ew':
        return s.endsWith(v);
      default:
        throw wrongType('eq, ne, co, sw or ew');
    }
  };
}

/** Parses and compiles a filter parameter; undefined (or empty) text matches everything. */
export function filterPredicate(
  text: unknown,
  fields: FieldTable,
  options: { caseInsensitiveNames?: boolean; field?: string } = {},
): Predicate {
  if (typeof text !== 'string' || text.trim() === '') return () => true;
  return compileFilter(parseFilter(text, options.field), fields, options);
}
