// Parameter names: wire names (`page_size`) are the names; 0.2's camelCase names are derived
// aliases, moved to their wire names and reported once per client.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type ClientEvent, createApiClient, ValidationError } from '../src/index.js';
import { camelAlias, paramTable, type RenamedParam, toWireNames } from '../src/internal.js';

/** A snake_case wire name: lower-case words of letters and digits, the first starting with a letter. */
const word = fc.stringMatching(/^[a-z0-9]{1,8}$/);
const wireName = fc
  .tuple(fc.stringMatching(/^[a-z][a-z0-9]{0,7}$/), fc.array(word, { maxLength: 4 }))
  .map(([head, rest]) => [head, ...rest].join('_'));
const snake = (camel: string) => camel.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

describe('camelAlias', () => {
  it('gives the camelCase names 0.2 used', () => {
    expect(camelAlias('page_size')).toBe('pageSize');
    expect(camelAlias('groups_page_size')).toBe('groupsPageSize');
    expect(camelAlias('include_not_attested')).toBe('includeNotAttested');
    expect(camelAlias('skip')).toBe('skip');
    expect(camelAlias('startIndex')).toBe('startIndex');
  });

  it('is undone by snake_case for every wire name whose words start with a letter', () => {
    const lettered = wireName.filter((name) => !/_[0-9]/.test(name));
    fc.assert(fc.property(lettered, (name) => snake(camelAlias(name)) === name));
  });

  it('never leaves an underscore before a letter or digit, and never maps two names to one alias', () => {
    fc.assert(
      fc.property(wireName, wireName, (a, b) => {
        expect(camelAlias(a)).not.toMatch(/_[a-z0-9]/);
        if (a !== b && !/_[0-9]/.test(a) && !/_[0-9]/.test(b))
          expect(camelAlias(a)).not.toBe(camelAlias(b));
      }),
    );
  });
});

describe('toWireNames', () => {
  const table = paramTable(['page_size', 'page_token', 'skip', 'type'], { types: 'type' });

  it('moves every alias to its wire name and keeps the rest as given', () => {
    fc.assert(
      fc.property(
        fc.record(
          { page_size: fc.nat(), page_token: fc.string(), skip: fc.nat(), other: fc.string() },
          { requiredKeys: [] },
        ),
        fc.subarray(['page_size', 'page_token']),
        (wire, aliased) => {
          const given: Record<string, unknown> = { ...wire };
          for (const name of aliased)
            if (name in given) {
              given[camelAlias(name)] = given[name];
              delete given[name];
            }
          const renamed: RenamedParam[] = [];
          expect(toWireNames(given, table, (r) => renamed.push(r))).toEqual(wire);
          expect(renamed.map((r) => r.name).sort()).toEqual(
            aliased.filter((name) => name in wire).sort(),
          );
        },
      ),
    );
  });

  it('maps an alias the table names (0.2 `types` for `type`)', () => {
    expect(toWireNames({ types: ['bookmark'] }, table)).toEqual({ type: ['bookmark'] });
  });

  it('returns wire-named params unchanged, and leaves non-objects to the family checks', () => {
    const params = { page_size: 5 };
    expect(toWireNames(params, table)).toBe(params);
    expect(toWireNames(null, table)).toBe(null);
    expect(toWireNames('x', table)).toBe('x');
    expect(toWireNames({ pageSize: undefined }, table)).toEqual({});
  });

  it('refuses an alias beside its wire name', () => {
    const both = () => toWireNames({ pageSize: 5, page_size: 6 }, table);
    expect(both).toThrow(ValidationError);
    expect(both).toThrow(/^pageSize: is the deprecated name of page_size/);
  });
});

describe('wireParams on the client', () => {
  it('reports each alias once per client, as an event, a hook call and one warning', () => {
    const events: ClientEvent[] = [];
    const hooked: string[] = [];
    const warnings: string[] = [];
    const logger = { debug() {}, info() {}, error() {}, warn: (m: string) => warnings.push(m) };
    const table = paramTable(['page_size', 'order_by']);
    const api = createApiClient<object>({
      baseUrl: 'https://api.example.com',
      onEvent: (event) => events.push(event),
      hooks: { onDeprecation: (event) => hooked.push(event.name) },
      logger,
    });
    expect(api.wireParams({ pageSize: 5 }, table)).toEqual({ page_size: 5 });
    expect(api.wireParams({ pageSize: 6, orderBy: 'name' }, table)).toEqual({
      page_size: 6,
      order_by: 'name',
    });
    expect(api.wireParams({ page_size: 7 }, table)).toEqual({ page_size: 7 });
    expect(events).toEqual([
      { type: 'deprecation', name: 'pageSize', replacement: 'page_size' },
      { type: 'deprecation', name: 'orderBy', replacement: 'order_by' },
    ]);
    expect(hooked).toEqual(['pageSize', 'orderBy']);
    expect(warnings).toEqual([
      'pageSize is deprecated and goes in the next minor: use page_size',
      'orderBy is deprecated and goes in the next minor: use order_by',
    ]);
    // Another client warns again: the warning is per client.
    const other = createApiClient<object>({ baseUrl: 'https://api.example.com', logger });
    other.wireParams({ pageSize: 1 }, table);
    expect(warnings).toHaveLength(3);
  });

  it('deprecated(name, replacement) reports a deprecated method the same way, once per client', () => {
    const events: ClientEvent[] = [];
    const warnings: string[] = [];
    const logger = { debug() {}, info() {}, error() {}, warn: (m: string) => warnings.push(m) };
    const api = createApiClient<object>({
      baseUrl: 'https://api.example.com',
      onEvent: (event) => events.push(event),
      logger,
    });
    api.deprecated('groups.addMembers', 'groups.members.add');
    api.deprecated('groups.addMembers', 'groups.members.add');
    api.deprecated('users.listGroups', 'users.groups.list');
    expect(events).toEqual([
      { type: 'deprecation', name: 'groups.addMembers', replacement: 'groups.members.add' },
      { type: 'deprecation', name: 'users.listGroups', replacement: 'users.groups.list' },
    ]);
    expect(warnings).toEqual([
      'groups.addMembers is deprecated and goes in the next minor: use groups.members.add',
      'users.listGroups is deprecated and goes in the next minor: use users.groups.list',
    ]);
    createApiClient<object>({ baseUrl: 'https://api.example.com', logger }).deprecated(
      'groups.addMembers',
      'groups.members.add',
    );
    expect(warnings).toHaveLength(3);
  });
});
