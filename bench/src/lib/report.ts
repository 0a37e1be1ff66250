// The small statistics the benchmarks share, and how one runs alone.
import os from 'node:os';
import type { Figure, Section } from './section.js';

export type { Figure, Section } from './section.js';

export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** The `q`-quantile (0..1) of `values`, interpolated between neighbours. */
export function quantile(values: readonly number[], q: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const at = (sorted.length - 1) * q;
  const low = Math.floor(at);
  const high = Math.min(sorted.length - 1, low + 1);
  return sorted[low]! + (sorted[high]! - sorted[low]!) * (at - low);
}

export function fmt(value: number, digits = 2): string {
  return Number.isFinite(value) ? value.toFixed(digits) : String(value);
}

export function ratio(value: number, digits = 3): string {
  return `${fmt(value, digits)}x`;
}

export function kb(bytes: number): string {
  return `${(bytes / 1024).toFixed(2)} kB`;
}

export function figure(
  name: string,
  value: string,
  goal = '',
  pass: boolean | undefined = undefined,
): Figure {
  return { name, value, goal, pass };
}

export function machine(): string {
  const cpus = os.cpus();
  return [
    `${cpus[0]?.model ?? 'unknown CPU'}`,
    `${cpus.length} cores`,
    `${(os.totalmem() / 1024 ** 3).toFixed(1)} GiB RAM`,
    `Node ${process.version}`,
    `${os.platform()} ${os.release()} ${os.arch()}`,
  ].join(', ');
}

/** Runs a benchmark file on its own (`tsx bench/src/overhead.ts`) and prints its section. */
export async function runStandalone(url: string, run: () => Promise<Section>): Promise<void> {
  if (process.argv[1] && new URL(url).pathname === process.argv[1]) {
    const section = await run();
    const { renderText } = await import('./render.js');
    console.log(renderText([section]));
  }
}
