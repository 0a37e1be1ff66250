// Importing a package must not make Node load its fetch implementation (undici) nor the Node
// transport (node:http and the sender over it): the first read of a global such as `Response` or
// `fetch` loads undici, about 40 ms of cold start that an app pays even if it never calls the
// API; the Node sender is loaded on a client's first request. Timing would be flaky; which modules
// got loaded is not.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const root = new URL('../../../', import.meta.url);
const PACKAGES = ['runtime', 'auth', 'legacy', 'workforce', 'access', 'events'];

interface Loaded {
  undici: boolean;
  http: boolean;
}

/** Runs `script` (ESM, package sources) in a fresh Node process; which transports got loaded. */
async function loadedBy(script: string): Promise<Loaded> {
  const probe = `${script}; const list = process.moduleLoadList; console.log(JSON.stringify({ undici: list.some((m) => m.includes('undici')), http: list.includes('NativeModule http') }));`;
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

  it('the probe sees node:http once a client has sent', async () => {
    // Port 9 (discard) on loopback: refused at once. The first request of a process starts loading
    // the Node sender (and goes over fetch meanwhile).
    const send = `const { createApiClient } = await import('./packages/runtime/src/index.ts'); const { loadNodeSenders } = await import('./packages/runtime/src/transport/node-transport.ts'); await createApiClient({ baseUrl: 'http://127.0.0.1:9' }).request('GET', '/x', { retry: false }).catch(() => {}); await loadNodeSenders()`;
    expect((await loadedBy(send)).http).toBe(true);
  }, 30_000);

  it.each(PACKAGES)(
    'importing @x/%s loads neither fetch nor the Node transport',
    async (pkg) => {
      expect(await loadedBy(`await import('./packages/${pkg}/src/index.ts')`)).toEqual({
        undici: false,
        http: false,
      });
    },
    30_000,
  );
});
