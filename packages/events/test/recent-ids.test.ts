// The bounded memory of delivered ids that exports and tails use to skip repeats.
import { describe, expect, it } from 'vitest';
import { RecentIds } from '../src/recent-ids.js';

describe('RecentIds', () => {
  it('remembers the last `capacity` ids and forgets the oldest first', () => {
    const recent = new RecentIds(3);
    for (const id of ['a', 'b', 'c']) recent.add(id);
    expect(['a', 'b', 'c'].map((id) => recent.has(id))).toEqual([true, true, true]);
    recent.add('d');
    expect(['a', 'b', 'c', 'd'].map((id) => recent.has(id))).toEqual([false, true, true, true]);
    recent.add('e');
    recent.add('f');
    expect(['b', 'c', 'd', 'e', 'f'].map((id) => recent.has(id))).toEqual([
      false,
      false,
      true,
      true,
      true,
    ]);
  });

  it('adding an id again makes it the most recent', () => {
    const recent = new RecentIds(3);
    for (const id of ['a', 'b', 'c']) recent.add(id);
    recent.add('a');
    recent.add('d'); // forgets b, the oldest addition still current
    expect(['a', 'b', 'c', 'd'].map((id) => recent.has(id))).toEqual([true, false, true, true]);
    recent.add('e'); // forgets c; a's first addition is gone too, but a was added again since
    expect(['a', 'c', 'd', 'e'].map((id) => recent.has(id))).toEqual([true, false, true, true]);
    recent.add('f'); // now a is the oldest
    expect(recent.has('a')).toBe(false);
  });

  it('stays bounded and fast over many ids', () => {
    const recent = new RecentIds(10_000);
    for (let i = 0; i < 200_000; i++) recent.add(`ev-${i}`);
    expect(recent.has('ev-189999')).toBe(false);
    expect(recent.has('ev-190000')).toBe(true);
    expect(recent.has('ev-199999')).toBe(true);
  });
});
