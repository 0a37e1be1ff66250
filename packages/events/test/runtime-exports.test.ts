// The family re-exports what its callers catch or annotate, so apps never import @x/runtime.
import * as runtime from '@x/runtime';
import { missingRuntimeExports } from '@x/testing';
import { describe, expect, expectTypeOf, it } from 'vitest';
import * as family from '../src/index.js';

describe('re-exports from @x/runtime', () => {
  it('every public runtime value but the client builders, as the same object', () => {
    expect(missingRuntimeExports(family, runtime)).toEqual([]);
    expect(family.NotFoundError).toBe(runtime.NotFoundError);
  });

  it('the types callers annotate', () => {
    expectTypeOf<family.CallOptions>().toEqualTypeOf<runtime.CallOptions>();
    expectTypeOf<family.ListOptions>().toEqualTypeOf<runtime.ListOptions>();
    expectTypeOf<family.ClientOptions>().toEqualTypeOf<runtime.ClientOptions>();
    expectTypeOf<family.TokenProvider>().toEqualTypeOf<runtime.TokenProvider>();
    expectTypeOf<family.Page<string>>().toEqualTypeOf<runtime.Page<string>>();
    expectTypeOf<family.RequestContext>().toEqualTypeOf<runtime.RequestContext>();
    expectTypeOf<family.WithResponse<number>>().toEqualTypeOf<runtime.WithResponse<number>>();
  });
});
