// The black-box probe (see probe.ts) as a test of the normal run: any finding fails it. With
// X_PROBE_WRITE=1 (what `pnpm probe` sets) it also rewrites the probe section of
// docs/reliability.md.
import { expect, it } from 'vitest';
import { runProbe } from './probe.js';
import { writeProbeSection } from './report.js';

it('the probe finds no 5xx, hang, lost state, leaked secret or accepted forgery, in under 2 minutes', async () => {
  const report = await runProbe();
  // biome-ignore lint/suspicious/noUndeclaredEnvVars: set by `pnpm probe` only, never under turbo
  if (process.env.X_PROBE_WRITE === '1') writeProbeSection(report);
  console.log(
    `[reliability] probe: seed ${report.seed}, ${report.tally.tried} requests, ${report.tally.findings.length} findings, ${report.durationMs} ms`,
  );
  expect(report.tally.tried).toBeGreaterThan(2500);
  for (const name of [
    'malformed bodies',
    'deep filters',
    'prototype ids',
    'odd parameters',
    'dot segments',
    'credentials',
    'races',
    'MCP stdio session',
  ])
    expect(report.tally.categories.map((c) => c.name)).toContain(name);
  expect(report.tally.findings).toEqual([]);
  expect(report.durationMs).toBeLessThan(120_000);
}, 180_000);
