// A file export after a crash in the middle of a page: lines of the page were written, its
// checkpoint was not saved. Resuming from the last saved checkpoint cuts those lines off (the
// checkpoint holds the file's size), so every event is in the file exactly once. `.gz` files are
// one gzip member per chunk and resume the same way.
import { appendFile, mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { staticToken } from '@x/auth';
import { createEventsClient, type ExportProgress, parseCheckpoint } from '@x/events';
import { ValidationError } from '@x/runtime';
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
  createEventsClient({ baseUrl: url, auth: staticToken('fake-key'), retry: false });
const sample = (n: number) => Array.from({ length: n }, (_, i) => makeEvent(BASE + i));
const idsOf = (ndjson: string) =>
  ndjson
    .split('\n')
    .filter(Boolean)
    .map((line) => (JSON.parse(line) as { id: string }).id);

/** Runs an export that stops after its first page, as a crash right after the checkpoint would. */
async function firstPage(file: string) {
  const events = client(server!.url);
  const progress: ExportProgress[] = [];
  await events
    .export({
      page_size: 400,
      to: file,
      onProgress: (p) => {
        progress.push(p);
        throw new Error('crash after the first checkpoint');
      },
    })
    .catch(() => undefined);
  expect(progress).toHaveLength(1);
  return { events, saved: progress[0]! };
}

describe('export to a file', () => {
  it('checkpoints the file size and resumes exactly once after a crash mid-page', async () => {
    server = await startFakeEventsServer(sample(1000));
    dir = await mkdtemp(join(tmpdir(), 'events-export-file-'));
    const file = join(dir, 'events.ndjson');
    const { events, saved } = await firstPage(file);
    const size = (await stat(file)).size;
    expect(saved.offset).toBe(size);
    expect(saved.checkpoint.offset).toBe(size);
    expect(parseCheckpoint(JSON.stringify(saved.checkpoint))).toEqual(saved.checkpoint);

    // What the crash left: the first lines of page 2, the last one cut short.
    const page2 = server.ids().slice(400, 450);
    const written = page2.map((id) => `${JSON.stringify({ id })}\n`).join('');
    await appendFile(file, `${written}{"id":"cut sho`);

    const resumed = await events.export({ page_size: 400, to: file, checkpoint: saved.checkpoint });
    expect(resumed.events).toBe(600);
    const ids = idsOf(await readFile(file, 'utf8'));
    expect(ids).toEqual(server.ids());
    expect(resumed.offset).toBe((await stat(file)).size);
  });

  it('a gzip file resumes the same way and stays valid gzip', async () => {
    server = await startFakeEventsServer(sample(900));
    dir = await mkdtemp(join(tmpdir(), 'events-export-file-'));
    const file = join(dir, 'events.ndjson.gz');
    const { events, saved } = await firstPage(file);
    expect(saved.offset).toBe((await stat(file)).size);
    await appendFile(file, Buffer.from([0x1f, 0x8b, 0x08, 0x00])); // a member cut short
    await events.export({ page_size: 400, to: file, checkpoint: saved.checkpoint });
    expect(idsOf(gunzipSync(await readFile(file)).toString('utf8'))).toEqual(server.ids());
  });

  it('refuses to resume a file shorter than its checkpoint says', async () => {
    server = await startFakeEventsServer(sample(500));
    dir = await mkdtemp(join(tmpdir(), 'events-export-file-'));
    const file = join(dir, 'events.ndjson');
    const { events, saved } = await firstPage(file);
    const error = await events
      .export({ to: file, checkpoint: { ...saved.checkpoint, offset: saved.offset! + 10 } })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as Error).message).toMatch(/^checkpoint\.offset: .*shorter/);
  });

  it('a stream target has no offset (at-least-once: it cannot be cut back)', async () => {
    server = await startFakeEventsServer(sample(10));
    const chunks: Uint8Array[] = [];
    const result = await client(server.url).export({
      to: new WritableStream<Uint8Array>({ write: (c) => void chunks.push(c) }),
    });
    expect(result.offset).toBeUndefined();
    expect(result.checkpoint).not.toHaveProperty('offset');
  });
});
