// The emulator's SCIM filter evaluator checked against the SDK's filter builder: any filter the
// builder can produce parses back to the builder's own tree, and evaluates on any record exactly
// as a reference predicate written from the tree.
import {
  type FieldKind,
  type FilterExpression,
  GROUP_FILTER_FIELDS,
  groupFilter,
  OPERATORS_OF_KIND,
  PASSKEY_FILTER_FIELDS,
  passkeyFilter,
  USER_FILTER_FIELDS,
  userFilter,
} from '@x/workforce';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compileFilter, parseFilter } from '../src/filter/scim-filter.js';
import type { ApiFailure } from '../src/http/errors.js';

type Table = Record<string, FieldKind>;
type AnyFilter = {
  expression: FilterExpression;
  toString(): string;
  and(o: AnyFilter): AnyFilter;
  or(o: AnyFilter): AnyFilter;
  not(): AnyFilter;
};
type Builder = Record<string, Record<string, (value?: unknown) => AnyFilter>>;

// Small pools so that generated records and filter values meet often.
const TEXT = ['ada', 'Ada', 'ADA lovelace', 'grace', 'a"b', 'back\\slash', '', 'é ß', '💡', 'x\ny'];
const DATES = ['2026-01-01T00:00:00.000Z', '2026-06-15T12:30:00.000Z', '2027-03-01T08:00:00.000Z'];
const text = fc.oneof(fc.constantFrom(...TEXT), fc.string({ maxLength: 6 }));
const date = fc.constantFrom(...DATES);

function filterValue(kind: FieldKind): fc.Arbitrary<unknown> {
  switch (kind) {
    case 'flag':
      return fc.boolean();
    case 'dateTime':
      return fc.oneof(
        date,
        date.map((d) => new Date(d)),
      );
    case 'version':
      return fc.oneof(text, fc.integer({ min: -5, max: 20 }), fc.constantFrom('1', '14', '1.5'));
    default:
      return text;
  }
}

function recordValue(kind: FieldKind): fc.Arbitrary<unknown> {
  switch (kind) {
    case 'flag':
      return fc.option(fc.boolean(), { nil: undefined });
    case 'dateTime':
      return fc.option(date, { nil: undefined });
    case 'version':
      return fc.option(fc.constantFrom('1', '14', '1.5', '20', 'beta'), { nil: undefined });
    default:
      return fc.option(text, { nil: undefined });
  }
}

function filterArb(builder: Builder, table: Table): fc.Arbitrary<AnyFilter> {
  const leaf = fc
    .constantFrom(
      ...Object.entries(table).flatMap(([field, kind]) =>
        OPERATORS_OF_KIND[kind].map((op) => [field, kind, op] as const),
      ),
    )
    .chain(([field, kind, op]) =>
      op === 'pr'
        ? fc.constant(builder[field]![op]!())
        : filterValue(kind).map((v) => builder[field]![op]!(v)),
    );
  const { tree } = fc.letrec<{ tree: AnyFilter }>((tie) => ({
    tree: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      leaf,
      fc.tuple(tie('tree'), tie('tree')).map(([a, b]) => a.and(b)),
      fc.tuple(tie('tree'), tie('tree')).map(([a, b]) => a.or(b)),
      tie('tree').map((a) => a.not()),
    ),
  }));
  return tree;
}

/** The reference semantics, straight from the tree: case-insensitive strings, absent never matches but `ne`. */
function reference(e: FilterExpression, table: Table, record: Record<string, unknown>): boolean {
  switch (e.type) {
    case 'and':
      return e.operands.every((o) => reference(o, table, record));
    case 'or':
      return e.operands.some((o) => reference(o, table, record));
    case 'not':
      return !reference(e.operand, table, record);
    case 'present': {
      const v = record[e.attribute];
      return v !== undefined && v !== null && v !== '';
    }
    default: {
      const actual = record[e.attribute];
      const kind = table[e.attribute]!;
      if (actual === undefined) return e.operator === 'ne';
      if (kind === 'flag') return e.operator === 'eq' ? actual === e.value : actual !== e.value;
      if (kind === 'dateTime') {
        const a = Date.parse(String(actual));
        const b = Date.parse(String(e.value));
        return { eq: a === b, ne: a !== b, gt: a > b, lt: a < b, ge: a >= b, le: a <= b }[
          e.operator as 'eq'
        ]!;
      }
      const a = String(actual).toLowerCase();
      const b = String(e.value).toLowerCase();
      return {
        eq: a === b,
        ne: a !== b,
        co: a.includes(b),
        sw: a.startsWith(b),
        ew: a.endsWith(b),
      }[e.operator as 'eq']!;
    }
  }
}

const collections: [string, Builder, Table][] = [
  ['users', userFilter as unknown as Builder, USER_FILTER_FIELDS],
  ['groups', groupFilter as unknown as Builder, GROUP_FILTER_FIELDS],
  ['passkeys', passkeyFilter as unknown as Builder, PASSKEY_FILTER_FIELDS],
];

describe.each(collections)(
  'SCIM filters of %s against the SDK builder',
  (_name, builder, table) => {
    const recordArb = fc.record(
      Object.fromEntries(Object.entries(table).map(([f, k]) => [f, recordValue(k)])),
    );

    it("parses every filter the builder renders back to the builder's tree", () => {
      fc.assert(
        fc.property(filterArb(builder, table), (filter) => {
          expect(parseFilter(filter.toString())).toEqual(filter.expression);
        }),
        { numRuns: 300 },
      );
    });

    it('evaluates like the reference predicate', () => {
      fc.assert(
        fc.property(
          filterArb(builder, table),
          fc.array(recordArb, { minLength: 1, maxLength: 6 }),
          (filter, records) => {
            const predicate = compileFilter(parseFilter(filter.toString()), table);
            for (const record of records)
              expect(
                predicate((field) => record[field]),
                filter.toString(),
              ).toBe(reference(filter.expression, table, record));
          },
        ),
        { numRuns: 300 },
      );
    });
  },
);

describe('filters the builder cannot produce', () => {
  const refusal = (text: string) => {
    try {
      compileFilter(parseFilter(text), USER_FILTER_FIELDS);
    } catch (error) {
      const e = error as ApiFailure;
      expect(e.status, text).toBe(400);
      const detail = e.details[0] as { field_violations: { field: string; description: string }[] };
      expect(detail.field_violations[0]!.field, text).toBe('filter');
      return detail.field_violations[0]!.description;
    }
    throw new Error(`${text} was accepted`);
  };

  it('are refused with a 400 naming the filter', () => {
    for (const text of [
      'username eq "a" and',
      'not username eq "a"',
      'username xx "a"',
      'username eq null',
      '"a" eq username',
      '',
    ])
      if (text) expect(refusal(text)).toMatch(/^invalid filter/);
    expect(refusal('name co "x"')).toMatch(/not a filter field/);
    expect(refusal('has_active_passkey gt true')).toMatch(/not allowed/);
    expect(refusal('display_name eq 3')).toMatch(/compares with a string/);
  });
});
