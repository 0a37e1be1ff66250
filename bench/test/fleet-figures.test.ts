// The arithmetic of the fleet benchmark (bench/src/fleet.ts) and how a benchmark run on its own
// puts its section into docs/benchmarks.md: the figures must say what the processes did.
import { describe, expect, it } from 'vitest';
import {
  checkFileDelivery,
  steadyRate,
  summariseRate,
  summariseTakeovers,
  takeoverTimes,
} from '../src/lib/fleet-figures.js';
import { replaceSection } from '../src/lib/render.js';
import type { Section } from '../src/lib/section.js';

describe('summariseRate', () => {
  it('sums the workers and sets what was accepted against what the limit allows', () => {
    const worker = { offered: 3000, ok: 340, limited: 5, failed: 1, notSent: 2654 };
    const summary = summariseRate([worker, { ...worker, ok: 335, limited: 0 }], 50, 10_000);
    expect(summary).toEqual({
      offered: 6000,
      ok: 675,
      limited: 5,
      failed: 2,
      notSent: 5308,
      acceptedPerSecond: 67.5,
      useOfLimit: 1.35,
    });
    expect(summariseRate([{ ...worker, ok: 450 }], 50, 10_000).useOfLimit).toBe(0.9);
  });
});

describe('steadyRate', () => {
  it('counts only the answers from its start (inclusive) to its end (exclusive)', () => {
    const ok = [500, 9_999, 10_000, 10_500, 11_999, 12_000];
    const limited = [900, 10_100, 12_000];
    expect(steadyRate(ok, limited, 2, 10_000, 12_000)).toEqual({
      ok: 3,
      limited: 1,
      useOfLimit: 0.75,
    });
  });
});

describe('checkFileDelivery', () => {
  const line = (id: string) => `${JSON.stringify({ id, event_type: 'USER_CHANGE' })}\n`;

  it('counts every produced event once when the file holds each once', () => {
    expect(checkFileDelivery(line('a') + line('b') + line('c'), ['a', 'b', 'c'])).toEqual({
      lines: 3,
      distinct: 3,
      duplicates: 0,
      missing: 0,
      torn: 0,
    });
  });

  it('counts a repeated line, a missing event and a cut-off last write', () => {
    const text = `${line('a')}${line('b')}${line('a')}{"id":"c","event_ty`;
    expect(checkFileDelivery(text, ['a', 'b', 'c', 'd'])).toEqual({
      lines: 3,
      distinct: 2,
      duplicates: 1,
      missing: 2,
      torn: 1,
    });
  });

  it('counts a line that is no event with an id as torn, and reads an empty file', () => {
    expect(checkFileDelivery(`${line('a')}{"id":\n[]\n`, ['a']).torn).toBe(2);
    expect(checkFileDelivery('', ['a'])).toEqual({
      lines: 0,
      distinct: 0,
      duplicates: 0,
      missing: 1,
      torn: 0,
    });
  });
});

describe('takeoverTimes', () => {
  it('is the time from each kill to the first other worker leading after it', () => {
    const changes = [
      { worker: 0, at: 1000 },
      { worker: 1, at: 16_500 },
      { worker: 3, at: 40_200 },
      { worker: 1, at: 25_000 },
    ];
    const kills = [
      { worker: 0, at: 2000 },
      { worker: 1, at: 26_000 },
      { worker: 3, at: 50_000 },
    ];
    expect(takeoverTimes(kills, changes)).toEqual([14_500, 14_200, undefined]);
  });

  it('ignores the killed worker leading again and a change before the kill', () => {
    const changes = [
      { worker: 2, at: 900 },
      { worker: 1, at: 1200 },
      { worker: 0, at: 3000 },
    ];
    expect(takeoverTimes([{ worker: 1, at: 1000 }], changes)).toEqual([2000]);
  });

  it('summarises the maximum, the median and the kills nobody took over from', () => {
    expect(summariseTakeovers([14_500, 14_200, undefined, 15_100])).toEqual({
      maxMs: 15_100,
      medianMs: 14_500,
      missed: 1,
    });
    const none = summariseTakeovers([undefined]);
    expect(none.missed).toBe(1);
    expect(Number.isNaN(none.maxMs)).toBe(true);
  });
});

describe('replaceSection', () => {
  const doc = [
    '# Benchmarks',
    '',
    '| Benchmark | Figure | Value | Goal | Result |',
    '| --- | --- | --- | --- | --- |',
    '| 1. One | a | 1 |  |  |',
    '| 2. Two | b | 2 | ≤ 3 | pass |',
    '| 2. Two | c | 3 |  |  |',
    '',
    '## 1. One',
    '',
    'How one is measured.',
    '',
    '## 2. Two',
    '',
    'How two was measured.',
    '',
    '- an old note',
    '',
    '## 3. Three',
    '',
    'How three is measured.',
    '',
  ].join('\n');
  const two: Section = {
    id: 'two',
    title: '2. Two',
    method: 'How two is measured now.',
    figures: [{ name: 'b', value: '2.5', goal: '≤ 3', pass: true }],
    notes: ['a new note'],
  };

  it("replaces the section's rows and its part, and keeps every other line", () => {
    const out = replaceSection(doc, two);
    expect(out).toContain('| 1. One | a | 1 |  |  |\n| 2. Two | b | 2.5 | ≤ 3 | pass |\n\n');
    expect(out).not.toContain('| 2. Two | c |');
    expect(out).toContain(
      '## 2. Two\n\nHow two is measured now.\n\n- a new note\n\n## 3. Three\n\nHow three is measured.\n',
    );
    expect(out).not.toContain('an old note');
    expect(out.startsWith('# Benchmarks\n\n| Benchmark |')).toBe(true);
    expect(out).toContain('## 1. One\n\nHow one is measured.\n\n## 2. Two');
  });

  it('adds a section the document does not have yet: rows after the last, part at the end', () => {
    const out = replaceSection(doc, { ...two, title: '4. Four' });
    expect(out).toContain('| 2. Two | c | 3 |  |  |\n| 4. Four | b | 2.5 | ≤ 3 | pass |\n\n');
    expect(
      out.endsWith(
        'How three is measured.\n\n## 4. Four\n\nHow two is measured now.\n\n- a new note\n',
      ),
    ).toBe(true);
  });

  it('is the same document when run twice with the same section', () => {
    const once = replaceSection(doc, two);
    expect(replaceSection(once, two)).toBe(once);
  });
});
