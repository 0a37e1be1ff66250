// Long work (follow, export, import) stops at a safe point on SIGINT or SIGTERM instead of dying
// mid-write: the first signal aborts the run's signal; a second one ends the process at once.
import process from 'node:process';
import type { RunContext } from './context.js';

/** Routes SIGINT/SIGTERM to `ctx.abort` while `work` runs; returns which signal stopped it. */
export async function withSignals<T>(
  ctx: RunContext,
  work: () => Promise<T>,
): Promise<{ result: T; signal: 'SIGINT' | 'SIGTERM' | undefined }> {
  let received: 'SIGINT' | 'SIGTERM' | undefined;
  const release = ctx.io.onSignal?.((signal) => {
    if (received) process.exit(signal === 'SIGINT' ? 130 : 143);
    received = signal;
    ctx.abort.abort(new Error(`stopped by ${signal}`));
  });
  try {
    const result = await work();
    return { result, signal: received ?? (ctx.abort.signal.aborted ? 'SIGINT' : undefined) };
  } finally {
    release?.();
  }
}
