// Importing a package must not make Node load its fetch implementation (undici): the first read
// of a global such as `Response` or `fetch` does, and costs about 40 ms of cold start that an app
// pays even if it never calls the API. Timing would be flaky; which modules got loaded is not.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const root = new URL('../../../', import.meta.url);
const PACKAGES = ['runtime', 'auth', 'legacy', 'workforce', 'access', 'events'];

/** Imports a package's source in a fresh Node process; true when undici got loaded. */
async function loadsUndici(pkg: string): Promise<boolean> {
  const script = `await import('./packages/${pkg}/src/index.ts'); console.log(JSON.stringify(process.moduleLoadList.some((m) => m.includes('undici'))));`;
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--conditions=@x/source', '--import', 'tsx', '--input-type=module', '-e', script],
    { cwd: root },
  );
  return JSON.parse(stdout.trim().split('\n').pop()!) as boolean;
}

describe('import cost', () => {
  it('the probe sees undici once a fetch global is read', async () => {
    const { stdout } = await promisify(execFile)(process.execPath, [
      '-e',
      "Response; console.log(process.moduleLoadList.some((m) => m.includes('undici')))",
    ]);
    expect(stdout.trim()).toBe('true');
  });

  it.each(PACKAGES)(
    'importing @x/%s does not load fetch',
    async (pkg) => {
      expect(await loadsUndici(pkg)).toBe(false);
    },
    30_000,
  );
});
