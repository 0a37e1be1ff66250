// The file target of an export (Node only; `node:fs` and `node:zlib` are imported when a path is
// given). Each chunk is written at a known byte offset, each page is made durable (fsync) before
// its checkpoint is reported, and the checkpoint carries the file's size: a resumed export first
// cuts the file back to that size, so a crash in the middle of a page (lines written, checkpoint
// not yet saved) leaves no line twice and no line cut short. A name ending in `.gz` is written as
// gzip, one complete gzip member per chunk, so the file is valid gzip after every chunk.
import { ValidationError } from '@x/runtime';
import type { LineSink } from './sink.js';

/** How to open the file. */
export interface FileSinkMode {
  /** Resume: cut the file back to this size (the checkpoint's `offset`) and write on from there. */
  readonly resumeAt?: number | undefined;
  /** Without `resumeAt`: append to the file (true) or replace it (false). */
  readonly append: boolean;
}

/**
 * Opens `path` for an export.
 * @throws ValidationError when a resumed file is shorter than its checkpoint says (it was changed).
 */
export async function fileSink(path: string, mode: FileSinkMode): Promise<LineSink> {
  const { open } = await import('node:fs/promises');
  const gzip = path.endsWith('.gz') ? (await import('node:zlib')).gzipSync : undefined;
  let offset = 0;
  let handle: Awaited<ReturnType<typeof open>>;
  if (mode.resumeAt !== undefined) {
    handle = await open(path, 'r+');
    const { size } = await handle.stat();
    if (size < mode.resumeAt) {
      await handle.close();
      throw new ValidationError(
        'checkpoint.offset',
        `${path} is shorter (${size} bytes) than its checkpoint says (${mode.resumeAt}): it was changed since`,
      );
    }
    await handle.truncate(mode.resumeAt);
    offset = mode.resumeAt;
  } else if (mode.append) {
    // Positional writes need `r+` (with `a` the system appends wherever it is asked to write).
    handle = await open(path, 'r+').catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return open(path, 'w');
      throw error;
    });
    offset = (await handle.stat()).size;
  } else {
    handle = await open(path, 'w');
  }
  let closed = false;
  return {
    async write(chunk) {
      const data = gzip ? gzip(chunk) : chunk;
      let written = 0;
      while (written < data.byteLength) {
        const { bytesWritten } = await handle.write(
          data,
          written,
          data.byteLength - written,
          offset + written,
        );
        written += bytesWritten;
      }
      offset += data.byteLength;
    },
    async flush() {
      // On disk before the checkpoint that covers these lines is reported.
      await handle.datasync();
    },
    offset: () => offset,
    async close() {
      if (closed) return;
      closed = true;
      await handle.close();
    },
  };
}
