// `xid events list` (from the events catalog) in process: --since, --limit, filters, formats.
import type { Emulator } from '@x/emulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXIT } from '../src/exit-codes.js';
import { inProcessEmulator, runCli, seedEvents } from './helpers.js';

let emulator: Emulator;
let ids: string[];
beforeAll(async () => {
  emulator = await inProcessEmulator();
  seedEvents(emulator, 50, Date.now() - 30 * 86_400_000, 1, 'old');
  ids = seedEvents(emulator, 120, Date.now() - 86_400_000, 1, 'new');
});
afterAll(() => emulator.stop());

describe('xid events list', () => {
  it('lists the events since a relative time, paging through all of them', async () => {
    const r = await runCli(
      ['events', 'list', '--since', '7d', '--ordering', 'asc', '--page-size', '50', '-o', 'ndjson'],
      { emulator },
    );
    expect(r.stderr).toBe('');
    expect(r.code).toBe(EXIT.ok);
    const got = r.stdout
      .trim()
      .split('\n')
      .map((l) => (JSON.parse(l) as { id: string }).id);
    expect(got).toEqual(ids);
  });

  it('stops at --limit and shows a table on a terminal', async () => {
    const r = await runCli(
      ['events', 'list', '--since', '7d', '--limit', '3', '--fields', 'id,event_type'],
      { emulator, tty: true },
    );
    expect(r.code).toBe(EXIT.ok);
    expect(r.stdout.match(/USER_CHANGE/g)).toHaveLength(3);
  });

  it('refuses a time it cannot read, naming the flag', async () => {
    const r = await runCli(['events', 'list', '--since', 'last tuesday'], { emulator });
    expect(r.code).toBe(EXIT.invalid);
    expect(r.stderr).toMatch(/--since: must be a duration/);
  });
});
