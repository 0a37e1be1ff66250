import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { staticToken } from '@x/auth';
import {
  createEventsClient,
  type EventsCheckpoint,
  type ExportProgress,
  parseCheckpoint,
} from '@x/events';
import { AbortError, ServerError, ValidationError } from '@x/runtime';
import { afterEach, describe, expect, it } from 'vitest';
import { type FakeEventsServer, makeEvent, startFakeEventsServer } from './fake-server.js';

let server: FakeEventsServer | undefined;
let dir: string | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
  if (dir) await rm(dir, { recursive: true, force: true });
  dir = undefined;
});

const BASE = 1_800_000_000_000;
const client = (url: string) =>
  createEventsClient({ baseUrl: url, auth: staticToken('fake-key'), retry: { baseDelayMs: 1 } });
const sample = (n: number) =>
  Array.from({ length: n }, (_, i) => makeEvent(BASE + Math.floor(i / 3)));
const idsOf = (ndjson: string) =>
  ndjson
    .split('\n')
    .filter(Boolean)
    .map((line) => (JSON.parse(line) as { id: string }).id);

describe('export', () => {
  it('writes NDJSON to a file, stops on a failure, and resumes from its checkpoint without a duplicate line', async () => {
    server = await startFakeEventsServer(sample(2500));
    dir = await mkdtemp(join(tmpdir(), 'events-export-'));
    const file = join(dir, 'events.ndjson');
    const events = client(server.url);
    // The third page fails beyond the runtime's retries.
    server.fail = (n) => (n >= 3 && n <= 5 ? 503 : undefined);
    const progress: ExportProgress[] = [];
    const error = await events
      .export({
        page_size: 1000,
        to: file,
        onProgress: (p) => void progress.push(p),
      })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ServerError);
    const stopped = error as ServerError;
    expect(stopped.paging).toMatchObject({ page: 3, pagesDelivered: 2, itemsDelivered: 2000 });
    expect(progress.map((p) => p.events)).toEqual([1000, 2000]);
    const partial = await readFile(file, 'utf8');
    expect(Buffer.byteLength(partial)).toBe(progress.at(-1)!.bytes);
    expect(parseCheckpoint(stopped.paging!.resumeFrom)).toEqual(progress.at(-1)!.checkpoint);

    server.fail = undefined;
    const resumed = await events.export({
      page_size: 1000,
      to: file,
      checkpoint: stopped.paging!.resumeFrom as string,
    });
    expect(resumed.events).toBe(500);
    const ids = idsOf(await readFile(file, 'utf8'));
    expect(ids).toEqual(server.ids());
    expect(new Set(ids).size).toBe(2500);
    expect(resumed.checkpoint.recordedAfter).toBe(server.maxRecorded());
  });

  it('writes to a WritableStream, honouring its backpressure, and stops cleanly on abort', async () => {
    server = await startFakeEventsServer(sample(900));
    const chunks: Uint8Array[] = [];
    // Queued = bytes handed to the stream minus bytes it finished. Lines go out in chunks of
    // about 64 KiB: with backpressure at most one chunk waits beyond the mark; without it, a
    // whole page of 300 events (~120 kB) would queue up.
    const mark = 16 * 1024;
    let queued = 0;
    let maxQueued = 0;
    const slow = () =>
      new WritableStream<Uint8Array>(
        {
          async write(chunk) {
            await new Promise((r) => setTimeout(r, 0));
            chunks.push(chunk);
            queued -= chunk.byteLength;
          },
        },
        {
          highWaterMark: mark,
          size: (chunk) => {
            queued += chunk.byteLength;
            maxQueued = Math.max(maxQueued, queued);
            return chunk.byteLength;
          },
        },
      );
    const stop = new AbortController();
    const events = client(server.url);
    const progress: ExportProgress[] = [];
    const error = await events
      .export({
        page_size: 300,
        to: slow(),
        signal: stop.signal,
        onProgress: (p) => {
          progress.push(p);
          if (p.pages === 2) stop.abort();
        },
      })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AbortError);
    const checkpoint: EventsCheckpoint = parseCheckpoint((error as AbortError).paging!.resumeFrom);
    // Exactly the first two pages were written, each line whole, and the checkpoint says so.
    const partial = new TextDecoder().decode(Buffer.concat(chunks));
    expect(partial.endsWith('\n')).toBe(true);
    expect(idsOf(partial)).toEqual(server.ids().slice(0, 600));
    expect((error as AbortError).paging).toMatchObject({ itemsDelivered: 600, pagesDelivered: 2 });
    expect(progress.at(-1)).toMatchObject({
      events: 600,
      pages: 2,
      bytes: Buffer.byteLength(partial),
    });
    expect(maxQueued).toBeGreaterThan(0);
    expect(maxQueued).toBeLessThan(mark + 64 * 1024 + 2048);

    const done = await events.export({ page_size: 300, to: slow(), checkpoint });
    expect(done.events).toBe(300);
    const text = new TextDecoder().decode(Buffer.concat(chunks));
    expect(idsOf(text)).toEqual(server.ids());
    expect(done.bytes).toBe(Buffer.byteLength(text) - Buffer.byteLength(partial));
  });

  it('writes to a Node Writable and waits for drain', async () => {
    server = await startFakeEventsServer(sample(500));
    const written: string[] = [];
    let drains = 0;
    let maxBuffered = 0;
    const sink = new Writable({
      highWaterMark: 1024,
      write(chunk: Buffer, _enc, callback) {
        maxBuffered = Math.max(maxBuffered, sink.writableLength);
        written.push(chunk.toString());
        setImmediate(callback);
      },
    });
    sink.on('drain', () => drains++);
    const result = await client(server.url).export({ to: sink, page_size: 1000 });
    expect(result).toMatchObject({ events: 500, pages: 1 });
    const text = written.join('');
    expect(result.bytes).toBe(Buffer.byteLength(text));
    expect(drains).toBeGreaterThan(0);
    // One chunk (~64 KiB) past the mark at most: the page itself (~200 kB) never piles up.
    expect(Buffer.byteLength(text)).toBeGreaterThan(150_000);
    expect(maxBuffered).toBeLessThan(1024 + 64 * 1024 + 2048);
    expect(idsOf(text)).toEqual(server.ids());
    expect(sink.writableEnded).toBe(false); // a stream you pass stays open
  });

  it("a failing Node stream stops the export with the stream's own error", async () => {
    server = await startFakeEventsServer(sample(50));
    const broken = new Writable({
      write(_chunk, _enc, callback) {
        callback(new Error('disk full'));
      },
    });
    const progress: ExportProgress[] = [];
    const error = await client(server.url)
      .export({ to: broken, onProgress: (p) => void progress.push(p) })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toMatch(/disk full/);
    expect(progress).toEqual([]); // no page was accepted: nothing counts as written
  });

  it('refuses descending order and a missing target', async () => {
    const events = createEventsClient({ baseUrl: 'http://127.0.0.1:9' });
    // @ts-expect-error: exports are ascending
    await expect(events.export({ to: 'x', ordering: 'desc' })).rejects.toThrow(/asc/);
    // @ts-expect-error: to is required
    await expect(events.export({})).rejects.toThrow(/^to: /);
    await expect(events.export({ to: 'x', page_size: 0 })).rejects.toThrow(/^page_size: /);
    await expect(events.export({ to: 'x', query: {} } as never)).rejects.toThrow(
      /^query: .*start_time/,
    );
    await expect(events.export({ to: 'x', checkpoint: '{}' })).rejects.toThrow(ValidationError);
  });
});
