import { ConflictError, ServerError, ValidationError } from '@x/runtime';
import {
  chunk,
  MAX_IDS_PER_REQUEST,
  runBatches,
  runKindBatches,
  uniqueIds,
} from '@x/runtime/internal';
import { describe, expect, it } from 'vitest';

const ids = (n: number, prefix = 'id') => Array.from({ length: n }, (_, i) => `${prefix}-${i}`);

describe('runBatches', () => {
  it('splits into sequential chunks of at most 1000, in order', async () => {
    expect(MAX_IDS_PER_REQUEST).toBe(1000);
    const all = ids(2501);
    const seen: { index: number; size: number }[] = [];
    let running = 0;
    const results = await runBatches(all, async (chunkIds, index) => {
      running++;
      expect(running).toBe(1);
      await new Promise((r) => setImmediate(r));
      seen.push({ index, size: chunkIds.length });
      running--;
      return chunkIds;
    });
    expect(seen).toEqual([
      { index: 0, size: 1000 },
      { index: 1, size: 1000 },
      { index: 2, size: 501 },
    ]);
    expect(results.flat()).toEqual(all);
  });

  it('removes duplicate ids first, keeping the first occurrence', async () => {
    const withDuplicates = [...ids(1000), ...ids(600), 'extra', 'id-3'];
    const sent: string[][] = [];
    await runBatches(withDuplicates, async (chunkIds) => {
      sent.push(chunkIds);
    });
    expect(sent.map((c) => c.length)).toEqual([1000, 1]);
    expect(sent.flat()).toEqual([...ids(1000), 'extra']);
  });

  it('refuses non-string and empty ids before sending anything', async () => {
    for (const bad of [['a', ''], ['a', 7], ['a', null], [undefined], 'a,b', null, [{}]]) {
      let calls = 0;
      const error = await runBatches(bad, async () => {
        calls++;
      }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ValidationError);
      expect(calls).toBe(0);
    }
    expect(() => uniqueIds(['x', 5], 'user_ids')).toThrow(/user_ids\[1\]/);
  });

  it('refuses an empty list unless allowEmpty', async () => {
    await expect(runBatches([], async () => 1)).rejects.toBeInstanceOf(ValidationError);
    expect(await runBatches([], async () => 1, { allowEmpty: true })).toEqual([]);
  });

  it('a failing chunk throws its own error class with the batch context', async () => {
    const all = ids(3500);
    const cause = new ServerError({ status: 503, request: { method: 'POST' }, rawBody: '' });
    const sent: number[] = [];
    const error = await runBatches(all, async (_chunkIds, index) => {
      sent.push(index);
      if (index === 1) throw cause;
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ServerError);
    const e = error as ServerError;
    expect(e).not.toBe(cause);
    expect(cause.batch).toBeUndefined();
    expect(e.status).toBe(503);
    expect(e.message).toBe(cause.message);
    expect(e.batch).toEqual({
      chunkIndex: 1,
      chunkCount: 4,
      chunkIds: all.slice(1000, 2000),
      succeededIds: all.slice(0, 1000),
      pendingIds: all.slice(2000),
      notAppliedIds: all.slice(1000),
    });
    expect(e.request?.method).toBe('POST');
    expect(JSON.stringify(e)).toContain('"chunkIndex":1');
    expect(sent).toEqual([0, 1]);
  });

  it("an error that is not the SDK's passes through as it is", async () => {
    const boom = new TypeError('boom');
    await expect(runBatches(['a'], async () => Promise.reject(boom))).rejects.toBe(boom);
  });
});

describe('runKindBatches', () => {
  it('request i carries chunk i of every kind; a failure names the chunk of each kind', async () => {
    const groups = ids(1500, 'g');
    const identities = ids(300, 'i');
    const sent: Record<string, string[] | undefined>[] = [];
    const conflict = new ConflictError({ status: 409, request: { method: 'POST' }, rawBody: '' });
    const error = await runKindBatches(
      { groupIds: groups, identityIds: identities },
      async (request, index) => {
        sent.push(request);
        if (index === 1) throw conflict;
      },
      { field: 'members' },
    ).catch((e: unknown) => e);
    expect(sent.map((r) => [r.groupIds?.length, r.identityIds?.length])).toEqual([
      [1000, 300],
      [500, undefined],
    ]);
    expect(error).toBeInstanceOf(ConflictError);
    expect((error as ConflictError).batch).toMatchObject({
      chunkIndex: 1,
      chunkIds: groups.slice(1000),
      succeededIds: [...groups.slice(0, 1000), ...identities],
      pendingIds: [],
      notAppliedIds: groups.slice(1000),
    });
  });

  it('refuses no ids at all, and bad ids of a kind by name', async () => {
    const send = async () => undefined;
    await expect(runKindBatches({}, send, { field: 'members' })).rejects.toThrow(/members/);
    await expect(
      runKindBatches({ groupIds: [], identityIds: [] }, send, { field: 'members' }),
    ).rejects.toThrow(/members/);
    await expect(
      runKindBatches({ groupIds: ['a', 3] }, send, { field: 'members' }),
    ).rejects.toThrow(/groupIds\[1\]/);
  });
});

describe('chunk and uniqueIds', () => {
  it('chunk splits at the given size and refuses a bad size', () => {
    expect(chunk([1, 2, 3, 4, 5], 2)).toEqual([[1, 2], [3, 4], [5]]);
    expect(chunk(ids(1000)).length).toBe(1);
    expect(chunk(ids(1001)).map((c) => c.length)).toEqual([1000, 1]);
    expect(chunk([])).toEqual([]);
    for (const size of [0, -1, 1.5, Number.NaN])
      expect(() => chunk([1], size)).toThrow(ValidationError);
  });

  it('uniqueIds keeps first occurrences in order', () => {
    expect(uniqueIds(['b', 'a', 'b', 'c', 'a'])).toEqual(['b', 'a', 'c']);
  });
});
