// Where an export writes its lines: a WHATWG WritableStream, a Node Writable, or a file path.
// Every sink honours backpressure; `flush` waits until what was written has been accepted (for a
// file: until it is on disk). `node:fs` is only imported, dynamically, when the target is a path
// (file-sink.ts), so browsers, Deno and Bun can use the streams without it. A stream cannot be cut
// back, so after a crash in the middle of a page its lines may be delivered again (at least once);
// a file is cut back to its checkpoint's offset (exactly once).
import { fileSink } from './file-sink.js';

/** The part of a Node `Writable` an export uses (a `fs.WriteStream`, `process.stdout`, …). */
export interface NodeWritableLike {
  write(chunk: Uint8Array, callback?: (error?: Error | null) => void): boolean;
  on(event: 'error', listener: (error: Error) => void): unknown;
  once(event: 'drain' | 'close', listener: () => void): unknown;
  removeListener(event: string, listener: (...args: never[]) => void): unknown;
}

/**
 * Where to write NDJSON: a `WritableStream<Uint8Array>`, a Node `Writable`, or a file path
 * (Node only; created, or cut back to the checkpoint's `offset` when resuming; `.gz` compresses).
 * Streams you pass stay open.
 */
export type ExportTarget = WritableStream<Uint8Array> | NodeWritableLike | string;

/** @internal */
export interface LineSink {
  /** Writes a chunk, waiting while the destination asks for backpressure. */
  write(chunk: Uint8Array): Promise<void>;
  /** Waits until every chunk written so far was accepted. */
  flush(): Promise<void>;
  /** Flushes and lets go of the destination (closing it only if the sink opened it). */
  close(): Promise<void>;
  /** The file's size in bytes (file targets only). */
  offset?(): number;
}

/** @internal */
export async function openSink(
  to: ExportTarget,
  append: boolean,
  resumeAt: number | undefined,
): Promise<LineSink> {
  if (typeof to === 'string') return fileSink(to, { append, resumeAt });
  if (isWebStream(to)) return webSink(to);
  if (isNodeWritable(to)) return nodeSink(to, undefined);
  throw new TypeError('to: must be a WritableStream, a Node Writable or a file path');
}

function isWebStream(to: unknown): to is WritableStream<Uint8Array> {
  return typeof (to as WritableStream | null)?.getWriter === 'function';
}

function isNodeWritable(to: unknown): to is NodeWritableLike {
  const w = to as Partial<NodeWritableLike> | null;
  return (
    typeof w?.write === 'function' && typeof w.once === 'function' && typeof w.on === 'function'
  );
}

function webSink(stream: WritableStream<Uint8Array>): LineSink {
  const writer = stream.getWriter();
  let last: Promise<void> = Promise.resolve();
  let released = false;
  return {
    async write(chunk) {
      await writer.ready;
      last = writer.write(chunk);
      last.catch(() => undefined);
    },
    async flush() {
      await last;
    },
    async close() {
      try {
        await last;
      } finally {
        if (!released) writer.releaseLock();
        released = true;
      }
    },
  };
}

function nodeSink(stream: NodeWritableLike, end: (() => Promise<void>) | undefined): LineSink {
  let failure: Error | undefined;
  const onError = (error: Error) => {
    failure ??= error;
  };
  // Without a listener an 'error' event would crash the process; the failure surfaces on write.
  stream.on('error', onError);
  let last: Promise<void> = Promise.resolve();
  let closed = false;
  return {
    async write(chunk) {
      if (failure) throw failure;
      let ok = true;
      last = new Promise<void>((resolve, reject) => {
        ok = stream.write(chunk, (error) => (error ? reject(error) : resolve()));
      });
      last.catch(() => undefined);
      if (!ok) await drained(stream, () => failure);
    },
    async flush() {
      await last;
      if (failure) throw failure;
    },
    async close() {
      if (closed) return;
      closed = true;
      try {
        await last;
        await end?.();
      } finally {
        stream.removeListener('error', onError);
      }
      if (failure) throw failure;
    },
  };
}

function drained(stream: NodeWritableLike, failed: () => Error | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    const done = () => {
      stream.removeListener('drain', done);
      stream.removeListener('close', done);
      stream.removeListener('error', done);
      const error = failed();
      if (error) reject(error);
      else resolve();
    };
    stream.once('drain', done);
    stream.once('close', done);
    stream.on('error', done);
  });
}
