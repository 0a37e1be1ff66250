// The `x-emulator` command over a real port: its first stdout line is one JSON object with the
// URLs and credentials; the story runs over plain HTTP with the global fetch; `--data` saves on
// SIGTERM and loads at the next start.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import type { EmulatorCredentials, EmulatorUrls } from '@x/emulator';
import { afterAll, describe, expect, it } from 'vitest';
import { basic } from './support/harness.js';
import { checked } from './support/spec-check.js';

const BIN = fileURLToPath(new URL('../bin/x-emulator.mjs', import.meta.url));
const running = new Set<ChildProcess>();

interface Started {
  child: ChildProcess;
  urls: EmulatorUrls;
  credentials: EmulatorCredentials;
  controlKey?: string;
}

/** Starts the bin and reads its first stdout line. */
function start(args: string[], env: Record<string, string> = {}): Promise<Started> {
  const child = spawn(process.execPath, [BIN, '--port', '0', ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...env },
  });
  running.add(child);
  let stderr = '';
  child.stderr!.on('data', (chunk) => {
    stderr += chunk;
  });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`no first line in 15 s; stderr: ${stderr}`)),
      15_000,
    );
    child.once('exit', (code) => reject(new Error(`exited with ${code}; stderr: ${stderr}`)));
    createInterface({ input: child.stdout! }).once('line', (line) => {
      clearTimeout(timer);
      const info = JSON.parse(line) as Omit<Started, 'child'>;
      resolve({ child, ...info });
    });
  });
}

function stop(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve(child.exitCode);
    child.once('exit', (code) => {
      running.delete(child);
      resolve(code);
    });
    child.kill('SIGTERM');
  });
}

afterAll(async () => {
  await Promise.all([...running].map(stop));
});

async function token(s: Started) {
  const c = s.credentials.workforce;
  const res = await checked(
    await fetch(c.tokenUrl, {
      method: 'POST',
      headers: {
        authorization: basic(c.clientId, c.clientSecret),
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: 'grant_type=client_credentials',
    }),
  );
  return res.body.access_token as string;
}

describe('x-emulator bin', () => {
  it('prints its JSON line first and serves the families over a real port', async () => {
    const s = await start([]);
    expect(Object.keys(s.urls).sort()).toEqual([
      'access',
      'accessAuth',
      'control',
      'events',
      'legacy',
      'workforce',
    ]);
    expect(s.urls.workforce).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/workforce$/);
    expect(s.credentials.events.apiKey).toBeTruthy();
    expect(s.credentials.legacy.token).toBeTruthy();
    expect(s.credentials.access).toMatchObject({
      tenantId: expect.any(String),
      realmId: expect.any(String),
    });
    const bearer = await token(s);
    const auth = { authorization: `Bearer ${bearer}`, 'content-type': 'application/json' };
    const created = await checked(
      await fetch(`${s.urls.workforce}/v2/users`, {
        method: 'POST',
        headers: auth,
        body: JSON.stringify({ user: { username: 'ada', email_address: 'ada@example.com' } }),
      }),
    );
    expect(created.status).toBe(200);
    const found = await checked(
      await fetch(
        `${s.urls.workforce}/v2/users?page_size=5&filter=${encodeURIComponent('username eq "ada"')}`,
        { headers: auth },
      ),
    );
    expect(found.body.total_size).toBe(1);
    const anonymous = await checked(await fetch(`${s.urls.workforce}/v2/users`));
    expect(anonymous.status).toBe(401);
    const events = await checked(
      await fetch(`${s.urls.events}/v1/events?ordering=asc`, {
        headers: { authorization: `Bearer ${s.credentials.events.apiKey}` },
      }),
    );
    expect(events.body.body.events).toHaveLength(1);
    const page = await fetch(s.urls.control);
    expect(await page.text()).toContain('ada@example.com');
    expect(await stop(s.child)).toBe(0);
  });

  it('asks for the control key from X_EMULATOR_CONTROL_KEY and names the advertised host', async () => {
    const key = 'bin-control-key-0123456789';
    const s = await start(['--advertise-host', 'localhost'], { X_EMULATOR_CONTROL_KEY: key });
    expect(s.urls.workforce).toMatch(/^http:\/\/localhost:\d+\/workforce$/);
    expect(s.controlKey).toBe(key);
    expect((await fetch(`${s.urls.control}/snapshot`)).status).toBe(401);
    const info = await fetch(`${s.urls.control}/info`, {
      headers: { 'x-emulator-control-key': key },
    });
    expect(info.status).toBe(200);
    expect(await stop(s.child)).toBe(0);
  });

  it('resets the connection for a reset fault', async () => {
    const s = await start([]);
    const put = await fetch(`${s.urls.control}/faults`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ rules: [{ operationId: 'listGroups', effect: { kind: 'reset' } }] }),
    });
    expect(put.status).toBe(200);
    const bearer = await token(s);
    await expect(
      fetch(`${s.urls.workforce}/v2/groups`, { headers: { authorization: `Bearer ${bearer}` } }),
    ).rejects.toThrow();
    // The server keeps serving.
    const ok = await checked(
      await fetch(`${s.urls.workforce}/v2/users`, {
        headers: { authorization: `Bearer ${bearer}` },
      }),
    );
    expect(ok.status).toBe(200);
    await stop(s.child);
  });

  it('saves --data on SIGTERM and loads it at the next start', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'x-emulator-'));
    try {
      const file = join(dir, 'state.json');
      const first = await start(['--data', file]);
      const bearer = await token(first);
      await fetch(`${first.urls.workforce}/v2/groups`, {
        method: 'POST',
        headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/json' },
        body: JSON.stringify({ group: { name: 'Persisted' } }),
      });
      expect(await stop(first.child)).toBe(0);
      expect(JSON.parse(readFileSync(file, 'utf8'))).toMatchObject({
        format: 'x-emulator-snapshot',
        version: 1,
      });

      const second = await start(['--data', file]);
      // A token from before the restart still works: the signing key is part of the state.
      const groups = await checked(
        await fetch(`${second.urls.workforce}/v2/groups?page_size=10`, {
          headers: { authorization: `Bearer ${bearer}` },
        }),
      );
      expect(groups.body.groups.map((g: { name: string }) => g.name)).toEqual(['Persisted']);
      await stop(second.child);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('starts in tolerance mode with --unknowns (both, or the parts named)', async () => {
    const both = await start(['--unknowns']);
    expect(await (await fetch(`${both.urls.control}/unknowns`)).json()).toEqual({
      enums: true,
      fields: true,
    });
    await stop(both.child);
    const enums = await start(['--unknowns=enums']);
    expect(await (await fetch(`${enums.urls.control}/unknowns`)).json()).toEqual({
      enums: true,
      fields: false,
    });
    await stop(enums.child);
    await expect(start(['--unknowns=colours'])).rejects.toThrow(/exited with 2/);
  });

  it('refuses unknown options', async () => {
    await expect(start(['--nope'])).rejects.toThrow(/exited with 2/);
  });
});
