// `instanceof` across two copies of @x/runtime in one process: the second copy is the same source
// loaded again as a separate module instance (what two installed versions are to Node).
import * as one from '@x/runtime';
import { describe, expect, it, vi } from 'vitest';

async function secondCopy(): Promise<typeof one> {
  vi.resetModules();
  const copy = (await import('../src/index.js')) as typeof one;
  expect(copy.NotFoundError).not.toBe(one.NotFoundError);
  return copy;
}

const request = { method: 'GET', path: '/v2/users/u1' };
const notFound = (rt: typeof one) =>
  new rt.NotFoundError({ status: 404, request, rawBody: '', code: 'not_found' });

describe('error classes answer instanceof across runtime copies', () => {
  it('an error of either copy is an instance of the same class, and of its parents, in both', async () => {
    const two = await secondCopy();
    for (const [from, to] of [
      [one, two],
      [two, one],
    ] as const) {
      const error = notFound(from);
      expect(error instanceof to.NotFoundError).toBe(true);
      expect(error instanceof to.ApiError).toBe(true);
      expect(error instanceof to.SdkError).toBe(true);
      expect(error instanceof Error).toBe(true);
      expect(error instanceof to.ConflictError).toBe(false);
      expect(error instanceof to.ValidationError).toBe(false);
    }
  });

  it('covers every error class the runtime exports, each with its own parents only', async () => {
    const two = await secondCopy();
    const classes = Object.entries(one).filter(
      ([, value]) => typeof value === 'function' && value.prototype instanceof Error,
    ) as [string, typeof one.SdkError][];
    expect(classes.map(([name]) => name)).toContain('PagingLoopError');
    for (const [name, cls] of classes) {
      const instance = Object.create(cls.prototype) as object;
      const other = (two as unknown as Record<string, typeof one.SdkError>)[name]!;
      expect(instance instanceof other, name).toBe(true);
      for (const [otherName, otherCls] of classes)
        expect(instance instanceof otherCls, `${name} instanceof ${otherName}`).toBe(
          otherCls === cls || cls.prototype instanceof otherCls,
        );
    }
  });

  it('copies made by withContext keep the brand', async () => {
    const two = await secondCopy();
    const error = notFound(one).withContext({
      paging: { page: 2, resumeFrom: 'abc', pagesDelivered: 1, itemsDelivered: 10 },
    });
    expect(error instanceof two.NotFoundError).toBe(true);
    expect(error.paging?.page).toBe(2);
  });

  it('values that only look like errors are not instances', async () => {
    for (const value of [null, undefined, 'NotFoundError', 404, {}, new Error('x')])
      expect(value instanceof one.NotFoundError).toBe(false);
    const lookalike = { name: 'NotFoundError', status: 404, message: 'x' };
    expect(lookalike instanceof one.ApiError).toBe(false);
  });

  it("an app's own subclass keeps the ordinary prototype test and its parents' brands", async () => {
    const two = await secondCopy();
    class MissingUser extends one.NotFoundError {}
    const mine = new MissingUser({ status: 404, request, rawBody: '' });
    expect(mine instanceof MissingUser).toBe(true);
    expect(mine instanceof two.NotFoundError).toBe(true);
    expect(notFound(one) instanceof MissingUser).toBe(false);
  });

  it('narrows the type, as a plain class does', () => {
    const error: unknown = notFound(one);
    if (!(error instanceof one.NotFoundError)) throw new Error('expected a NotFoundError');
    // Type-checked: `status` and `resourceInfo` exist only after narrowing.
    expect([error.status, error.resourceInfo]).toEqual([404, undefined]);
  });
});
