// The Schemathesis section of docs/reliability.md, between `<!-- begin: schemathesis -->` and
// `<!-- end: schemathesis -->`: what ran, operations × checks, test cases, stateful sequences,
// findings and the exceptions the family configs write beside their checks.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { root, toolDir } from './paths.js';
import type { Budget, FamilyRun } from './schemathesis.js';
import type { FamilySummary } from './summary.js';

/** One family's run and what it found. */
export interface FamilyReport {
  family: string;
  run: FamilyRun;
  summary: FamilySummary;
}

const BEGIN = '<!-- begin: schemathesis -->';
const END = '<!-- end: schemathesis -->';

/** The exceptions written in the configs: each `# Exception:` comment block with the setting after it. */
export function configExceptions(): { family: string; text: string }[] {
  const out: { family: string; text: string }[] = [];
  const dir = join(toolDir, 'config');
  for (const file of readdirSync(dir)
    .filter((f) => f.endsWith('.toml'))
    .sort()) {
    const lines = readFileSync(join(dir, file), 'utf8').split('\n');
    for (let i = 0; i < lines.length; i++) {
      if (!lines[i]?.startsWith('# Exception:')) continue;
      const block: string[] = [];
      for (let j = i; j < lines.length && lines[j]?.startsWith('#'); j++)
        block.push((lines[j] as string).replace(/^# ?/, ''));
      out.push({
        family: file.replace(/\.toml$/, ''),
        text: block.join(' ').replace(/^Exception: /, ''),
      });
    }
  }
  return out;
}

const tableCell = (s: string) => s.replace(/\|/g, '\\|').replace(/\n/g, ' ');

/** The section's Markdown (without the markers). */
export function renderSection(input: {
  mode: string;
  budget: Budget;
  installSeconds: number;
  installed: boolean;
  reports: FamilyReport[];
}): string {
  const { mode, budget, reports } = input;
  const lines: string[] = [];
  lines.push('## Schemathesis');
  lines.push('');
  lines.push(
    `Written by \`pnpm fuzz${mode === 'deep' ? ' --deep' : ''}\` (tools/fuzz): Schemathesis ` +
      `${readFileSync(join(toolDir, 'requirements.txt'), 'utf8').trim().replace('schemathesis==', '')} ` +
      `over each family's document against a fresh emulator, every default check on, the phases ` +
      `${budget.phases.join(', ')} (stateful through the documents' links); seed ${budget.seed}, ` +
      `at most ${budget.maxExamples} examples per operation and phase, no example database or ` +
      `cache carried between runs.` +
      (input.installed ? ` The pip install took ${input.installSeconds.toFixed(0)} s.` : ''),
  );
  lines.push('');
  lines.push(
    '| Family | Operations | Operation × check | Failing | Test cases | Stateful sequences | Seconds |',
  );
  lines.push('|---|---|---|---|---|---|---|');
  for (const { family, run, summary } of reports) {
    const operations = new Set(summary.cells.map((c) => c.operation)).size;
    const failing = summary.cells.filter((c) => c.failed > 0).length;
    lines.push(
      `| ${family} | ${operations} | ${summary.cells.length} | ${failing} | ` +
        `${run.json.test_cases?.generated ?? summary.testCases} | ${summary.statefulSequences} | ${run.seconds.toFixed(0)} |`,
    );
  }
  lines.push('');
  const checks = new Map<string, { operations: number; failing: number; cases: number }>();
  for (const { summary } of reports)
    for (const cell of summary.cells) {
      const row = checks.get(cell.check) ?? { operations: 0, failing: 0, cases: 0 };
      row.operations += 1;
      row.failing += cell.failed > 0 ? 1 : 0;
      row.cases += cell.passed + cell.failed;
      checks.set(cell.check, row);
    }
  lines.push('| Check | Operations checked | Failing | Responses checked |');
  lines.push('|---|---|---|---|');
  for (const [check, row] of [...checks].sort(([a], [b]) => a.localeCompare(b)))
    lines.push(`| ${check} | ${row.operations} | ${row.failing} | ${row.cases} |`);
  lines.push('');
  const findings = reports.flatMap(({ family, summary }) =>
    summary.findings.map((f) => ({ family, ...f })),
  );
  lines.push(`### Findings (${findings.length} open)`);
  lines.push('');
  if (findings.length === 0) lines.push('None.');
  else {
    lines.push('| Family | Operation | Check | Failure | Example |');
    lines.push('|---|---|---|---|---|');
    for (const f of findings)
      lines.push(
        `| ${f.family} | \`${f.operation}\` | ${f.check} | ${tableCell(`${f.code} ${f.title}: ${f.message}`)} | ${f.example ? `\`${tableCell(f.example)}\`` : ''} |`,
      );
  }
  lines.push('');
  const exceptions = configExceptions();
  lines.push("### Exceptions (the platform's published behaviour against a check)");
  lines.push('');
  if (exceptions.length === 0) lines.push('None.');
  for (const e of exceptions) lines.push(`- ${e.family}: ${e.text}`);
  return lines.join('\n');
}

/** Rewrites the section in docs/reliability.md (appended, with its markers, the first time). */
export function writeReliabilitySection(input: Parameters<typeof renderSection>[0]): void {
  const file = join(root, 'docs', 'reliability.md');
  const text = readFileSync(file, 'utf8');
  const section = `${BEGIN}\n${renderSection(input)}\n${END}`;
  const start = text.indexOf(BEGIN);
  const end = text.indexOf(END);
  const next =
    start >= 0 && end > start
      ? `${text.slice(0, start)}${section}${text.slice(end + END.length)}`
      : `${text.trimEnd()}\n\n${section}\n`;
  writeFileSync(file, next);
}
