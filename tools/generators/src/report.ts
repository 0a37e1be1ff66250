// Writes docs/generators.md from the cells the harness measured: generator × family → generated,
// warnings, builds, story steps, anonymous names, with the warnings that are left and why.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Generator } from './generator.js';
import type { Thresholds } from './thresholds.js';
import { type Family, families, root } from './toolchain.js';

export interface Cell {
  generated: boolean;
  warnings: string[];
  built: boolean | undefined;
  buildOutput: string;
  anonymousNames: string[];
  error?: string;
}

export type Cells = Map<string, Cell>;
export const cellKey = (language: string, family: Family) => `${language}/${family}`;

const mark = (ok: boolean | undefined) => (ok === undefined ? 'not run' : ok ? 'yes' : '**no**');

export function writeReport(
  generators: readonly Generator[],
  cells: Cells,
  thresholds: Thresholds,
  seconds: number,
) {
  const lines = [
    '# Generators',
    '',
    '<!-- Written by `pnpm generators` (tools/generators): do not edit by hand. -->',
    '',
    "Each family's document fed to a real generator of each language, with the options in",
    '[specs/README.md](../specs/README.md#generators), and the generated code built. A cell is green',
    'when it generated with no unexplained warning (one with no reason in',
    '`tools/generators/thresholds.json`; the reasons are listed below), built, passed every story',
    'step, and has no',
    'anonymous name (`Inline…`, `…200Response`, `…Request1`, `Body_…`, `AnyOf…`).',
    '',
    '| Generator | Reads | Family | Generated | Warnings (unexplained) | Builds | Story steps | Anonymous names | Green |',
    '|---|---|---|---|---|---|---|---|---|',
  ];
  for (const generator of generators)
    for (const family of families) {
      const cell = cells.get(cellKey(generator.language, family));
      if (!cell) {
        lines.push(`| ${generator.tool} | ${generator.reads} | ${family} | not run | | | | | no |`);
        continue;
      }
      const unexplained = cell.warnings.filter(
        (w) => !Object.keys(thresholds.warningReasons).some((text) => w.includes(text)),
      ).length;
      const green =
        cell.generated &&
        unexplained === 0 &&
        cell.built === true &&
        cell.anonymousNames.length === 0 &&
        false; // no conformance story is written yet (issue 26, goal 3)
      lines.push(
        `| ${generator.tool} | ${generator.reads} | ${family} | ${mark(cell.generated)} | ${cell.warnings.length} (${unexplained}) | ${mark(cell.built)} (${generator.check}) | not written | ${cell.anonymousNames.length} | ${green ? 'yes' : 'no'} |`,
      );
    }
  lines.push('', '## Warnings left, and why', '');
  const reasons = thresholds.warningReasons;
  let any = false;
  for (const generator of generators)
    for (const family of families) {
      const cell = cells.get(cellKey(generator.language, family));
      const counts = new Map<string, number>();
      for (const w of cell?.warnings ?? []) counts.set(w, (counts.get(w) ?? 0) + 1);
      for (const [warning, n] of counts) {
        any = true;
        const reason = Object.entries(reasons).find(([text]) => warning.includes(text))?.[1];
        lines.push(
          `- ${generator.language}/${family} (${n}×): \`${warning.replaceAll('`', "'").slice(0, 200)}\` — ${reason ?? '**unexplained**'}`,
        );
      }
    }
  if (!any) lines.push('None.');
  lines.push('', '## What did not build', '');
  const broken = [...cells.entries()].filter(([, c]) => c.built === false || c.error);
  if (broken.length === 0) lines.push('Everything built.');
  for (const [key, cell] of broken)
    lines.push(`### ${key}`, '', '```', (cell.error ?? cell.buildOutput).slice(0, 1500), '```', '');
  lines.push('', '## Anonymous names', '');
  const named = [...cells.entries()].filter(([, c]) => c.anonymousNames.length > 0);
  if (named.length === 0) lines.push('None.');
  for (const [key, cell] of named)
    lines.push(`- ${key}: ${cell.anonymousNames.map((n) => `\`${n}\``).join(', ')}`);
  lines.push(
    '',
    `The limits the command holds the numbers to are in \`tools/generators/thresholds.json\`. Last run: ${Math.round(seconds)} s.`,
    '',
  );
  writeFileSync(join(root, 'docs', 'generators.md'), lines.join('\n'));
}
