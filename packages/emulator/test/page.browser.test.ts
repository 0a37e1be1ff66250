// The control surface's page as a person sees it: headless Chromium (Debian's, driven by
// playwright-core) loads it over a real port, runs no script, and shows the escaped data.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startEmulator } from '@x/emulator';
import { chromium } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { workforceToken } from './support/harness.js';

describe('control page in headless Chromium', () => {
  it('shows tenants, users, groups and events, with hostile text inert', {
    timeout: 600_000,
  }, async () => {
    const executablePath = await ensureChromium();
    const emulator = await startEmulator({ port: 0 });
    const token = await workforceToken(emulator, fetch);
    const post = (path: string, body: unknown) =>
      fetch(`${emulator.urls.workforce}${path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    await post('/v2/users', {
      user: {
        username: 'mallory',
        display_name: '<img src=x onerror="window.__pwned=1">',
        email_address: 'm@example.com',
      },
    });
    await post('/v2/groups', { group: { name: '<script>window.__pwned=2</script>' } });
    const profile = mkdtempSync(join(tmpdir(), 'x-emulator-chromium-'));
    const browser = await chromium.launchPersistentContext(profile, {
      executablePath,
      headless: true,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--no-first-run',
        '--disable-background-networking',
      ],
    });
    try {
      const page = await browser.newPage();
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(String(e)));
      await page.goto(emulator.urls.control);
      expect(await page.title()).toBe('x-emulator');
      expect(
        await page.evaluate(() => (globalThis as { __pwned?: unknown }).__pwned),
      ).toBeUndefined();
      expect(await page.locator('script').count()).toBe(0);
      expect(await page.locator('#users td', { hasText: '<img src=x' }).count()).toBe(1);
      expect(await page.locator('#groups td', { hasText: '<script>' }).count()).toBe(1);
      expect(await page.locator('#tenants tbody tr').count()).toBe(2);
      expect(await page.locator('#events tbody tr').count()).toBe(2);
      expect(errors).toEqual([]);
      if (process.env.X_EMULATOR_SCREENSHOT)
        await page.screenshot({ path: process.env.X_EMULATOR_SCREENSHOT, fullPage: true });
    } finally {
      await browser.close();
      await emulator.stop();
      rmSync(profile, { recursive: true, force: true });
    }
  });
});

/** Debian's chromium: installed with apt when missing (as root); otherwise a loud failure. */
async function ensureChromium(): Promise<string> {
  const path = '/usr/bin/chromium';
  if (existsSync(path)) return path;
  const isRoot = process.getuid?.() === 0;
  const hasApt = spawnSync('apt-get', ['--version']).status === 0;
  if (!isRoot || !hasApt)
    throw new Error(
      `${path} is missing and cannot be installed here (${isRoot ? 'no apt-get' : 'not root'}): install Debian's chromium`,
    );
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  await run('apt-get', ['update'], env);
  await run('apt-get', ['install', '-y', '--no-install-recommends', 'chromium'], env);
  if (!existsSync(path)) throw new Error(`apt-get installed chromium but ${path} is missing`);
  return path;
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: '/', env, stdio: 'ignore' });
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${command} exited with ${code}`)),
    );
  });
}
