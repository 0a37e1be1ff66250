import { QueryText, queryText, quoteTerm } from '@x/events';
import { ValidationError } from '@x/runtime';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

/** Reads one quoted term back, the way a server would: the inverse of quoteTerm. */
function unquote(term: string): string {
  expect(term.startsWith('"') && term.endsWith('"')).toBe(true);
  return term.slice(1, -1).replace(/\\(.)/g, '$1');
}

const isControl = (c: string) => {
  const code = c.charCodeAt(0);
  return code < 0x20 || (code >= 0x7f && code <= 0x9f);
};

describe('queryText', () => {
  it('builds OR and exclusion with quoted values', () => {
    expect(queryText.any('a', 'b').not('c').toString()).toBe('"a" OR "b" -"c"');
    expect(queryText.all('ada lovelace').any('x').toString()).toBe('"ada lovelace" "x"');
    expect(queryText.not('OR', '-x').toString()).toBe('-"OR" -"-x"');
    expect(QueryText.empty.isEmpty).toBe(true);
    expect(JSON.stringify({ q: queryText.all('a') })).toBe('{"q":"\\"a\\""}');
  });

  it('escapes quotes and backslashes', () => {
    expect(quoteTerm('say "hi"')).toBe('"say \\"hi\\""');
    expect(quoteTerm('C:\\path')).toBe('"C:\\\\path"');
    expect(quoteTerm('\\"')).toBe('"\\\\\\""');
  });

  it('refuses control characters and empty values', () => {
    for (const bad of ['a\nb', 'tab\t', '\u0000', 'del\u007f', 'c1\u0085', ''])
      expect(() => quoteTerm(bad)).toThrow(ValidationError);
    expect(() => queryText.any()).toThrow(/any\(\) needs a value/);
  });

  it('any printable value round-trips and cannot break out of its quotes', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1 }).filter((s) => ![...s].some(isControl)),
        (value) => {
          const term = quoteTerm(value);
          expect(unquote(term)).toBe(value);
          // Inside the quotes every quote is escaped.
          expect(/(^|[^\\])(\\\\)*"/.test(term.slice(1, -1))).toBe(false);
        },
      ),
      { numRuns: 300 },
    );
  });
});
