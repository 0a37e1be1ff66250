// Property tests: every filter the builder can make parses back (with an independent RFC 7644
// parser) into the tree it was built from, and no string value escapes its quotes.
import {
  type Filter,
  type FilterExpression,
  groupFilter,
  not,
  passkeyFilter,
  userFilter,
} from '@x/workforce';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseScimFilter } from './support/scim-filter-parser.js';

type UserFilter = Filter<'users'>;

const anyText = fc.oneof(
  fc.string({ unit: 'grapheme' }),
  fc.string({ unit: 'binary' }),
  fc.constantFrom('"', '\\', '\\"', '" or id pr or "', ')', 'not (', '\u0000', '\u2028', '\ud800'),
);
const dates = fc.date({
  min: new Date('0001-01-01T00:00:00Z'),
  max: new Date('9999-12-31T23:59:59Z'),
  noInvalidDate: true,
});

const textField = fc.constantFrom(
  'id',
  'email_address',
  'external_id',
  'username',
  'display_name',
  'state',
  'source',
) as fc.Arbitrary<
  'id' | 'email_address' | 'external_id' | 'username' | 'display_name' | 'state' | 'source'
>;
const textOp = fc.constantFrom('eq', 'ne', 'co', 'sw', 'ew') as fc.Arbitrary<
  'eq' | 'ne' | 'co' | 'sw' | 'ew'
>;
const timeOp = fc.constantFrom('eq', 'ne', 'gt', 'lt', 'ge', 'le') as fc.Arbitrary<
  'eq' | 'ne' | 'gt' | 'lt' | 'ge' | 'le'
>;

const leaf: fc.Arbitrary<UserFilter> = fc.oneof(
  fc.tuple(textField, textOp, anyText).map(([f, op, v]) => userFilter[f][op](v)),
  fc.tuple(timeOp, dates).map(([op, d]) => userFilter.last_auth_time[op](d)),
  fc.constant(userFilter.last_auth_time.pr()),
  fc
    .tuple(fc.constantFrom('eq', 'ne') as fc.Arbitrary<'eq' | 'ne'>, fc.boolean())
    .map(([op, b]) => userFilter.has_active_passkey[op](b)),
);

const { filter: anyFilter } = fc.letrec<{ filter: UserFilter }>((tie) => ({
  filter: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    leaf,
    fc
      .tuple(tie('filter'), fc.array(tie('filter'), { minLength: 1, maxLength: 3 }))
      .map(([first, rest]) => first.and(...rest)),
    fc
      .tuple(tie('filter'), fc.array(tie('filter'), { minLength: 1, maxLength: 3 }))
      .map(([first, rest]) => first.or(...rest)),
    tie('filter').map((f) => not(f)),
  ),
}));

/** The builder's tree with values as the parser reads them. */
function plain(expression: FilterExpression): unknown {
  return JSON.parse(JSON.stringify(expression));
}

describe('filter builder properties', () => {
  it('every built filter round-trips through the RFC 7644 parser', () => {
    fc.assert(
      fc.property(anyFilter, (filter) => {
        expect(parseScimFilter(filter.toString())).toEqual(plain(filter.expression));
      }),
      { numRuns: 500 },
    );
  });

  it('a string value never breaks out of its quotes', () => {
    fc.assert(
      fc.property(anyText, (value) => {
        for (const filter of [
          userFilter.display_name.co(value),
          groupFilter.description.ew(value),
          passkeyFilter.serial_number.eq(value),
        ]) {
          const parsed = parseScimFilter(filter.toString());
          expect(parsed.type).toBe('compare');
          expect(parsed).toMatchObject({ value });
        }
      }),
      { numRuns: 1000 },
    );
  });

  it('the rendered text is printable: no raw control characters, no lone surrogates', () => {
    fc.assert(
      fc.property(anyText, (value) => {
        const text = userFilter.username.eq(value).toString();
        // biome-ignore lint/suspicious/noControlCharactersInRegex: that is what is checked
        expect(text).not.toMatch(/[\u0000-\u001f]/);
        expect(() => encodeURIComponent(text)).not.toThrow();
      }),
    );
  });

  it('dates render as the UTC RFC 3339 form of the same instant', () => {
    fc.assert(
      fc.property(dates, (date) => {
        const parsed = parseScimFilter(userFilter.last_auth_time.ge(date).toString());
        expect(parsed).toMatchObject({ value: date.toISOString() });
        expect(Date.parse((parsed as { value: string }).value)).toBe(date.getTime());
      }),
    );
  });
});
