// A listing's call options travel with every page request, merged with the paginator's own
// signal, so family packages never merge them themselves.
import {
  AbortError,
  type CallOptions,
  listPaging,
  offsetPaginator,
  PaginationError,
} from '@x/runtime';
import { describe, expect, it } from 'vitest';

type Raw = { items: number[]; total_size: number };
const pages =
  (total: number, size: number) =>
  (skip: number): Raw => ({
    items: Array.from({ length: Math.max(0, Math.min(size, total - skip)) }, (_, i) => skip + i),
    total_size: total,
  });

describe('PaginatorOptions.call', () => {
  it('reaches every page request with its headers, timeout and retry, plus a signal', async () => {
    const seen: CallOptions[] = [];
    const page = pages(7, 3);
    const list = offsetPaginator<number, Raw>(
      async ({ skip }, _signal, call) => {
        seen.push(call);
        return page(skip);
      },
      (raw) => raw.items,
      { pageSize: 3, call: { headers: { 'x-trace': 't1' }, timeoutMs: 1234, retry: false } },
    );
    expect(await list.toArray()).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(seen).toHaveLength(3);
    for (const call of seen) {
      expect(call).toMatchObject({ headers: { 'x-trace': 't1' }, timeoutMs: 1234, retry: false });
      expect(call.signal).toBeInstanceOf(AbortSignal);
    }
  });

  it("the call's signal stops paging: the page request sees it aborted", async () => {
    const controller = new AbortController();
    const page = pages(100, 10);
    let requests = 0;
    const list = offsetPaginator<number, Raw>(
      async ({ skip }, _signal, call) => {
        requests++;
        if (requests === 2) controller.abort();
        if (call.signal?.aborted) throw new AbortError('aborted');
        return page(skip);
      },
      (raw) => raw.items,
      { pageSize: 10, call: { signal: controller.signal } },
    );
    const error = await list.toArray().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PaginationError);
    expect((error as PaginationError).cause).toBeInstanceOf(AbortError);
    expect((error as PaginationError).itemsDelivered).toBe(10);
    expect(requests).toBe(2);
  });
});

describe('listPaging', () => {
  it('splits prefetch from the call options', () => {
    const signal = new AbortController().signal;
    expect(listPaging({ prefetch: true, timeoutMs: 5, signal })).toEqual({
      prefetch: true,
      call: { timeoutMs: 5, signal },
    });
    expect(listPaging(undefined)).toEqual({ prefetch: false, call: {} });
  });
});
