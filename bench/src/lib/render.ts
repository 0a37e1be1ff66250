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

/**
 * `markdown` (docs/benchmarks.md) with `section`'s summary rows and its `## ` part replaced, or
 * added at the end of each when it has none yet: what a benchmark run on its own writes, leaving
 * every other section as the last whole run wrote it.
 */
export function replaceSection(markdown: string, section: Section): string {
  const rendered = renderMarkdown([section], { machine: '', command: '', date: '', durationS: 0 });
  const lines = rendered.trimEnd().split('\n');
  const rowPrefix = `| ${cell(section.title)} |`;
  const heading = `## ${section.title}`;
  const rows = lines.filter((line) => line.startsWith(rowPrefix));
  const part = lines.slice(lines.indexOf(heading));
  const out = markdown.trimEnd().split('\n');
  // The summary table (the first one): this section's rows go where its old rows were, or last.
  const head = out.findIndex((line) => line.startsWith('| Benchmark |'));
  if (head === -1) throw new Error('no summary table ("| Benchmark |") in the document');
  let tableEnd = head;
  while (out[tableEnd + 1]?.startsWith('| ')) tableEnd++;
  const old = out.slice(head, tableEnd + 1).filter((line) => line.startsWith(rowPrefix)).length;
  const first = out.findIndex((line, i) => i > head && i <= tableEnd && line.startsWith(rowPrefix));
  if (first === -1) out.splice(tableEnd + 1, 0, ...rows);
  else out.splice(first, old, ...rows);
  // The section's part: from its heading to the next `## ` heading, or the end.
  const start = out.indexOf(heading);
  if (start === -1) return `${[...out, '', ...part].join('\n')}\n`;
  const next = out.findIndex((line, i) => i > start && line.startsWith('## '));
  const end = next === -1 ? out.length : next - 1;
  out.splice(start, end - start, ...part);
  return `${out.join('\n')}\n`;
}
