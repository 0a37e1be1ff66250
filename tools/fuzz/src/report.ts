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
  /** The links the family's document declares (`METHOD /path -> [status] LinkName`). */
  linksDeclared: string[];
}

/** The declared links the stateful phase walked. */
export function walkedOf(report: FamilyReport): string[] {
  const walked = new Set(report.summary.linksWalked);
  return report.linksDeclared.filter((link) => walked.has(link));
}

// The CI run and the deep run each keep their own section.
const markers = (mode: string) => {
  const name = mode === 'deep' ? 'schemathesis-deep' : 'schemathesis';
  return { begin: `<!-- begin: ${name} -->`, end: `<!-- end: ${name} -->` };
};

/**
 * The exceptions written in the configs: each `# Exception:` comment block with the setting after
 * it (`config/<family>.toml`), or each `# Excluded:` block of the Prism configs
 * (`config/prism/<family>.toml`).
 */
export function configExceptions(
  kind: 'emulator' | 'prism' = 'emulator',
): { family: string; text: string }[] {
  const out: { family: string; text: string }[] = [];
  const dir = kind === 'prism' ? join(toolDir, 'config', 'prism') : join(toolDir, 'config');
  const marker = kind === 'prism' ? '# Excluded:' : '# Exception:';
  for (const file of readdirSync(dir)
    .filter((f) => f.endsWith('.toml'))
    .sort()) {
    const lines = readFileSync(join(dir, file), 'utf8').split('\n');
    for (let i = 0; i < lines.length; i++) {
      if (!lines[i]?.startsWith(marker)) continue;
      const block: string[] = [];
      for (let j = i; j < lines.length && lines[j]?.startsWith('#'); j++)
        block.push((lines[j] as string).replace(/^# ?/, ''));
      out.push({
        family: file.replace(/\.toml$/, ''),
        text: block.join(' ').replace(/^(Exception|Excluded): /, ''),
      });
    }
  }
  return out;
}

const tableCell = (s: string) => s.replace(/\|/g, '\\|').replace(/\n/g, ' ');

/** The section's Markdown (without the markers). */
export function renderSection(input: {
  mode: string;
  budget: Budget & { minutes: number };
  installSeconds: number;
  installed: boolean;
  reports: FamilyReport[];
  /** The runs against the Prism mocks (the CI run). */
  prismReports: FamilyReport[];
  /** The whole run, install included. */
  seconds: number;
}): string {
  const { mode, budget, reports } = input;
  const lines: string[] = [];
  lines.push(mode === 'deep' ? '## Schemathesis, the deep run' : '## Schemathesis');
  lines.push('');
  lines.push(
    `Written by \`pnpm fuzz${mode === 'deep' ? ' --deep' : ''}\` (tools/fuzz): Schemathesis ` +
      `${readFileSync(join(toolDir, 'requirements.txt'), 'utf8').trim().replace('schemathesis==', '')} ` +
      `over each family's document against a fresh emulator, every default check on, the phases ` +
      `${budget.phases.join(', ')} (stateful through the documents' links); seed ${budget.seed}, ` +
      `at most ${budget.maxExamples} examples per operation and phase, ` +
      `${budget.statefulScenarios} stateful scenarios of at most ${budget.statefulSteps} calls` +
      (budget.fillTime
        ? `, fuzzing and stateful testing repeated until the run's ${budget.minutes} minutes are spent`
        : '') +
      `, no example database or cache carried between runs.` +
      (input.installed ? ` The pip install took ${input.installSeconds.toFixed(0)} s.` : '') +
      ` The whole run took ${(input.seconds / 60).toFixed(1)} minutes.`,
  );
  lines.push('');
  lines.push(
    '| Family | Operations | Operation × check | Failing | Test cases | Stateful sequences | Links walked / declared | Seconds |',
  );
  lines.push('|---|---|---|---|---|---|---|---|');
  for (const report of reports) {
    const { family, run, summary } = report;
    const operations = new Set(summary.cells.map((c) => c.operation)).size;
    const failing = summary.cells.filter((c) => c.failed > 0).length;
    lines.push(
      `| ${family} | ${operations} | ${summary.cells.length} | ${failing} | ` +
        `${run.json.test_cases?.generated ?? summary.testCases} | ${summary.statefulSequences} | ` +
        `${walkedOf(report).length} / ${report.linksDeclared.length} | ${run.seconds.toFixed(0)} |`,
    );
  }
  const unwalked = reports.flatMap((report) => {
    const walked = new Set(walkedOf(report));
    return report.linksDeclared
      .filter((link) => !walked.has(link))
      .map((link) => `${report.family}: \`${link}\``);
  });
  lines.push('');
  lines.push(
    unwalked.length === 0
      ? 'Every declared link was walked at least once.'
      : `Links not walked in this run (${unwalked.length}): ${unwalked.join('; ')}.`,
  );
  lines.push('');
  lines.push(...checkTable(reports));
  lines.push('');
  lines.push(...findingsOf(reports));
  lines.push('');
  const exceptions = configExceptions();
  lines.push("### Exceptions (the platform's published behaviour against a check)");
  lines.push('');
  if (exceptions.length === 0) lines.push('None.');
  for (const e of exceptions) lines.push(`- ${e.family}: ${e.text}`);
  if (input.prismReports.length > 0) {
    lines.push('');
    lines.push(...prismSection(input.prismReports));
  }
  return lines.join('\n');
}

/** The Prism sub-section: what ran against the mocks, its checks, findings and exclusions. */
function prismSection(reports: FamilyReport[]): string[] {
  const lines: string[] = [];
  lines.push("### Against Prism (the contract tests' mocks)");
  lines.push('');
  lines.push(
    "Each family's document against its Prism 5.14.2 mock (tools/mock, started from the same " +
      'spec, with `--errors`): the stateless phases examples and fuzzing, with the same seed and ' +
      'examples per operation, every default check but the exclusions below. Prism keeps no ' +
      'state, so there is no stateful phase: a link leads to a mock answer that knows nothing ' +
      'of the resource the first call made.',
  );
  lines.push('');
  lines.push('| Family | Operations | Operation × check | Failing | Test cases | Seconds |');
  lines.push('|---|---|---|---|---|---|');
  for (const { family, run, summary } of reports) {
    const operations = new Set(summary.cells.map((c) => c.operation)).size;
    const failing = summary.cells.filter((c) => c.failed > 0).length;
    lines.push(
      `| ${family} | ${operations} | ${summary.cells.length} | ${failing} | ` +
        `${run.json.test_cases?.generated ?? summary.testCases} | ${run.seconds.toFixed(0)} |`,
    );
  }
  lines.push('');
  lines.push(...checkTable(reports));
  lines.push('');
  lines.push(...findingsOf(reports, '#### Findings against Prism'));
  lines.push('');
  lines.push('#### Checks excluded against Prism, and why');
  lines.push('');
  const excluded = configExceptions('prism');
  if (excluded.length === 0) lines.push('None.');
  for (const e of excluded) lines.push(`- ${e.family}: ${e.text}`);
  return lines;
}

/** Operations × checks, one row per check. */
function checkTable(reports: FamilyReport[]): string[] {
  const lines: string[] = [];
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
  return lines;
}

/** The findings, one row each, or "None.". */
function findingsOf(reports: FamilyReport[], title = '### Findings'): string[] {
  const lines: string[] = [];
  const findings = reports.flatMap(({ family, summary }) =>
    summary.findings.map((f) => ({ family, ...f })),
  );
  lines.push(`${title} (${findings.length} open)`);
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
  return lines;
}

/** Rewrites the section in docs/reliability.md (appended, with its markers, the first time). */
export function writeReliabilitySection(input: Parameters<typeof renderSection>[0]): void {
  const file = join(root, 'docs', 'reliability.md');
  const text = readFileSync(file, 'utf8');
  const { begin, end: endMarker } = markers(input.mode);
  const section = `${begin}\n${renderSection(input)}\n${endMarker}`;
  const start = text.indexOf(begin);
  const end = text.indexOf(endMarker);
  const next =
    start >= 0 && end > start
      ? `${text.slice(0, start)}${section}${text.slice(end + endMarker.length)}`
      : `${text.trimEnd()}\n\n${section}\n`;
  writeFileSync(file, next);
}
