// Tables for people: no rule between rows, columns narrowed (and their cells wrapped) to fit the
// terminal's width, epoch-millisecond fields shown as dates.
import Table from 'cli-table3';
import { cellText, valueAt } from './fields.js';

/** Narrowest a column is squeezed to before the table is allowed to overflow. */
const MIN_WIDTH = 10;

const COMPACT = { mid: '', 'left-mid': '', 'mid-mid': '', 'right-mid': '' };

/** A cell of a table: like CSV, but `*_millis` epoch times as ISO dates. */
function tableCell(item: unknown, column: string): string {
  const value = valueAt(item, column);
  if (typeof value === 'number' && /millis$/.test(column) && value > 1e11)
    return new Date(value).toISOString();
  return cellText(value);
}

/** Column widths (cell padding included) that fit `width`, shrinking the widest first. */
export function fitWidths(natural: readonly number[], width: number): number[] {
  const widths = [...natural];
  // Borders: one character per column plus one.
  const budget = width - (widths.length + 1);
  let total = widths.reduce((a, b) => a + b, 0);
  while (total > budget) {
    const widest = widths.indexOf(Math.max(...widths));
    if (widths[widest]! <= MIN_WIDTH) break;
    widths[widest]!--;
    total--;
  }
  return widths;
}

/** A table of `items` with `columns` as text. */
export function renderTable(
  items: readonly unknown[],
  columns: readonly string[],
  color: boolean,
  width: number | undefined,
): string {
  const rows = items.map((item) => columns.map((c) => tableCell(item, c)));
  const natural = columns.map(
    (c, i) =>
      Math.max(c.length, ...rows.map((r) => Math.max(...r[i]!.split('\n').map((l) => l.length)))) +
      2,
  );
  const table = new Table({
    // Colours are applied by the table after wrapping (escape codes inside a wrapped cell break).
    head: [...columns],
    style: { head: color ? ['cyan'] : [], border: color ? ['grey'] : [] },
    chars: COMPACT,
    ...(width
      ? { colWidths: fitWidths(natural, width), wordWrap: true, wrapOnWordBoundary: false }
      : {}),
  });
  for (const row of rows) table.push(row);
  return `${table.toString()}\n`;
}

/** One object as a two-column table of its fields and values. */
export function renderRecord(
  record: Record<string, unknown>,
  color: boolean,
  width: number | undefined,
): string {
  const keys = Object.keys(record);
  const keyWidth = Math.max(...keys.map((k) => k.length), 5) + 2;
  const valueWidth = Math.max(...keys.map((k) => tableCell(record, k).length), 5) + 2;
  const table = new Table({
    style: { head: [], border: color ? ['grey'] : [] },
    chars: COMPACT,
    ...(width
      ? {
          colWidths: [keyWidth, Math.max(Math.min(valueWidth, width - keyWidth - 3), MIN_WIDTH)],
          wordWrap: true,
          wrapOnWordBoundary: false,
        }
      : {}),
  });
  for (const key of keys) table.push([key, tableCell(record, key)]);
  return `${table.toString()}\n`;
}
