// Results on stdout: a table for people on a terminal, JSON, NDJSON, CSV or YAML for scripts.
// Lists stream where the format allows it (NDJSON, and CSV once its columns are known).
import { stringify as csvLine } from 'csv-stringify/sync';
import { stringify as yaml } from 'yaml';
import { CliError } from '../cli-error.js';
import { EXIT } from '../exit-codes.js';
import type { OutStream } from '../io.js';
import type { Json } from '../spec/schema.js';
import { defaultColumns } from './columns.js';
import { cellText, project, valueAt } from './fields.js';
import type { Query } from './query.js';
import { renderRecord, renderTable } from './table.js';

/** The formats of `--output`. */
export const FORMATS = ['table', 'json', 'ndjson', 'csv', 'yaml'] as const;
/** One of `FORMATS`. */
export type Format = (typeof FORMATS)[number];

/** How to write results. */
export interface OutputOptions {
  readonly format: Format;
  readonly fields: readonly string[] | undefined;
  readonly color: boolean;
  readonly stdout: OutStream;
  /** For tables: the schema of a list's items (default columns). */
  readonly itemSchema?: Json | undefined;
  /** For tables: the terminal's width, to fit in. */
  readonly width?: number | undefined;
  /** `--query`: applied to the whole result (a list as one array) before anything is written. */
  readonly query?: Query | undefined;
}

/**
 * The format to use: `--output`, else a table on a terminal and JSON otherwise.
 * @throws CliError (usage) for an unknown format.
 */
export function formatOf(requested: string | undefined, stdoutIsTTY: boolean): Format {
  if (requested === undefined) return stdoutIsTTY ? 'table' : 'json';
  if (!(FORMATS as readonly string[]).includes(requested))
    throw new CliError(
      EXIT.usage,
      `--output must be one of ${FORMATS.join(', ')}, not "${requested}"`,
    );
  return requested as Format;
}

/** Writes one result (a created user, a fetched group); nothing for an empty result. */
export function writeValue(value: unknown, o: OutputOptions): void {
  if (value === undefined) return;
  if (o.query) {
    // The query's result is what gets formatted; the list's item schema no longer describes it.
    writeValue(o.query.apply(value), { ...o, query: undefined, itemSchema: undefined });
    return;
  }
  if (Array.isArray(value)) {
    const writer = new ListWriter(o);
    writer.write(value);
    writer.end();
    return;
  }
  const shown = project(value, o.fields);
  switch (o.format) {
    case 'json':
      o.stdout.write(`${JSON.stringify(shown, null, 2)}\n`);
      return;
    case 'ndjson':
      o.stdout.write(`${JSON.stringify(shown)}\n`);
      return;
    case 'yaml':
      o.stdout.write(yaml(shown));
      return;
    case 'csv': {
      const columns =
        o.fields ?? (shown && typeof shown === 'object' ? Object.keys(shown) : ['value']);
      o.stdout.write(csvLine([columns, columns.map((c) => cellText(valueAt(shown, c)))]));
      return;
    }
    case 'table': {
      if (shown === null || typeof shown !== 'object') {
        o.stdout.write(`${cellText(shown)}\n`);
        return;
      }
      o.stdout.write(renderRecord(shown as Record<string, unknown>, o.color, o.width));
    }
  }
}

/** Writes the items of a list as they come. Call `end()` once after the last. */
export class ListWriter {
  private readonly held: unknown[] = [];
  private csvColumns: readonly string[] | undefined;
  /** Items written so far. */
  count = 0;

  constructor(private readonly o: OutputOptions) {
    this.csvColumns = o.fields;
  }

  /** Writes (or holds, for formats that need every item) a page of items. */
  write(items: readonly unknown[]): void {
    this.count += items.length;
    const { o } = this;
    // A query sees the whole list: nothing streams until the last page.
    if (o.query) {
      this.held.push(...items);
      return;
    }
    if (o.format === 'ndjson') {
      if (items.length > 0)
        o.stdout.write(items.map((i) => `${JSON.stringify(project(i, o.fields))}\n`).join(''));
      return;
    }
    if (o.format === 'csv' && this.csvColumns) {
      if (this.held.length === 0 && this.count === items.length)
        o.stdout.write(csvLine([[...this.csvColumns]]));
      const cols = this.csvColumns;
      if (items.length > 0)
        o.stdout.write(csvLine(items.map((i) => cols.map((c) => cellText(valueAt(i, c))))));
      return;
    }
    this.held.push(...items);
  }

  /** Writes what was held: the table, the JSON array, the YAML list, or the CSV. */
  end(): void {
    const { o } = this;
    if (o.query) {
      writeValue(this.held, o);
      return;
    }
    switch (o.format) {
      case 'ndjson':
        return;
      case 'json':
        o.stdout.write(
          `${JSON.stringify(
            this.held.map((i) => project(i, o.fields)),
            null,
            2,
          )}\n`,
        );
        return;
      case 'yaml':
        o.stdout.write(yaml(this.held.map((i) => project(i, o.fields))));
        return;
      case 'csv': {
        if (this.csvColumns) {
          if (this.count === 0) o.stdout.write(csvLine([[...this.csvColumns]]));
          return;
        }
        const columns = unionKeys(this.held);
        o.stdout.write(
          csvLine([columns, ...this.held.map((i) => columns.map((c) => cellText(valueAt(i, c))))]),
        );
        return;
      }
      case 'table': {
        if (this.held.length === 0) return;
        const columns = o.fields ? [...o.fields] : defaultColumns(this.held, o.itemSchema);
        o.stdout.write(renderTable(this.held, columns, o.color, o.width));
      }
    }
  }
}

function unionKeys(items: readonly unknown[]): string[] {
  const keys: string[] = [];
  for (const item of items)
    if (item && typeof item === 'object')
      for (const key of Object.keys(item)) if (!keys.includes(key)) keys.push(key);
  return keys;
}
