// The file an export writes to, as the SDK's Node-writable target: each chunk is written at a
// known byte offset (gzip-compressed as a complete gzip member when the name ends in .gz, so the
// file is a valid multi-member gzip after every chunk), and a resumed export first cuts the file
// back to the offset its checkpoint recorded, so nothing written after the last checkpoint stays.
import { closeSync, fstatSync, ftruncateSync, openSync, writeSync } from 'node:fs';
import { gzipSync } from 'node:zlib';

/** An open export file. */
export interface ExportFile {
  /** The target to hand to `events.export({ to })`. */
  readonly target: {
    write(chunk: Uint8Array, callback?: (error?: Error | null) => void): boolean;
    on(event: string, listener: (...args: never[]) => void): unknown;
    once(event: string, listener: (...args: never[]) => void): unknown;
    removeListener(event: string, listener: (...args: never[]) => void): unknown;
  };
  /** Bytes in the file so far. */
  offset(): number;
  close(): void;
}

/**
 * Opens `path` for an export: created (or emptied) for a new export, cut back to `resumeAt` for
 * a resumed one.
 * @throws Error when a resumed file is shorter than its checkpoint says (it was changed since).
 */
export function openExportFile(path: string, resumeAt: number | undefined): ExportFile {
  const fd = openSync(path, resumeAt === undefined ? 'w' : 'r+');
  let offset = 0;
  if (resumeAt !== undefined) {
    const size = fstatSync(fd).size;
    if (size < resumeAt) {
      closeSync(fd);
      throw new Error(`${path} is shorter (${size} bytes) than its checkpoint says (${resumeAt})`);
    }
    ftruncateSync(fd, resumeAt);
    offset = resumeAt;
  }
  const gzip = path.endsWith('.gz');
  return {
    target: {
      write(chunk, callback) {
        try {
          const data = gzip ? gzipSync(chunk) : chunk;
          let written = 0;
          while (written < data.length)
            written += writeSync(fd, data, written, data.length - written, offset + written);
          offset += data.length;
          callback?.(null);
        } catch (error) {
          callback?.(error as Error);
        }
        return true;
      },
      on: () => undefined,
      once: () => undefined,
      removeListener: () => undefined,
    },
    offset: () => offset,
    close: () => closeSync(fd),
  };
}
