// `pnpm bench`: runs every benchmark, prints one table and writes docs/benchmarks.md.
import { writeFile } from 'node:fs/promises';
import { run as bundleSize } from './bundle-size.js';
import { run as concurrency } from './concurrency.js';
import { run as emulator } from './emulator.js';
import { run as fleet } from './fleet.js';
import { run as importTime } from './import-time.js';
import { renderMarkdown, renderText } from './lib/render.js';
import { figure, machine, type Section } from './lib/report.js';
import { run as overhead } from './overhead.js';
import { run as paging } from './paging.js';
import { run as pipelineTime } from './pipeline-time.js';
import { sideBySide } from './side-by-side.js';
import { run as transport } from './transport.js';
import { run as typecheckCost } from './typecheck-cost.js';

const COMMAND = 'pnpm bench';
const benches = [
  overhead,
  paging,
  bundleSize,
  importTime,
  typecheckCost,
  concurrency,
  pipelineTime,
  emulator,
  transport,
  fleet,
];

const started = performance.now();
const sections: Section[] = [];
for (const bench of benches) {
  const t = performance.now();
  let section: Section;
  try {
    section = await bench();
  } catch (error) {
    // One benchmark that cannot run (a package mid-change) does not hide the others' figures.
    section = {
      id: bench.name,
      title: `(a benchmark failed: ${bench.name})`,
      method: 'It threw before it could report.',
      figures: [figure('error', String(error).split('\n')[0]!, 'runs', false)],
    };
  }
  sections.push(section);
  console.error(`${section.title}: ${((performance.now() - t) / 1000).toFixed(1)} s`);
}
sections.unshift(sideBySide());
const durationS = (performance.now() - started) / 1000;
console.log(renderText(sections));
const out = new URL('../../docs/benchmarks.md', import.meta.url);
await writeFile(
  out,
  renderMarkdown(sections, {
    machine: machine(),
    command: COMMAND,
    date: new Date().toISOString().slice(0, 10),
    durationS,
  }),
);
console.log(`\nwrote ${out.pathname}`);
