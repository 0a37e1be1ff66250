// Where `events follow` writes its lines: file descriptor 1, written synchronously, one whole line
// per write. When stdout is a regular file (a redirect), the sink knows the file's identity
// (device and inode) and the byte offset after every line, and on restart truncates the file back
// to the offset its checkpoint recorded: a line written just before a kill, whose checkpoint was
// not saved, is removed and then written again, exactly once. A pipe cannot be taken back: there
// the line is written, then the checkpoint saved, back to back (see the README for what that
// guarantees).
import { fstatSync, ftruncateSync, writeSync } from 'node:fs';

/** Where the output stood after a line: kept in the checkpoint. */
export type OutputPosition =
  | { readonly kind: 'file'; readonly dev: number; readonly ino: number; readonly offset: number }
  | {
      readonly kind: 'stream';
      /**
       * Set (in a checkpoint saved just before) while a line longer than PIPE_BUF is written: a
       * kill then may leave part of it in the pipe, so the next run ends that part with a newline.
       */
      readonly cutLine?: boolean | undefined;
    };

/** Writes of at most this many bytes to a pipe are atomic (POSIX PIPE_BUF on Linux). */
export const PIPE_BUF = 4096;

/** A synchronous line writer on a file descriptor. */
export interface LineOutput {
  /** Whether the output can be cut back (a regular file) or not (a pipe, a socket, a terminal). */
  readonly kind: 'file' | 'stream';
  /** Writes the whole line before returning; the position after it. */
  write(line: string): OutputPosition;
  /** What happened when it was opened against a previous position (for a notice). */
  readonly note: string | undefined;
}

const sleeper = new Int32Array(new SharedArrayBuffer(4));

/** Writes all of `data` at `position` (or the current position), waiting out a full pipe. */
function writeAll(fd: number, data: Buffer, position: number | null): void {
  let written = 0;
  while (written < data.length) {
    try {
      written += writeSync(
        fd,
        data,
        written,
        data.length - written,
        position === null ? null : position + written,
      );
    } catch (error) {
      // A non-blocking pipe that is full: wait a moment for the reader, then go on.
      if ((error as NodeJS.ErrnoException).code !== 'EAGAIN') throw error;
      Atomics.wait(sleeper, 0, 0, 5);
    }
  }
}

/**
 * Opens fd `fd` for lines. When it is the regular file a previous run wrote to (same device and
 * inode), anything after the recorded offset is cut off first.
 */
export function openLineOutput(fd: number, previous: OutputPosition | undefined): LineOutput {
  const stat = fstatSync(fd);
  if (!stat.isFile()) {
    // A line cut by a kill may be in the pipe: end it, so that the next line starts whole.
    if (previous?.kind === 'stream' && previous.cutLine) writeAll(fd, Buffer.from('\n'), null);
    return {
      kind: 'stream',
      note: undefined,
      write(line) {
        writeAll(fd, Buffer.from(line), null);
        return { kind: 'stream' };
      },
    };
  }
  let offset = stat.size;
  let note: string | undefined;
  if (previous?.kind === 'file' && previous.dev === stat.dev && previous.ino === stat.ino) {
    if (stat.size > previous.offset) {
      ftruncateSync(fd, previous.offset);
      note = `removed ${stat.size - previous.offset} bytes written after the last checkpoint`;
      offset = previous.offset;
    } else if (stat.size < previous.offset)
      note = 'the output file is shorter than at the last checkpoint (truncated by someone else?)';
  }
  const { dev, ino } = stat;
  return {
    kind: 'file',
    note,
    write(line) {
      const data = Buffer.from(line);
      writeAll(fd, data, offset);
      offset += data.length;
      return { kind: 'file', dev, ino, offset };
    },
  };
}
