// A real Redis server for the fleet tests and the fleet benchmark: Debian's `redis-server`, installed with apt-get when it
// is missing (as root, the way the consumer suite installs Chromium), started per suite on a free
// loopback port with no persistence, and stopped after. `--port 0` would turn TCP off in Redis, so
// a port is chosen here, and another one tried when the chosen one was taken meanwhile.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { freePort } from './free-port.js';

const REDIS_SERVER = '/usr/bin/redis-server';

/** Installs Debian's redis-server when missing; a loud failure where that cannot be done. */
export function ensureRedisServer(): string {
  if (existsSync(REDIS_SERVER)) return REDIS_SERVER;
  const isRoot = process.getuid?.() === 0;
  const hasApt = spawnSync('apt-get', ['--version']).status === 0;
  if (!isRoot || !hasApt)
    throw new Error(
      `${REDIS_SERVER} is missing and cannot be installed here (${isRoot ? 'no apt-get' : 'not root'}): install Debian's redis-server`,
    );
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const args of [['update'], ['install', '-y', '--no-install-recommends', 'redis-server']]) {
    const result = spawnSync('apt-get', args, {
      cwd: '/',
      env,
      encoding: 'utf8',
      timeout: 480_000,
    });
    if (result.status !== 0)
      throw new Error(`apt-get ${args.join(' ')} failed:\n${result.stdout}\n${result.stderr}`);
  }
  if (!existsSync(REDIS_SERVER))
    throw new Error(`apt-get installed redis-server but ${REDIS_SERVER} is missing`);
  return REDIS_SERVER;
}

/** A running Redis server of one suite. */
export interface RedisServer {
  readonly port: number;
  /** `redis://[:password@]127.0.0.1:port`. */
  readonly url: string;
  /** Stops the server (SIGTERM) and waits for it to exit. */
  stop(): Promise<void>;
  /** Starts it again on the same port (its data is gone: nothing is saved). */
  restart(): Promise<void>;
}

/** Starts a server on a free loopback port; `password` sets `requirepass`. */
export async function startRedis(options: { password?: string } = {}): Promise<RedisServer> {
  const binary = ensureRedisServer();
  let lastError: unknown;
  for (let attempt = 0; attempt < 5; attempt++) {
    const port = await freePort();
    try {
      let child = await launch(binary, port, options.password);
      const auth = options.password ? `:${encodeURIComponent(options.password)}@` : '';
      return {
        port,
        url: `redis://${auth}127.0.0.1:${port}`,
        stop: () => stopChild(child),
        restart: async () => {
          child = await launch(binary, port, options.password);
        },
      };
    } catch (error) {
      // Another process took the port between our probe and Redis's bind: try another one.
      lastError = error;
    }
  }
  throw new Error(`redis-server did not start on any of 5 ports: ${String(lastError)}`);
}

function launch(binary: string, port: number, password?: string): Promise<ChildProcess> {
  const args = [
    '--port',
    String(port),
    '--bind',
    '127.0.0.1',
    '--save',
    '',
    '--appendonly',
    'no',
    '--daemonize',
    'no',
    ...(password ? ['--requirepass', password] : []),
  ];
  const child = spawn(binary, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  return new Promise((resolve, reject) => {
    let output = '';
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Ready to accept connections')) {
        child.stdout?.off('data', onData);
        child.stdout?.resume();
        resolve(child);
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.once('error', reject);
    child.once('exit', (code) =>
      reject(new Error(`redis-server exited with ${code} on port ${port}:\n${output}`)),
    );
  });
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}
