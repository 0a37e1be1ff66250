// Importing a package must not make Node load its fetch implementation (Node's own undici) nor the
// Node transport (the undici package and the sender over it): the first read of a global such as
// `Response` or `fetch` loads Node's undici, about 40 ms of cold start that an app pays even if it
// never calls the API; the Node transport is loaded on a client's first request. Timing would be
// flaky; which modules got loaded is not.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const root = new URL('../../../', import.meta.url);
const PACKAGES = ['runtime', 'auth', 'legacy', 'workforce', 'access', 'events'];

interface Loaded {
  /** Node's own fetch (its bundled undici). */
  undici: boolean;
  /** The Node transport: the undici package, which the sender imports. */
  transport: boolean;
}

/** Runs `script` (ESM, package sources) in a fresh Node process; which transports got loaded. */
async function loadedBy(script: string): Promise<Loaded> {
  const probe = `${script}; const { createRequire } = await import('node:module'); const cache = Object.keys(createRequire(import.meta.url).cache); console.log(JSON.stringify({ undici: process.moduleLoadList.some((m) => m.includes('undici')), transport: cache.some((f) => f.includes('/node_modules/undici/')) }));`;
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--conditions=@x/source', '--import', 'tsx', '--input-type=module', '-e', probe],
    { cwd: root },
  );
  return JSON.parse(stdout.trim().split('\n').pop()!) as Loaded;
}

describe('import cost', () => {
  it('the probe sees undici once a fetch global is read', async () => {
    const { stdout } = await promisify(execFile)(process.execPath, [
      '-e',
      "Response; console.log(process.moduleLoadList.some((m) => m.includes('undici')))",
    ]);
    expect(stdout.trim()).toBe('true');
  });

  it('the probe sees the Node transport once a client has sent', async () => {
    // Port 9 (discard) on loopback: refused at once. The first request loads the Node transport
    // and waits for it (the undici package reads fetch's globals as it loads: Node's own follows).
    const send = `const { createApiClient } = await import('./packages/runtime/src/index.ts'); await createApiClient({ baseUrl: 'http://127.0.0.1:9' }).request('GET', '/x', { retry: false }).catch(() => {})`;
    expect((await loadedBy(send)).transport).toBe(true);
  }, 30_000);

  it.each(PACKAGES)(
    'importing @x/%s loads neither fetch nor the Node transport',
    async (pkg) => {
      expect(await loadedBy(`await import('./packages/${pkg}/src/index.ts')`)).toEqual({
        undici: false,
        transport: false,
      });
    },
    30_000,
  );
});
