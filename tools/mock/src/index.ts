// Starts Prism (@stoplight/prism-cli) as a mock server for one spec on a free loopback port,
// waits until it answers, and stops it cleanly.
import { type ChildProcess, spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { specPath } from '@x/specs';
import { freePort } from '@x/testing';
import './provided-context.js';

const require = createRequire(import.meta.url);

export interface MockServer {
  /** The spec this mock serves. */
  readonly spec: string;
  /** Base URL, for example `http://127.0.0.1:41234`. */
  readonly url: string;
  /** Stops Prism and waits for it to exit. */
  stop(): Promise<void>;
}

export interface StartMockOptions {
  /** A spec name from `@x/specs` (`legacy`, …) or a path to an OpenAPI document. */
  spec: string;
  /** Port to listen on; a free one is chosen when omitted. */
  port?: number;
  /** How long to wait for Prism to answer, in ms. Default 180000. */
  startTimeoutMs?: number;
}

export { freePort } from '@x/testing';

function prismEntry(): string {
  return require.resolve('@stoplight/prism-cli/dist/index.js');
}

/** Starts Prism for a spec and resolves once it answers HTTP requests. */
export async function startMock(options: StartMockOptions): Promise<MockServer> {
  const file =
    options.spec.includes('/') || options.spec.endsWith('.yaml')
      ? options.spec
      : specPath(options.spec);
  // Prism starts in about 5 s on an idle 2-core machine; a loaded one has taken over 60 s.
  const deadline = Date.now() + (options.startTimeoutMs ?? 180_000);
  for (let tries = 0; ; tries++) {
    const port = options.port ?? (await freePort());
    const child = spawn(
      process.execPath,
      [prismEntry(), 'mock', file, '--host', '127.0.0.1', '--port', String(port), '--errors'],
      { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, FORCE_COLOR: '0' } },
    );
    let output = '';
    const collect = (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-4000);
    };
    child.stdout?.on('data', collect);
    child.stderr?.on('data', collect);
    const url = `http://127.0.0.1:${port}`;
    const started = await waitUntilAnswering(url, child, deadline);
    if (started) return { spec: options.spec, url, stop: () => stopChild(child) };
    await stopChild(child);
    // Another process may have taken the port between our probe and Prism's listen: try again.
    if (options.port !== undefined || tries >= 2 || Date.now() > deadline)
      throw new Error(`Prism did not start for ${file}:\n${output}`);
  }
}

async function waitUntilAnswering(
  url: string,
  child: ChildProcess,
  deadline: number,
): Promise<boolean> {
  while (Date.now() < deadline) {
    if (child.exitCode !== null) return false;
    try {
      // Any HTTP answer (Prism says 404 or 401 for this path) means it is serving.
      await fetch(`${url}/__prism_ready__`, { signal: AbortSignal.timeout(1000) });
      return true;
    } catch {
      await new Promise((r) => setTimeout(r, 150));
    }
  }
  return false;
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const kill = setTimeout(() => child.kill('SIGKILL'), 5000);
    child.once('exit', () => {
      clearTimeout(kill);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/** Starts one mock per spec name, in parallel; stops all if any fails. */
export async function startMocks(
  specs: readonly string[],
): Promise<{ urls: Record<string, string>; stop(): Promise<void> }> {
  const results = await Promise.allSettled(specs.map((spec) => startMock({ spec })));
  const servers = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
  const stop = async () => {
    await Promise.all(servers.map((s) => s.stop()));
  };
  const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failed) {
    await stop();
    throw failed.reason;
  }
  return { urls: Object.fromEntries(servers.map((s) => [s.spec, s.url])), stop };
}

export { declaredStatuses, exampleFor, operation } from './examples.js';
