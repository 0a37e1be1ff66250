#!/usr/bin/env node
// `pnpm release:gate`: every change since the baseline (tools/release/baseline/) has a changeset
// of at least the bump it needs. Changes are read from the committed surface records (which
// `pnpm release:records` holds equal to the built packages) and from oasdiff's comparison of the
// bundled specs. A break needs a minor bump in 0.x (major from 1.0), an addition a patch (minor
// from 1.0), for the package and for every package whose API report names its types (a family
// that exposes @x/runtime's types breaks with it). Fails naming the package, the change and the
// bump it needs.
//   node tools/release/src/gate.mjs [--root DIR]   (DIR: a workspace; default this one)

import { join } from 'node:path';
import { neededBump, pendingBumps, RANK } from './changesets.mjs';
import { compareDocuments, documentPairs, missingBaselines } from './documents.mjs';
import { compareRecord } from './records/compare.mjs';
import { publishedPackages, root as repoRoot } from './records/packages.mjs';
import { readRecords } from './records.mjs';

/** Packages whose API reports import from `name` (they expose its types). */
function exposers(records, packages, name) {
  const out = new Set();
  for (const [file, text] of records) {
    if (!file.endsWith('.api.md')) continue;
    const folder = file.split('/')[0];
    const pkg = packages.find((p) => p.folder === folder);
    if (!pkg || pkg.name === name) continue;
    const from = new RegExp(`from '${name.replace('/', '\\/')}(/[\\w-]+)?'`);
    if (from.test(text)) out.add(pkg.name);
  }
  return out;
}

/**
 * The gate's verdict for a workspace: `{ changes, failures, notes }`, where `changes` maps each
 * package to its breaks and additions, and each failure names the package, the bump it needs,
 * the bump its changesets give and why.
 */
export function gate(base = repoRoot) {
  const baseline = join(base, 'tools', 'release', 'baseline');
  const packages = publishedPackages(base);
  const before = readRecords(join(baseline, 'records'));
  const after = readRecords(join(base, 'tools', 'release', 'records'));
  const changes = new Map(packages.map((p) => [p.name, { breaks: [], additions: [] }]));
  const add = (name, result) => {
    const entry = changes.get(name);
    if (!entry) return;
    entry.breaks.push(...result.breaks);
    entry.additions.push(...result.additions);
  };
  for (const file of new Set([...before.keys(), ...after.keys()])) {
    if (before.get(file) === after.get(file)) continue;
    const pkg = packages.find((p) => p.folder === file.split('/')[0]);
    if (pkg) add(pkg.name, compareRecord(file, before.get(file), after.get(file)));
  }
  for (const pair of documentPairs(base, baseline)) add('@x/specs', compareDocuments(pair));

  // What each package needs: its own changes, then the breaks of what it exposes.
  const needs = new Map();
  const raise = (name, bump, why) => {
    const current = needs.get(name);
    if (!current || RANK[bump] > RANK[current.bump]) needs.set(name, { bump, why });
  };
  for (const pkg of packages) {
    const { breaks, additions } = changes.get(pkg.name);
    if (breaks.length > 0) raise(pkg.name, neededBump(pkg.version, 'break'), breaks);
    else if (additions.length > 0) raise(pkg.name, neededBump(pkg.version, 'addition'), additions);
  }
  for (const pkg of packages) {
    // Only type breaks travel: a document's break is @x/specs's own, not its importers'.
    const breaks = changes
      .get(pkg.name)
      .breaks.filter((b) => /^[\w-]+\/[\w.-]+\.api\.md: /.test(b));
    if (breaks.length === 0) continue;
    for (const other of exposers(after, packages, pkg.name)) {
      const version = packages.find((p) => p.name === other).version;
      raise(other, neededBump(version, 'break'), [
        `exposes ${pkg.name}'s types, which broke: ${breaks[0]}${breaks.length > 1 ? ` (and ${breaks.length - 1} more)` : ''}`,
      ]);
    }
  }

  const bumps = pendingBumps(base);
  const failures = [];
  for (const [name, { bump, why }] of needs) {
    const has = bumps.get(name) ?? 'none';
    if (RANK[has] >= RANK[bump]) continue;
    failures.push({ name, needs: bump, has, why });
  }
  return { changes, failures, notes: missingBaselines(base, baseline) };
}

/** The failure message CI prints. */
export function report(failures) {
  return failures
    .map(
      ({ name, needs, has, why }) =>
        `${name} needs a ${needs} changeset (its changesets give: ${has}), because:\n  ${why.slice(0, 10).join('\n  ')}${why.length > 10 ? `\n  … and ${why.length - 10} more` : ''}`,
    )
    .join('\n\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const at = process.argv.indexOf('--root');
  const base = at > 0 ? process.argv[at + 1] : repoRoot;
  const { changes, failures, notes } = gate(base);
  for (const note of notes) console.warn(`note: ${note}`);
  if (failures.length > 0) {
    console.error(
      `release gate: ${failures.length} package(s) lack the changeset their changes need:\n\n${report(failures)}\n\nAdd a changeset (\`pnpm changeset\`, or a file .changeset/<topic>.md) with at least that bump, and for a break a row in the package README's migration table. See CONTRIBUTING.md, "Releases on record".`,
    );
    process.exitCode = 1;
  } else {
    const changed = [...changes].filter(([, c]) => c.breaks.length + c.additions.length > 0);
    console.log(
      `release gate: ${changed.length} package(s) changed since the baseline, each with a changeset of the bump it needs`,
    );
  }
}
