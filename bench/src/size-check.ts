// CI size check: bundles every package as bundle-size.ts does and fails when any min+gzip size
// grew more than 10% over bench/size-baseline.json. `--update` rewrites the baseline. It also
// checks that a browser bundle of a client leaves the Node transport out (and, so that the check
// is known to see it, that a Node bundle has it).
import { readFile, writeFile } from 'node:fs/promises';
import { holdsNodeTransport, measureAll } from './lib/bundles.js';

const inBrowser = await holdsNodeTransport('browser');
const onNode = await holdsNodeTransport('node');
if (inBrowser || !onNode) {
  console.error(
    `FAIL the Node transport must be in a Node bundle (it is${onNode ? '' : ' not'}) and not in a browser bundle (it is${inBrowser ? '' : ' not'})`,
  );
  process.exit(1);
}
console.log('ok   the Node transport is in a Node bundle and not in a browser bundle');

const BASELINE = new URL('../size-baseline.json', import.meta.url);
const TOLERANCE = 0.1;

type Sizes = Record<string, { withDeps: number; own: number }>;

const measured = await measureAll();
const current: Sizes = Object.fromEntries(
  Object.entries(measured).map(([name, s]) => [
    name,
    { withDeps: s.withDeps.gzip, own: s.own.gzip },
  ]),
);

if (process.argv.includes('--update')) {
  await writeFile(BASELINE, `${JSON.stringify(current, null, 2)}\n`);
  console.log(`size baseline written: ${BASELINE.pathname}`);
} else {
  const baseline = JSON.parse(await readFile(BASELINE, 'utf8')) as Sizes;
  const failures: string[] = [];
  for (const [name, sizes] of Object.entries(current)) {
    for (const kind of ['withDeps', 'own'] as const) {
      const before = baseline[name]?.[kind];
      const now = sizes[kind];
      const change = before ? (now - before) / before : 0;
      const line = `${name} ${kind === 'withDeps' ? 'with deps' : 'own code'}: ${now} B gzip (baseline ${before ?? '-'} B, ${(change * 100).toFixed(1)}%)`;
      if (before === undefined) failures.push(`${line}: not in the baseline (run with --update)`);
      else if (change > TOLERANCE) failures.push(`${line}: more than +${TOLERANCE * 100}%`);
      else console.log(`ok   ${line}`);
    }
  }
  for (const f of failures) console.error(`FAIL ${f}`);
  if (failures.length > 0) {
    console.error(
      '\nBundle size grew. If intended, run `pnpm --filter @x/bench size:check --update`.',
    );
    process.exit(1);
  }
}
