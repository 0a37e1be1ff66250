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

/**
 * Runs a benchmark file on its own (`tsx bench/src/overhead.ts`) and prints its section; with
 * `--write`, also puts the section into docs/benchmarks.md in place of its last figures (the other
 * sections stay), with a note of when, where and on how busy a machine it ran.
 */
export async function runStandalone(url: string, run: () => Promise<Section>): Promise<void> {
  if (!(process.argv[1] && new URL(url).pathname === process.argv[1])) return;
  const loadBefore = os.loadavg()[0]!;
  const started = performance.now();
  const section = await run();
  const { renderText, replaceSection } = await import('./render.js');
  console.log(renderText([section]));
  if (!process.argv.includes('--write')) return;
  const file = new URL(url).pathname.replace(/^.*\/bench\//, 'bench/');
  section.notes = [
    ...(section.notes ?? []),
    `Run on its own (\`tsx ${file} --write\`, ${((performance.now() - started) / 1000).toFixed(0)} s) on ${new Date().toISOString().slice(0, 10)}: ${machine()}; load average ${loadBefore.toFixed(1)} at the start, ${os.loadavg()[0]!.toFixed(1)} at the end.`,
  ];
  const { readFile, writeFile } = await import('node:fs/promises');
  const docs = new URL('../../../docs/benchmarks.md', import.meta.url);
  await writeFile(docs, replaceSection(await readFile(docs, 'utf8'), section));
  console.log(`\nwrote section "${section.title}" into ${docs.pathname}`);
}
