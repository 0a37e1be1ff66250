// The demo: starts a Prism mock per spec, runs every family's example against it, prints what
// each call returned, and stops the mocks. Run it with `pnpm demo`.
import { readdir } from 'node:fs/promises';
import { startMocks } from '@x/mock';
import { specNames } from '@x/specs';

/** What each example receives. */
export interface ExampleContext {
  /** Prism base URL per spec name. */
  urls: Record<string, string>;
  /** Prints a labelled value. */
  show(label: string, value: unknown): void;
}

const ORDER = ['legacy', 'workforce', 'access', 'events'];
const files = (await readdir(new URL('.', import.meta.url))).filter((f) =>
  f.endsWith('.example.ts'),
);
const family = (file: string) => file.replace('.example.ts', '');
files.sort((a, b) => (ORDER.indexOf(family(a)) + 1 || 99) - (ORDER.indexOf(family(b)) + 1 || 99));

console.log(`starting Prism mocks for: ${specNames.join(', ')}`);
const mocks = await startMocks(specNames);
let failed = false;
try {
  for (const file of files) {
    console.log(`\n=== ${family(file)} ===`);
    const module = (await import(new URL(file, import.meta.url).href)) as {
      default: (ctx: ExampleContext) => Promise<void>;
    };
    const ctx: ExampleContext = {
      urls: mocks.urls,
      show: (label, value) =>
        console.log(
          `${label}:`,
          typeof value === 'string' ? value : JSON.stringify(value, null, 2),
        ),
    };
    try {
      await module.default(ctx);
    } catch (error) {
      failed = true;
      console.error(`${family(file)} example failed:`, error);
    }
  }
} finally {
  await mocks.stop();
  console.log('\nmocks stopped');
}
process.exitCode = failed ? 1 : 0;
