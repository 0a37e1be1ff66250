// `xid <family> <resource> import FILE.csv`: every row checked before anything is sent (row and
// field named), then created with a journal; an import killed half way resumes with no record
// created twice.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { type Emulator, startEmulator } from '@x/emulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXIT } from '../src/exit-codes.js';
import { emulatorEnv, execCli, REPO_DIR, runCli, spawnCli, tempDir, waitFor } from './helpers.js';

let emulator: Emulator;
beforeAll(async () => {
  emulator = await startEmulator({ port: 0 });
});
afterAll(() => emulator.stop());

type LegacyState = { state: { legacy: { users: Record<string, { external_id: string }> } } };
const legacyUsers = () =>
  Object.values((emulator.snapshot() as unknown as LegacyState).state.legacy.users).map(
    (u) => u.external_id,
  );

function legacyCsv(dir: string, count: number, prefix: string): string {
  const lines = ['external_id,email,user_name,display_name,binding_token_delivery_method'];
  for (let i = 0; i < count; i++)
    lines.push(
      `${prefix}-${i},${prefix}${i}@example.com,${prefix}${i},"User ${i}, imported",email`,
    );
  const file = join(dir, `${prefix}.csv`);
  writeFileSync(file, `${lines.join('\n')}\n`);
  return file;
}

describe('xid … import', () => {
  it('checks every row before sending anything, naming the row and the field', async () => {
    const dir = tempDir();
    const file = join(dir, 'bad.csv');
    writeFileSync(
      file,
      [
        'external_id,email,user_name,display_name,binding_token_delivery_method',
        'ok-1,a@example.com,a,A,email',
        'bad-2,,b,B,email',
        'bad-3,c@example.com,c,C,sms',
      ].join('\n'),
    );
    const before = legacyUsers().length;
    const result = await runCli(['legacy', 'users', 'import', file], { emulator });
    expect(result.code).toBe(EXIT.invalid);
    expect(result.stderr).toMatch(/row 2 \(line 3\) email: is required/);
    expect(result.stderr).toMatch(
      /row 3 \(line 4\) binding_token_delivery_method: must be one of "email"/,
    );
    expect(legacyUsers().length).toBe(before); // not even the good row was sent

    writeFileSync(file, 'external_id,mail\nx,y\n');
    const header = await runCli(['legacy', 'users', 'import', file], { emulator });
    expect(header.code).toBe(EXIT.invalid);
    expect(header.stderr).toMatch(/header "mail": is not a field of users/);
  });

  it('checks every row and shows the first request with --dry-run, sending nothing', async () => {
    const dir = tempDir();
    const file = legacyCsv(dir, 5, 'dry');
    const result = await runCli(['--dry-run', 'legacy', 'users', 'import', file], { emulator });
    expect(result.code).toBe(EXIT.ok);
    expect(result.stderr).toMatch(/all 5 rows are valid/);
    expect(result.stdout).toMatch(/^POST \S+\/v1\/manage\/users/);
    expect(legacyUsers().filter((id) => id.startsWith('dry-'))).toEqual([]);
    const follow = await runCli(['--dry-run', 'events', 'follow'], { emulator });
    expect(follow.code).toBe(EXIT.usage);
  });

  it('imports workforce users from a CSV', async () => {
    const dir = tempDir();
    const file = join(dir, 'users.csv');
    writeFileSync(
      file,
      'username,email_address,display_name\nann,ann@example.com,Ann\nbob,bob@example.com,Bob\n',
    );
    const result = await runCli(['workforce', 'users', 'import', file, '-o', 'json'], { emulator });
    expect(result.stderr).toBe('');
    expect(JSON.parse(result.stdout)).toMatchObject({ rows: 2, created: 2, failed: 0 });
    const list = await runCli(
      ['workforce', 'users', 'list', '--filter', 'username eq "bob"', '-o', 'json'],
      { emulator },
    );
    expect(JSON.parse(list.stdout)).toHaveLength(1);
    // Run again: the journal says both are done, nothing is sent.
    const again = await runCli(['workforce', 'users', 'import', file, '-o', 'json'], { emulator });
    expect(JSON.parse(again.stdout)).toMatchObject({ rows: 2, created: 0, alreadyDone: 2 });
  });

  it('counts a row whose answer was lost, sent again, as created when the platform has it (409)', async () => {
    const dir = tempDir();
    const file = legacyCsv(dir, 3, 'lost');
    const bytes = readFileSync(file);
    // The journal of a run killed while row 2 was in flight, after the platform created it.
    const created = await runCli(
      [
        'legacy',
        'users',
        'create',
        '--external-id',
        'lost-1',
        '--email',
        'lost1@example.com',
        '--user-name',
        'lost1',
        '--display-name',
        'X',
        '--binding-token-delivery-method',
        'email',
      ],
      { emulator },
    );
    expect(created.code).toBe(EXIT.ok);
    const header = {
      journal: 1,
      operation: 'legacy.createLegacyUser',
      file: resolve(file),
      sha256: createHash('sha256').update(bytes).digest('hex'),
      rows: 3,
    };
    writeFileSync(
      `${file}.journal`,
      `${JSON.stringify(header)}\n{"row":2,"state":"sending"}\n{"row":3,"sta`,
    );
    const result = await runCli(['legacy', 'users', 'import', file, '-o', 'json'], { emulator });
    expect(result.code).toBe(EXIT.ok);
    expect(JSON.parse(result.stdout)).toMatchObject({
      rows: 3,
      created: 2,
      existing: 1,
      failed: 0,
    });
    expect(
      legacyUsers()
        .filter((id) => id.startsWith('lost-'))
        .sort(),
    ).toEqual(['lost-0', 'lost-1', 'lost-2']);
  });

  it('reports a row the platform refuses, and goes on with the others', async () => {
    const dir = tempDir();
    const file = legacyCsv(dir, 3, 'dup');
    await runCli(
      [
        'legacy',
        'users',
        'create',
        '--external-id',
        'dup-0',
        '--email',
        'd@example.com',
        '--user-name',
        'd',
        '--display-name',
        'D',
        '--binding-token-delivery-method',
        'email',
      ],
      { emulator },
    );
    const result = await runCli(['legacy', 'users', 'import', file, '-o', 'json'], { emulator });
    expect(result.code).toBe(EXIT.conflict);
    expect(JSON.parse(result.stdout)).toMatchObject({ created: 2, failed: 1 });
    expect(result.stderr).toMatch(/row 1: .*409/);
  });

  it('resumes 1,000 rows killed half way (kill -9) without creating any twice', async () => {
    const dir = tempDir();
    const file = legacyCsv(dir, 1000, 'bulk');
    const journal = `${file}.journal`;
    const env = { XDG_CONFIG_HOME: dir, ...emulatorEnv(emulator) };
    const args = ['legacy', 'users', 'import', file, '--concurrency', '8', '-o', 'json'];
    const child = spawnCli(args, { env });
    const exited = new Promise((r) => child.on('exit', r));
    const doneLines = () => {
      try {
        return readFileSync(journal, 'utf8')
          .split('\n')
          .filter((l) => l.includes('"done"')).length;
      } catch {
        return 0;
      }
    };
    await waitFor(() => doneLines() >= 300, 30_000, '300 rows done');
    child.kill('SIGKILL');
    await exited;
    const atKill = legacyUsers().filter((id) => id.startsWith('bulk-')).length;
    expect(atKill).toBeLessThan(1000);

    const resumed = await execCli(args, env);
    expect(resumed.code).toBe(EXIT.ok);
    expect(resumed.stderr).toMatch(/resuming: \d+ of 1000 rows were done/);
    const summary = JSON.parse(resumed.stdout) as {
      failed: number;
      remaining: number;
      alreadyDone: number;
    };
    expect(summary).toMatchObject({ failed: 0, remaining: 0 });
    const imported = legacyUsers().filter((id) => id.startsWith('bulk-'));
    expect(imported).toHaveLength(1000);
    expect(new Set(imported).size).toBe(1000);
  }, 90_000);

  // The README's walk-through: 1,000 access identities, interrupted, resumed. Needs the access
  // catalog (`@x/access/operations`), through the bin as a user types it.
  it.skipIf(!existsSync(join(REPO_DIR, 'packages/access/src/operations.ts')))(
    'imports 1,000 access identities, interrupted with Ctrl-C and resumed, each once',
    async () => {
      const dir = tempDir();
      const file = join(dir, 'identities.csv');
      const lines = ['display_name,status,traits.username,traits.primary_email_address'];
      for (let i = 1; i <= 1000; i++)
        lines.push(`User ${i},active,imported${i},user${i}@example.com`);
      writeFileSync(file, lines.join('\n'));
      const env = { XDG_CONFIG_HOME: dir, ...emulatorEnv(emulator) };
      const args = ['access', 'identities', 'import', file, '-o', 'json'];
      const child = spawnCli(args, { env });
      const exited = new Promise<number | null>((r) => child.on('exit', (c) => r(c)));
      await waitFor(
        () =>
          existsSync(`${file}.journal`) &&
          readFileSync(`${file}.journal`, 'utf8').split('"done"').length > 300,
        30_000,
        '300 identities',
      );
      child.kill('SIGINT');
      expect(await exited).toBe(EXIT.interrupted);
      const resumed = await execCli(args, env);
      expect(resumed.stderr).toMatch(/resuming: \d+ of 1000 rows were done/);
      expect(resumed.code).toBe(EXIT.ok);
      const listed = await execCli(
        ['access', 'identities', 'list', '-o', 'ndjson', '--fields', 'traits.username'],
        env,
      );
      expect(listed.code).toBe(EXIT.ok);
      const names = listed.stdout
        .trim()
        .split('\n')
        .map((l) => (JSON.parse(l) as { traits?: { username?: string } }).traits?.username ?? '')
        .filter((n) => n.startsWith('imported'));
      expect(names).toHaveLength(1000);
      expect(new Set(names).size).toBe(1000);
    },
    90_000,
  );
});
