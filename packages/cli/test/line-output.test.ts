// The hard case of `follow`, made to happen: a line written to the output file, then a kill
// before its checkpoint was saved. The restart cuts the file back to the checkpoint's offset.
import { closeSync, openSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openLineOutput } from '../src/events/stdout-sink.js';
import { tempDir } from './helpers.js';

describe('follow output on a regular file', () => {
  it('truncates back to the last checkpoint on restart, so the line is written once', () => {
    const file = join(tempDir(), 'out.ndjson');
    let fd = openSync(file, 'a');
    const first = openLineOutput(fd, undefined);
    first.write('{"id":"1"}\n');
    const saved = first.write('{"id":"2"}\n'); // the checkpoint was saved after this line
    first.write('{"id":"3"}\n'); // written, then killed before its checkpoint
    closeSync(fd);

    fd = openSync(file, 'a');
    const second = openLineOutput(fd, saved);
    expect(second.note).toMatch(/removed 11 bytes/);
    second.write('{"id":"3"}\n'); // the restart delivers it again, from the checkpoint
    closeSync(fd);
    expect(readFileSync(file, 'utf8')).toBe('{"id":"1"}\n{"id":"2"}\n{"id":"3"}\n');
  });

  it('appends to another file (a rotated log) without cutting it', () => {
    const dir = tempDir();
    const a = join(dir, 'a.ndjson');
    const b = join(dir, 'b.ndjson');
    let fd = openSync(a, 'a');
    const saved = openLineOutput(fd, undefined).write('{"id":"1"}\n');
    closeSync(fd);
    fd = openSync(b, 'a');
    const out = openLineOutput(fd, saved);
    expect(out.note).toBeUndefined();
    out.write('{"id":"2"}\n');
    closeSync(fd);
    expect(readFileSync(b, 'utf8')).toBe('{"id":"2"}\n');
  });
});
