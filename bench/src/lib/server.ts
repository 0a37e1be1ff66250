// Starts the loopback API server (servers/api-server.ts) in a child process.
import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export interface BenchServer {
  url: string;
  stop(): Promise<void>;
}

export interface ServerOptions {
  delayMs?: number;
  totalEvents?: number;
  tokenDelayMs?: number;
  limit?: number;
  windowMs?: number;
}

const script = fileURLToPath(new URL('../servers/api-server.ts', import.meta.url));

export async function startServer(options: ServerOptions = {}): Promise<BenchServer> {
  const args = [
    `--delay=${options.delayMs ?? 0}`,
    `--total=${options.totalEvents ?? 100_000}`,
    `--token-delay=${options.tokenDelayMs ?? 5}`,
    `--limit=${options.limit ?? 250}`,
    `--window=${options.windowMs ?? 1000}`,
  ];
  // The benchmarks run under tsx; its loader flags (in execArgv) let the child run TypeScript too.
  const child: ChildProcess = spawn(process.execPath, [...process.execArgv, script, ...args], {
    stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error('bench server did not start in 20 s')), 20_000);
    child.once('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const line = out.split('\n')[0];
      if (out.includes('\n') && line) {
        clearTimeout(timer);
        resolve((JSON.parse(line) as { port: number }).port);
      }
    });
  });
  return {
    url: `http://127.0.0.1:${port}`,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill();
      }),
  };
}
