// `paramsFromWire`: a wire query read as a list's params by the family's table of wire names; a
// key the table does not hold is refused by name, never dropped.
import { describe, expect, it } from 'vitest';
import { ValidationError } from '../src/index.js';
import { paramsFromWire, paramTable } from '../src/internal.js';

const TABLE = paramTable(['page_size', 'page_token']);
type Params = { page_size?: number; page_token?: string };

describe('paramsFromWire', () => {
  it('keeps each wire name of the table, leaving out the absent ones', () => {
    expect(paramsFromWire<Params>({ page_size: 5, page_token: undefined }, TABLE)).toEqual({
      page_size: 5,
    });
    expect(paramsFromWire<Params>(undefined, TABLE)).toEqual({});
  });

  it('refuses a wire key the table does not hold, naming it', () => {
    const read = () => paramsFromWire<Params>({ page_size: 5, order_by: 'name' }, TABLE);
    expect(read).toThrow(ValidationError);
    expect(read).toThrow(/^order_by: is a query parameter this SDK version does not send/);
    // A deprecated alias is an SDK name, never a wire name.
    expect(() => paramsFromWire<Params>({ pageSize: 5 }, TABLE)).toThrow(/^pageSize:/);
    const none = paramTable([]);
    expect(() => paramsFromWire<Record<string, never>>({ filter: 'x' }, none)).toThrow(/^filter:/);
    expect(paramsFromWire<Record<string, never>>({ filter: undefined }, none)).toEqual({});
  });
});
