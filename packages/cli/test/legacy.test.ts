import type { Emulator } from '@x/emulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXIT } from '../src/exit-codes.js';
import { inProcessEmulator, runCli } from './helpers.js';

let emulator: Emulator;
beforeAll(async () => {
  emulator = await inProcessEmulator();
});
afterAll(() => emulator.stop());

const ADA = [
  '--external-id',
  'crm-1',
  '--email',
  'ada@example.com',
  '--user-name',
  'ada',
  '--display-name',
  'Ada',
  '--binding-token-delivery-method',
  'email',
];

describe('xid legacy', () => {
  it('creates a user from flags, and tells a conflict by its exit code', async () => {
    const created = await runCli(['legacy', 'users', 'create', ...ADA], { emulator });
    expect(created.stderr).toBe('');
    expect(created.code).toBe(EXIT.ok);
    expect(JSON.parse(created.stdout)).toMatchObject({
      external_id: 'crm-1',
      status: 'USER_STATUS_ACTIVE',
    });
    const again = await runCli(['legacy', 'users', 'create', ...ADA], { emulator });
    expect(again.code).toBe(EXIT.conflict);
    expect(again.stderr).toMatch(/status 409/);
  });
});

describe('xid legacy, input', () => {
  it('prints the request of --dry-run with the token masked, and sends nothing', async () => {
    const before = (emulator.snapshot() as unknown as { state: { legacy: { users: object } } })
      .state.legacy.users;
    const dry = await runCli(
      ['--dry-run', 'legacy', 'users', 'create', ...ADA.map((a) => a.replace('crm-1', 'crm-dry'))],
      { emulator },
    );
    expect(dry.code).toBe(EXIT.ok);
    expect(dry.stdout).toMatch(/^POST http:\/\/localhost\/legacy\/v1\/manage\/users\n/);
    expect(dry.stdout).toMatch(/authorization: Bearer \*\*\*\*/);
    expect(dry.stdout).toMatch(/"external_id": "crm-dry"/);
    expect(dry.stderr).toMatch(/nothing was sent/);
    const after = (emulator.snapshot() as unknown as { state: { legacy: { users: object } } }).state
      .legacy.users;
    expect(Object.keys(after)).toEqual(Object.keys(before));
  });

  it('names every missing or invalid field before sending', async () => {
    const bad = await runCli(
      ['legacy', 'users', 'create', '--external-id', 'x', '--binding-token-delivery-method', 'sms'],
      { emulator },
    );
    expect(bad.code).toBe(EXIT.invalid);
    expect(bad.stderr).toMatch(/the input has 4 problems/);
    expect(bad.stderr).toMatch(/--email \(email\): is required/);
    expect(bad.stderr).toMatch(
      /--binding-token-delivery-method \(binding_token_delivery_method\): must be one of "email"/,
    );
  });

  it('reads the body from --json @file', async () => {
    const { writeFileSync } = await import('node:fs');
    const { join } = await import('node:path');
    const { tempDir } = await import('./helpers.js');
    const file = join(tempDir(), 'body.json');
    writeFileSync(
      file,
      JSON.stringify({ external_id: 'crm-1', binding_token_delivery_method: 'email' }),
    );
    const r = await runCli(['legacy', 'users', 'recover', '--json', `@${file}`], { emulator });
    expect(r.code).toBe(EXIT.ok);
    expect(JSON.parse(r.stdout)).toMatchObject({ external_id: 'crm-1' });
  });
});
