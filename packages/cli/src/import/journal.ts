// The journal of an import: one JSON line per step, appended as it happens, so an import killed at
// any point (Ctrl-C, a crash, kill -9) resumes without creating a record twice. A row is marked
// `sending` before its request and `done` after its answer. On resume, `done` rows are skipped;
// a row left `sending` may or may not have been created, so it is sent again and a 409 Conflict
// for it counts as created (the platform refuses a duplicate of the unique fields).
import { closeSync, existsSync, openSync, readFileSync, writeSync } from 'node:fs';

/** The first line of a journal: what it is the journal of. */
export interface JournalHeader {
  readonly journal: 1;
  readonly operation: string;
  readonly file: string;
  /** SHA-256 of the CSV's bytes: a journal is only resumed for the same file. */
  readonly sha256: string;
  readonly rows: number;
}

/** What a journal says about each row. */
export interface JournalState {
  readonly header: JournalHeader;
  /** Rows created (or found created), with the id the platform gave. */
  readonly done: Map<number, string | undefined>;
  /** Rows whose request may have reached the platform without an answer recorded. */
  readonly pending: Set<number>;
  /** Rows the platform refused, with the reason. */
  readonly failed: Map<number, string>;
}

/** Reads a journal; undefined when there is none. Lines cut short by a crash are ignored. */
export function readJournal(path: string): JournalState | undefined {
  if (!existsSync(path)) return undefined;
  const lines = readFileSync(path, 'utf8').split('\n');
  let header: JournalHeader | undefined;
  const done = new Map<number, string | undefined>();
  const pending = new Set<number>();
  const failed = new Map<number, string>();
  for (const line of lines) {
    if (!line.trim()) continue;
    let entry: Record<string, unknown>;
    try {
      entry = JSON.parse(line) as Record<string, unknown>;
    } catch {
      continue; // the last line of a killed run may be cut short
    }
    if (entry.journal === 1) {
      header = entry as unknown as JournalHeader;
      continue;
    }
    const row = entry.row;
    if (typeof row !== 'number') continue;
    if (entry.state === 'sending') pending.add(row);
    else if (entry.state === 'done') {
      pending.delete(row);
      failed.delete(row);
      done.set(row, typeof entry.id === 'string' ? entry.id : undefined);
    } else if (entry.state === 'failed') {
      pending.delete(row);
      failed.set(row, String(entry.message ?? 'failed'));
    }
  }
  return header ? { header, done, pending, failed } : undefined;
}

/** Appends journal lines, each with one write: a kill leaves at most the last line cut short. */
export class JournalWriter {
  private readonly fd: number;

  constructor(path: string, header: JournalHeader | undefined) {
    this.fd = openSync(path, header ? 'w' : 'a');
    if (header) this.append(header);
  }

  /** Appends one entry. */
  append(entry: object): void {
    writeSync(this.fd, `${JSON.stringify(entry)}\n`);
  }

  close(): void {
    closeSync(this.fd);
  }
}
