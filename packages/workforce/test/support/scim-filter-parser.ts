// A parser of the SCIM filter grammar (RFC 7644 section 3.4.2.2), written for the tests and
// independent of the SDK's builder: it reads filter text back into a tree, so property tests
// can check that what the builder renders means what was built.
//
// Covered: attrExp (`attr pr`, `attr op value`), `and`, `or`, `not (…)`, grouping with
// parentheses, precedence not > and > or, case-insensitive operators and keywords, JSON string
// (RFC 7159, all escapes), number, true, false, null, and dotted sub-attributes. Not covered
// (the builder never produces them): valuePath (`emails[type eq "work"]`) and URN prefixes.

export type ParsedLiteral = string | number | boolean | null;

export type ParsedFilter =
  | { type: 'compare'; attribute: string; operator: string; value: ParsedLiteral }
  | { type: 'present'; attribute: string }
  | { type: 'and' | 'or'; operands: ParsedFilter[] }
  | { type: 'not'; operand: ParsedFilter };

type Token =
  | { kind: '(' | ')'; at: number }
  | { kind: 'word'; text: string; at: number }
  | { kind: 'literal'; value: ParsedLiteral; at: number };

const COMPARE_OPERATORS = new Set(['eq', 'ne', 'co', 'sw', 'ew', 'gt', 'lt', 'ge', 'le']);
const ATTRIBUTE = /^[A-Za-z][A-Za-z0-9_-]*(\.[A-Za-z][A-Za-z0-9_-]*)?$/;
const NUMBER = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/;

/** Error with the position in the filter text. */
export class FilterSyntaxError extends Error {}

/** Splits filter text into tokens; string literals are decoded as JSON strings. */
export function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    if (c === ' ') {
      i++;
    } else if (c === '(' || c === ')') {
      tokens.push({ kind: c, at: i });
      i++;
    } else if (c === '"') {
      const start = i;
      i++;
      for (;;) {
        if (i >= text.length) throw new FilterSyntaxError(`unterminated string at ${start}`);
        const d = text.charCodeAt(i);
        if (d < 0x20) throw new FilterSyntaxError(`raw control character in string at ${i}`);
        if (text[i] === '\\') i += 2;
        else if (text[i] === '"') break;
        else i++;
      }
      i++;
      let value: unknown;
      try {
        value = JSON.parse(text.slice(start, i));
      } catch {
        throw new FilterSyntaxError(`invalid string at ${start}`);
      }
      tokens.push({ kind: 'literal', value: value as string, at: start });
    } else if (c === '-' || (c >= '0' && c <= '9')) {
      const match = NUMBER.exec(text.slice(i));
      if (!match) throw new FilterSyntaxError(`invalid number at ${i}`);
      tokens.push({ kind: 'literal', value: Number(match[0]), at: i });
      i += match[0].length;
    } else {
      const match = /^[^\s()"]+/.exec(text.slice(i));
      if (!match) throw new FilterSyntaxError(`unexpected ${JSON.stringify(c)} at ${i}`);
      const word = match[0];
      const lower = word.toLowerCase();
      if (lower === 'true' || lower === 'false')
        tokens.push({ kind: 'literal', value: lower === 'true', at: i });
      else if (lower === 'null') tokens.push({ kind: 'literal', value: null, at: i });
      else tokens.push({ kind: 'word', text: word, at: i });
      i += word.length;
    }
  }
  return tokens;
}

/** Parses filter text; throws FilterSyntaxError for anything outside the grammar. */
export function parseScimFilter(text: string): ParsedFilter {
  const tokens = tokenize(text);
  let pos = 0;
  const peek = () => tokens[pos];
  const isWord = (token: Token | undefined, word: string) =>
    token?.kind === 'word' && token.text.toLowerCase() === word;
  const expect = (kind: '(' | ')') => {
    const token = tokens[pos++];
    if (token?.kind !== kind) throw new FilterSyntaxError(`expected ${kind} at token ${pos - 1}`);
  };

  const logical = (type: 'and' | 'or', operand: () => ParsedFilter): ParsedFilter => {
    const operands = [operand()];
    while (isWord(peek(), type)) {
      pos++;
      operands.push(operand());
    }
    const flat = operands.flatMap((o) => (o.type === type ? o.operands : [o]));
    return flat.length === 1 ? flat[0]! : { type, operands: flat };
  };
  const orExpr = (): ParsedFilter => logical('or', andExpr);
  const andExpr = (): ParsedFilter => logical('and', unary);
  const unary = (): ParsedFilter => {
    const token = peek();
    if (isWord(token, 'not')) {
      pos++;
      expect('(');
      const operand = orExpr();
      expect(')');
      return { type: 'not', operand };
    }
    if (token?.kind === '(') {
      pos++;
      const inner = orExpr();
      expect(')');
      return inner;
    }
    return attributeExpression();
  };
  const attributeExpression = (): ParsedFilter => {
    const attr = tokens[pos++];
    if (attr?.kind !== 'word' || !ATTRIBUTE.test(attr.text))
      throw new FilterSyntaxError(`expected an attribute at token ${pos - 1}`);
    const op = tokens[pos++];
    if (op?.kind !== 'word') throw new FilterSyntaxError(`expected an operator after ${attr.text}`);
    const operator = op.text.toLowerCase();
    if (operator === 'pr') return { type: 'present', attribute: attr.text };
    if (!COMPARE_OPERATORS.has(operator))
      throw new FilterSyntaxError(`unknown operator ${op.text}`);
    const value = tokens[pos++];
    if (value?.kind !== 'literal') throw new FilterSyntaxError(`expected a value after ${op.text}`);
    return { type: 'compare', attribute: attr.text, operator, value: value.value };
  };

  const result = orExpr();
  if (pos !== tokens.length) throw new FilterSyntaxError(`unexpected token ${pos}`);
  return result;
}
