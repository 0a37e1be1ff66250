// Renders sections as a console table and as the Markdown of docs/benchmarks.md.
import type { Figure, Section } from './section.js';

const status = (f: Figure) => (f.pass === undefined ? '' : f.pass ? 'pass' : 'FAIL');

/** A section's table as Markdown rows. */
function tableLines(table: NonNullable<Section['table']>): string[] {
  return [
    `| ${table.header.map(cell).join(' | ')} |`,
    `|${table.header.map(() => ' --- ').join('|')}|`,
    ...table.rows.map((row) => `| ${row.map(cell).join(' | ')} |`),
  ];
}

export function renderText(sections: readonly Section[]): string {
  const rows: string[][] = [['benchmark', 'figure', 'value', 'goal', '']];
  for (const s of sections)
    for (const f of s.figures) rows.push([s.title, f.name, f.value, f.goal, status(f)]);
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
  const line = (r: string[]) =>
    r
      .map((c, i) => c.padEnd(widths[i]!))
      .join('  ')
      .trimEnd();
  const out = [line(rows[0]!), widths.map((w) => '-'.repeat(w)).join('  ')];
  let last = '';
  for (const r of rows.slice(1)) {
    out.push(line([r[0] === last ? '' : r[0]!, ...r.slice(1)]));
    last = r[0]!;
  }
  for (const s of sections) if (s.table) out.push('', s.title, ...tableLines(s.table));
  return out.join('\n');
}

function cell(text: string): string {
  return text.replace(/\|/g, '\\|');
}

export function renderMarkdown(
  sections: readonly Section[],
  meta: { machine: string; command: string; date: string; durationS: number },
): string {
  const out: string[] = [
    '# Benchmarks',
    '',
    'Written by `pnpm bench` (`bench/src/main.ts`); do not edit by hand. Every comparison is a',
    'ratio of variants measured side by side in the same run (interleaved rounds, median of the',
    'per-round ratios after warm-up), because absolute times drift on shared machines. Absolute',
    'times are given for context only.',
    '',
    `- Machine: ${meta.machine}`,
    `- Command: \`${meta.command}\``,
    `- Date: ${meta.date} (run took ${meta.durationS.toFixed(0)} s)`,
    '',
    '| Benchmark | Figure | Value | Goal | Result |',
    '| --- | --- | --- | --- | --- |',
  ];
  for (const s of sections)
    for (const f of s.figures)
      out.push(
        `| ${cell(s.title)} | ${cell(f.name)} | ${cell(f.value)} | ${cell(f.goal)} | ${status(f)} |`,
      );
  for (const s of sections) {
    out.push('', `## ${s.title}`, '', s.method);
    if (s.table) out.push('', ...tableLines(s.table));
    if (s.notes?.length) out.push('', ...s.notes.map((n) => `- ${n}`));
  }
  return `${out.join('\n')}\n`;
}
