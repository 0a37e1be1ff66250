// Output formats: fields, tables that fit the terminal, CSV quoting, dates in tables.
import { describe, expect, it } from 'vitest';
import { project } from '../src/output/fields.js';
import { ListWriter, writeValue } from '../src/output/formats.js';
import { fitWidths, renderTable } from '../src/output/table.js';

const sink = () => {
  let text = '';
  const write = (t: string) => {
    text += t;
    return true;
  };
  return { stdout: { write }, text: () => text };
};

describe('output', () => {
  it('keeps only --fields, nested by their dotted paths', () => {
    expect(project({ id: '1', actor: { id: 'a', name: 'n' }, x: 1 }, ['id', 'actor.id'])).toEqual({
      id: '1',
      actor: { id: 'a' },
    });
  });

  it('narrows the widest columns to fit the terminal', () => {
    const widths = fitWidths([40, 10, 30], 60);
    expect(widths.reduce((a, b) => a + b, 0)).toBe(60 - 4); // the borders take one per column + 1
    expect(widths).toEqual([23, 10, 23]);
    expect(fitWidths([10, 10], 200)).toEqual([10, 10]);
    const text = renderTable([{ id: 'x'.repeat(80), name: 'ada' }], ['id', 'name'], false, 50);
    for (const line of text.trimEnd().split('\n')) expect(line.length).toBeLessThanOrEqual(50);
  });

  it('shows epoch milliseconds as dates in tables only', () => {
    const item = { id: '1', event_recorded_millis: 1_795_497_121_355 };
    expect(renderTable([item], ['id', 'event_recorded_millis'], false, undefined)).toContain(
      '2026-11-24T05:12:01.355Z',
    );
    const out = sink();
    writeValue(item, { format: 'json', fields: undefined, color: false, stdout: out.stdout });
    expect(JSON.parse(out.text())).toEqual(item);
  });

  it('quotes CSV cells and streams rows once the columns are known', () => {
    const out = sink();
    const writer = new ListWriter({
      format: 'csv',
      fields: ['name', 'tags'],
      color: false,
      stdout: out.stdout,
    });
    writer.write([{ name: 'Lovelace, Ada', tags: ['a', 'b'] }]);
    expect(out.text()).toBe('name,tags\n"Lovelace, Ada","[""a"",""b""]"\n');
    writer.write([{ name: 'Grace' }]);
    writer.end();
    expect(out.text()).toBe('name,tags\n"Lovelace, Ada","[""a"",""b""]"\nGrace,\n');
  });
});
