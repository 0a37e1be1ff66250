// `paramsFromWire`: a wire query read back into a list's SDK params by the family's table of wire
// names; a key the table has no name for is refused by name, never dropped.
import { describe, expect, it } from 'vitest';
import { ValidationError } from '../src/index.js';
import { paramsFromWire } from '../src/internal.js';

const NAMES = { pageSize: 'page_size', pageToken: 'page_token' } as const;
type Params = { pageSize?: number; pageToken?: string };

describe('paramsFromWire', () => {
  it('reads each wire name into its SDK param, leaving out the absent ones', () => {
    expect(paramsFromWire<Params>({ page_size: 5, page_token: undefined }, NAMES)).toEqual({
      pageSize: 5,
    });
    expect(paramsFromWire<Params>(undefined, NAMES)).toEqual({});
  });

  it('refuses a wire key it has no SDK name for, naming it', () => {
    const read = () => paramsFromWire<Params>({ page_size: 5, order_by: 'name' }, NAMES);
    expect(read).toThrow(ValidationError);
    expect(read).toThrow(/^order_by: is a query parameter this SDK version does not send/);
    expect(() => paramsFromWire<Record<string, never>>({ filter: 'x' }, {})).toThrow(/^filter:/);
    expect(paramsFromWire<Record<string, never>>({ filter: undefined }, {})).toEqual({});
  });
});
