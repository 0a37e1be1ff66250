// The emulator, the command line and the MCP server as their users install them: from the local
// registry into a fresh project, run through their published bins.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { cleanEnv, consumerNpmrc, run, tempDir, writeFiles } from './lib.js';

const registry = inject('registry');
const published = inject('published');
const project = tempDir('tools');
const cache = tempDir('tools-cache');
const binOf = (name: string) => join(project.dir, 'node_modules', '.bin', name);

beforeAll(async () => {
  writeFiles(project.dir, {
    'package.json': JSON.stringify({ name: 'tools-consumer', private: true, type: 'module' }),
    '.npmrc': consumerNpmrc(registry, cache.dir),
  });
  const specs = ['@x/emulator', '@x/cli', '@x/mcp'].map((name) => `${name}@${published[name]}`);
  await run('npm', ['install', ...specs], { cwd: project.dir });
}, 600_000);
afterAll(() => {
  project.remove();
  cache.remove();
});

describe('the published tools', () => {
  it('x-emulator --port 0 prints its JSON line first and serves until stopped', async () => {
    const child = spawn(binOf('x-emulator'), ['--port', '0'], {
      cwd: project.dir,
      env: cleanEnv(),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    try {
      const first = await new Promise<string>((resolve, reject) => {
        createInterface({ input: child.stdout }).once('line', resolve);
        child.once('exit', (code) => reject(new Error(`x-emulator exited ${code}`)));
      });
      const { urls, credentials } = JSON.parse(first) as {
        urls: Record<string, string>;
        credentials: { legacy: { token: string } };
      };
      expect(Object.keys(urls)).toEqual(
        expect.arrayContaining(['workforce', 'access', 'accessAuth', 'events', 'legacy']),
      );
      const response = await fetch(`${urls.legacy}/v1/manage/recover-user`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${credentials.legacy.token}`,
          'content-type': 'application/json',
        },
        body: JSON.stringify({ external_id: 'nobody', binding_token_delivery_method: 'email' }),
      });
      expect([200, 404]).toContain(response.status);
    } finally {
      child.kill('SIGTERM');
    }
  });

  it('xid --version, and help with an example for a generated command', async () => {
    const { stdout } = await run(binOf('xid'), ['--version'], { cwd: project.dir });
    // The version the build was made with (a release builds after `pnpm version-packages`; this
    // suite publishes the workspace's build, so the number may trail the published one).
    expect(stdout.trim()).toMatch(/^\d+\.\d+\.\d+$/);
    const { stdout: help } = await run(binOf('xid'), ['workforce', 'users', 'list', '--help'], {
      cwd: project.dir,
    });
    expect(help).toMatch(/Example/);
  });

  it('x-mcp --help names the safety flags', async () => {
    const { stdout } = await run(binOf('x-mcp'), ['--help'], { cwd: project.dir });
    expect(stdout).toContain('--allow-write');
    expect(stdout).toContain('--allow-destructive');
    expect(stdout).toContain('--emulator');
  });
});
