// Writes docs/generators.md from the cells the harness measured: generator × family → generated,
// warnings, builds, story steps (as published and in tolerance mode), anonymous names, with the
// warnings that are left and why and the story steps that failed.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Generator } from './generator.js';
import { type StepResult, storySteps } from './story.js';
import type { Thresholds } from './thresholds.js';
import { type Family, families, root } from './toolchain.js';

/** One family's story steps in one run of a language's story. */
export interface StoryTally {
  /** Steps of `storySteps[family]` the runner reported passed. */
  passed: number;
  /** Steps the family has (`storySteps[family].length`). */
  total: number;
  /** `step: message` of each step that failed or was not reported, or why the story did not run. */
  failures: string[];
}

export interface Cell {
  generated: boolean;
  warnings: string[];
  built: boolean | undefined;
  buildOutput: string;
  anonymousNames: string[];
  error?: string;
  /** The story against the emulator as published; undefined when it did not run. */
  story?: StoryTally;
  /** The same story against the emulator in tolerance mode. */
  tolerance?: StoryTally;
}

/**
 * A family's steps in a story run: each step of `storySteps[family]` must be reported by the
 * runner, passed and not skipped. `failure`: the story did not run at all (its error).
 */
export function tallySteps(
  family: Family,
  steps: readonly StepResult[] | undefined,
  failure?: string,
): StoryTally {
  const names: readonly string[] = storySteps[family];
  if (steps === undefined)
    return { passed: 0, total: names.length, failures: [failure ?? 'the story did not run'] };
  const failures: string[] = [];
  let passed = 0;
  for (const name of names) {
    const step = steps.find((s) => s.name === name);
    if (!step) failures.push(`${name}: not reported by the runner`);
    else if (step.skipped) failures.push(`${name}: skipped`);
    else if (!step.ok) failures.push(`${name}: ${step.message ?? 'failed'}`);
    else passed++;
  }
  return { passed, total: names.length, failures };
}

const complete = (tally: StoryTally | undefined) =>
  tally !== undefined && tally.total > 0 && tally.passed === tally.total;

/**
 * Green: generated with 0 unexplained warnings, built, passed every story step as published and in
 * tolerance mode, and has 0 anonymous names.
 */
export function isGreen(cell: Cell, thresholds: Thresholds): boolean {
  return (
    cell.generated &&
    unexplainedWarnings(cell, thresholds).length === 0 &&
    cell.built === true &&
    complete(cell.story) &&
    complete(cell.tolerance) &&
    cell.anonymousNames.length === 0
  );
}

const unexplainedWarnings = (cell: Cell, thresholds: Thresholds) =>
  cell.warnings.filter(
    (w) => !Object.keys(thresholds.warningReasons).some((text) => w.includes(text)),
  );

const tallyText = (tally: StoryTally | undefined) =>
  tally === undefined
    ? 'not run'
    : tally.passed === tally.total
      ? `${tally.passed}/${tally.total}`
      : `**${tally.passed}/${tally.total}**`;

export type Cells = Map<string, Cell>;
export const cellKey = (language: string, family: Family) => `${language}/${family}`;

const mark = (ok: boolean | undefined) => (ok === undefined ? 'not run' : ok ? 'yes' : '**no**');

/** docs/generators.md's text. */
export function renderReport(
  generators: readonly Pick<Generator, 'language' | 'tool' | 'reads' | 'check'>[],
  cells: Cells,
  thresholds: Thresholds,
  seconds: number,
  /** Seconds each language's story took, both modes with their emulators. */
  storySeconds: ReadonlyMap<string, number> = new Map(),
): string {
  const lines = [
    '# Generators',
    '',
    '<!-- Written by `pnpm generators` (tools/generators): do not edit by hand. -->',
    '',
    "Each family's document fed to a real generator of each language, with the options in",
    '[specs/README.md](../specs/README.md#generators), and the generated code built. A cell is green',
    'when it generated with no unexplained warning (one with no reason in',
    '`tools/generators/thresholds.json`; the reasons are listed below), built, passed every step of',
    "the conformance story against the emulator in the language's own test runner (steps passed of",
    "the family's steps) and again against the emulator in tolerance mode (an unknown value in every",
    '`x-extensible-enum` field, an unknown property in every response object), and has no anonymous',
    'name (`Inline…`, `…200Response`, `…Request1`, `Body_…`, `AnyOf…`).',
    '',
    '| Generator | Reads | Family | Generated | Warnings (unexplained) | Builds | Story steps | Tolerance | Anonymous names | Green |',
    '|---|---|---|---|---|---|---|---|---|---|',
  ];
  for (const generator of generators)
    for (const family of families) {
      const cell = cells.get(cellKey(generator.language, family));
      if (!cell) {
        lines.push(
          `| ${generator.tool} | ${generator.reads} | ${family} | not run | | | | | | no |`,
        );
        continue;
      }
      const unexplained = unexplainedWarnings(cell, thresholds).length;
      lines.push(
        `| ${generator.tool} | ${generator.reads} | ${family} | ${mark(cell.generated)} | ${cell.warnings.length} (${unexplained}) | ${mark(cell.built)} (${generator.check}) | ${tallyText(cell.story)} | ${tallyText(cell.tolerance)} | ${cell.anonymousNames.length} | ${isGreen(cell, thresholds) ? 'yes' : 'no'} |`,
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
  lines.push('', '## Story steps that failed', '');
  let failed = false;
  for (const [key, cell] of cells)
    for (const [run, tally] of [
      ['as published', cell.story],
      ['tolerance mode', cell.tolerance],
    ] as const)
      for (const failure of tally?.failures ?? []) {
        failed = true;
        lines.push(`- ${key} (${run}): ${failure.replaceAll('\n', ' ').slice(0, 300)}`);
      }
  if (!failed) lines.push('None.');
  lines.push('', '## Anonymous names', '');
  const named = [...cells.entries()].filter(([, c]) => c.anonymousNames.length > 0);
  if (named.length === 0) lines.push('None.');
  for (const [key, cell] of named)
    lines.push(`- ${key}: ${cell.anonymousNames.map((n) => `\`${n}\``).join(', ')}`);
  lines.push(
    '',
    `The limits the command holds the numbers to are in \`tools/generators/thresholds.json\`. Last run: ${Math.round(seconds)} s${
      storySeconds.size > 0
        ? `, of which the stories (both modes, emulators included): ${[...storySeconds]
            .map(([language, s]) => `${language} ${Math.round(s)} s`)
            .join(', ')}`
        : ''
    }.`,
    '',
  );
  return lines.join('\n');
}

/** Writes docs/generators.md. */
export function writeReport(
  generators: readonly Generator[],
  cells: Cells,
  thresholds: Thresholds,
  seconds: number,
  storySeconds?: ReadonlyMap<string, number>,
) {
  writeFileSync(
    join(root, 'docs', 'generators.md'),
    renderReport(generators, cells, thresholds, seconds, storySeconds),
  );
}
