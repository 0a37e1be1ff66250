import { inspect } from 'node:util';
import { ValidationError } from '@x/runtime';
import {
  and,
  groupFilter,
  groupOrderBy,
  not,
  or,
  passkeyFilter,
  passkeyOrderBy,
  scimGroupFilter,
  scimUserFilter,
  userFilter,
  userOrderBy,
} from '@x/workforce';
import { describe, expect, it } from 'vitest';
import { parseScimFilter } from './support/scim-filter-parser.js';

describe('filter builder', () => {
  it('renders comparisons with quoted strings, booleans and RFC 3339 dates', () => {
    expect(String(userFilter.username.sw('ada'))).toBe('username sw "ada"');
    expect(String(userFilter.has_active_passkey.eq(true))).toBe('has_active_passkey eq true');
    expect(String(userFilter.last_auth_time.gt(new Date(Date.UTC(2026, 0, 2, 3, 4, 5))))).toBe(
      'last_auth_time gt "2026-01-02T03:04:05.000Z"',
    );
    expect(String(userFilter.last_auth_time.le('2026-11-10T07:58:21+01:00'))).toBe(
      'last_auth_time le "2026-11-10T07:58:21+01:00"',
    );
    expect(String(userFilter.last_auth_time.pr())).toBe('last_auth_time pr');
    expect(String(passkeyFilter.major.eq(14))).toBe('major eq 14');
    expect(String(passkeyFilter.serial_number.ne('C02'))).toBe('serial_number ne "C02"');
    expect(String(scimUserFilter.userName.eq('ada'))).toBe('userName eq "ada"');
  });

  it('escapes quotes, backslashes, control characters and keeps unicode', () => {
    const tricky = 'a"b\\c\n\t\u0001 é 日本 😀';
    const text = String(groupFilter.name.eq(tricky));
    expect(text).toBe('name eq "a\\"b\\\\c\\n\\t\\u0001 é 日本 😀"');
    expect(parseScimFilter(text)).toEqual({
      type: 'compare',
      attribute: 'name',
      operator: 'eq',
      value: tricky,
    });
    // A value that tries to close its quotes and add a clause stays one value.
    const injection = '" or id pr or name eq "';
    expect(parseScimFilter(String(groupFilter.name.eq(injection)))).toMatchObject({
      type: 'compare',
      value: injection,
    });
  });

  it('combines with and, or, not and parenthesises where precedence needs it', () => {
    const a = userFilter.username.eq('a');
    const b = userFilter.state.eq('ACTIVE');
    const c = userFilter.source.eq('scim');
    expect(String(a.and(b).and(c))).toBe(
      'username eq "a" and state eq "ACTIVE" and source eq "scim"',
    );
    expect(String(and(a, or(b, c)))).toBe(
      'username eq "a" and (state eq "ACTIVE" or source eq "scim")',
    );
    expect(String(or(and(a, b), c))).toBe(
      '(username eq "a" and state eq "ACTIVE") or source eq "scim"',
    );
    expect(String(not(a.or(b)))).toBe('not (username eq "a" or state eq "ACTIVE")');
    expect(String(a.not().not())).toBe('not (not (username eq "a"))');
    expect(and(a).expression).toEqual(a.expression);
  });

  it('refuses wrong fields, operators and values from untyped callers', () => {
    const loose = userFilter as unknown as Record<string, Record<string, (v?: unknown) => unknown>>;
    expect(() => loose.nickname).toThrow(ValidationError);
    expect(() => loose.nickname).toThrow(/filter\.nickname: is not a filter field/);
    expect(loose.username!.gt).toBeUndefined();
    expect(() => loose.username!.eq!(42)).toThrow(/filter\.username: must be a string/);
    expect(() => loose.has_active_passkey!.eq!('true')).toThrow(/must be a boolean/);
    expect(() => loose.last_auth_time!.gt!('yesterday')).toThrow(/RFC 3339/);
    expect(() => loose.last_auth_time!.gt!(new Date(Number.NaN))).toThrow(/valid Date/);
    expect(() =>
      (passkeyFilter.major.eq as (v: unknown) => unknown)(Number.POSITIVE_INFINITY),
    ).toThrow(/finite/);
    expect(() => and(userFilter.id.eq('x'), 'id eq "y"' as never)).toThrow(/and\[1\]/);
  });

  it('is serialisable and immutable', () => {
    const f = userFilter.id.eq('x');
    expect(JSON.stringify({ filter: f })).toBe('{"filter":"id eq \\"x\\""}');
    expect(Object.isFrozen(f)).toBe(true);
  });
});

describe('orderBy builder', () => {
  it('joins sort keys with commas and appends desc', () => {
    expect(String(userOrderBy.desc('last_auth_time').asc('display_name'))).toBe(
      'last_auth_time desc,display_name',
    );
    expect(String(groupOrderBy.asc('name'))).toBe('name');
    expect(String(passkeyOrderBy.desc('date_last_auth'))).toBe('date_last_auth desc');
  });

  it('is immutable and refuses unknown fields from untyped callers', () => {
    const base = userOrderBy.asc('username');
    base.desc('source');
    expect(String(base)).toBe('username');
    expect(() => groupOrderBy.asc('username' as 'name')).toThrow(
      /orderBy: "username" is not a sort field/,
    );
  });
});

describe('SCIM group filter', () => {
  it('compares displayName with eq and ne; other attributes are raw text', () => {
    expect(String(scimGroupFilter.displayName.eq('Engineering'))).toBe(
      'displayName eq "Engineering"',
    );
    expect(
      String(scimGroupFilter.displayName.ne('x').or(scimGroupFilter.displayName.eq('y'))),
    ).toBe('displayName ne "x" or displayName eq "y"');
    expect(() => Reflect.get(scimGroupFilter, 'members')).toThrow(/filter\.members/);
  });
});

describe('filter builder objects', () => {
  it('can be inspected, serialised and awaited without throwing', async () => {
    expect(() => inspect(userFilter)).not.toThrow();
    expect(JSON.stringify(groupFilter)).toContain('"name"');
    expect(await Promise.resolve(passkeyFilter)).toBe(passkeyFilter);
  });
});
