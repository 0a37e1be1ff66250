import { ValidationError } from '@x/runtime';
import { describe, expect, it } from 'vitest';
import { queryTextOf, timeOf } from '../src/tools/events-search.js';

describe('events_search arguments', () => {
  it('builds query_text from terms, each quoted, so no term carries an operator', () => {
    expect(queryTextOf({ all: ['ada'], any: ['grace', 'alan'], not: ['test'] })).toBe(
      '"ada" "grace" OR "alan" -"test"',
    );
    expect(queryTextOf({ any: ['x OR -y'] })).toBe('"x OR -y"');
    expect(queryTextOf({ all: ['say "hi" \\ bye'] })).toBe('"say \\"hi\\" \\\\ bye"');
    expect(queryTextOf(undefined)).toBeUndefined();
  });

  it('refuses control characters in a term, naming queryText', () => {
    expect(() => queryTextOf({ all: ['a\nb'] })).toThrow(ValidationError);
  });

  it('takes relative times back from now, and passes the rest to the events package', () => {
    const now = Date.UTC(2026, 10, 24, 12);
    expect(timeOf('24h', now)).toBe(now - 86_400_000);
    expect(timeOf('15m', now)).toBe(now - 900_000);
    expect(timeOf('7d', now)).toBe(now - 7 * 86_400_000);
    expect(timeOf('2026-11-01', now)).toBe('2026-11-01');
    expect(timeOf(1_700_000_000_000, now)).toBe(1_700_000_000_000);
  });
});
