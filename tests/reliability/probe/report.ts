// The probe's section of docs/reliability.md: rewritten between its own markers only, so the other
// commands that write sections of that file keep theirs.
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { ProbeReport } from './probe.js';

export const RELIABILITY_DOC = fileURLToPath(
  new URL('../../../docs/reliability.md', import.meta.url),
);
const BEGIN = '<!-- begin: probe -->';
const END = '<!-- end: probe -->';

/** The section's Markdown (without the markers). */
export function renderProbe(report: ProbeReport): string {
  const { tally } = report;
  const rows = tally.categories.map((c) => {
    const outcomes = [...c.outcomes]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([k, n]) => `${k} × ${n}`)
      .join(', ');
    return `| ${c.name} | ${c.tried} | ${outcomes} | ${c.findings.length} |`;
  });
  const findings = tally.findings;
  return [
    '## Probe',
    '',
    'Written by `pnpm probe` (`tests/reliability/probe/`; the same probe runs in the `reliability`',
    'vitest project as `probe.test.ts`, which fails on any finding). Against an emulator on a free',
    'loopback port it sends malformed bodies (not JSON, cut short, `null`, arrays, `__proto__` keys,',
    'JSON 20 000 deep, the wrong media type, lone surrogates) to every operation that takes one;',
    'filters nested 33, 1000 and 7000 deep to every list with a filter; `__proto__`, `constructor`',
    'and `hasOwnProperty` as every path parameter of every operation (compared with an unknown id);',
    'odd query parameters to every GET; `.`/`..`/`%2e%2e` segments over the socket; forged (`alg',
    'none`, no or a random signature, tampered claims), foreign, missing and expired credentials to',
    'every GET and wrong client secrets to the token endpoints; 64 racing creates of one username',
    '(workforce users, realm identities) and 64 racing deletes of one user; and MCP stdio oddities',
    '(not JSON, not JSON-RPC, over the size limit, `arguments` not an object, a lone surrogate,',
    'unknown tools and methods, write tools on a read-only server). A finding is a 5xx, no answer',
    'within 10 s, a credential accepted, a race with other than one winner or with lost state, a',
    'secret (client secrets, API keys, the signing key) in any answer, or an answer other than the',
    'one expected. MCP over HTTP is not probed here (its sessions and auth are tested in',
    '`packages/mcp/test/http.test.ts`).',
    '',
    `Last run: seed ${report.seed}, ${tally.tried} requests, ${findings.length} findings, ${(report.durationMs / 1000).toFixed(1)} s.`,
    '',
    '| Category | Tried | Outcomes | Findings |',
    '| --- | --- | --- | --- |',
    ...rows,
    ...(findings.length ? ['', 'Findings:', '', ...findings.map((f) => `- ${f}`)] : []),
  ].join('\n');
}

/** Replaces the probe section of docs/reliability.md (appends it with its markers if absent). */
export function writeProbeSection(report: ProbeReport, path = RELIABILITY_DOC): void {
  const doc = readFileSync(path, 'utf8');
  const section = `${BEGIN}\n${renderProbe(report)}\n${END}`;
  const start = doc.indexOf(BEGIN);
  const end = doc.indexOf(END);
  const next =
    start !== -1 && end > start
      ? `${doc.slice(0, start)}${section}${doc.slice(end + END.length)}`
      : `${doc.trimEnd()}\n\n${section}\n`;
  writeFileSync(path, next);
}
