#!/usr/bin/env node
// Documents on record: each bundled spec compared with the baseline's by oasdiff (pinned in
// tools/release/oasdiff/go.mod, run as `go tool oasdiff`, its caches in the clone's .cache/go).
// Pairs: baseline/specs/3.1/<f>.json ↔ specs/dist/<f>.json, and baseline/specs/3.0/<f>.json ↔
// specs/dist/3.0/<f>.json once both exist. oasdiff's levels: ERR and WARN are breaks (a removed
// operation, operationId, response field, enum value or status code; a new required request
// field or parameter), INFO an addition. The severities file lifts the checks generated clients
// depend on that oasdiff counts as INFO.
//   node tools/release/src/documents.mjs   prints each document's breaks and additions
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { root } from './records/packages.mjs';

const moduleDir = join(root, 'tools', 'release', 'oasdiff');
const severities = join(moduleDir, 'severity-levels.txt');

/** Go's caches inside the clone (ignored by git), never the home folder. */
export function goEnv() {
  const cache = join(root, '.cache', 'go');
  mkdirSync(cache, { recursive: true });
  return {
    ...process.env,
    GOMODCACHE: join(cache, 'mod'),
    GOCACHE: join(cache, 'build'),
    GOPATH: join(cache, 'path'),
    GOFLAGS: '-modcacherw',
    GOTOOLCHAIN: 'local',
    GOTELEMETRY: 'off',
  };
}

/** The (baseline, current) document pairs that exist, labelled `3.1/access`. */
export function documentPairs(base = root, baseline = join(root, 'tools', 'release', 'baseline')) {
  const pairs = [];
  const add = (version, baseDir, currentDir) => {
    const from = join(baseline, 'specs', version);
    if (!existsSync(from)) return;
    for (const file of readdirSync(from).filter((f) => f.endsWith('.json'))) {
      pairs.push({
        label: `${version}/${file.replace(/\.json$/, '')}`,
        baseline: join(from, file),
        current: join(base, ...currentDir, file),
      });
    }
    void baseDir;
  };
  add('3.1', '', ['specs', 'dist']);
  add('3.0', '', ['specs', 'dist', '3.0']);
  return pairs;
}

/** Missing 3.0 baseline while @x/specs builds 3.0 documents: what to run. */
export function missingBaselines(
  base = root,
  baseline = join(root, 'tools', 'release', 'baseline'),
) {
  const built = join(base, 'specs', 'dist', '3.0');
  if (existsSync(built) && !existsSync(join(baseline, 'specs', '3.0')))
    return [
      'specs/dist/3.0 has documents but the baseline has none: run `node tools/release/src/baseline.mjs --derive-3.0` and commit tools/release/baseline/specs/3.0',
    ];
  return [];
}

function oasdiff(args) {
  const result = spawnSync('go', ['tool', 'oasdiff', ...args], {
    cwd: moduleDir,
    env: goEnv(),
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  if (result.error?.code === 'ENOENT')
    throw new Error('go (the Go toolchain) is missing: the document check runs oasdiff with it');
  if (result.status !== 0)
    throw new Error(`oasdiff ${args[0]} failed (${result.status}):\n${result.stderr}`);
  return result.stdout;
}

/**
 * oasdiff's changelog of one pair, as breaks and additions (`<label>: <id>: <text>`).
 * A current document that is gone is one break.
 */
export function compareDocuments(pair) {
  if (!existsSync(pair.current))
    return { breaks: [`${pair.label}: the document is gone (${pair.current})`], additions: [] };
  // Most runs change no document: identical bytes need no oasdiff.
  if (readFileSync(pair.baseline).equals(readFileSync(pair.current)))
    return { breaks: [], additions: [] };
  const out = oasdiff([
    'changelog',
    pair.baseline,
    pair.current,
    '--format',
    'json',
    '--severity-levels',
    severities,
  ]);
  const changes = JSON.parse(out || '[]');
  const breaks = [];
  const additions = [];
  for (const change of changes) {
    const where = change.operation ? `${change.operation} ${change.path}` : (change.path ?? '');
    const line = `${pair.label}: ${change.id}: ${where ? `${where}: ` : ''}${change.text}`;
    if (change.level >= 2) breaks.push(line);
    else additions.push(line);
  }
  return { breaks, additions };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const note of missingBaselines()) console.warn(`note: ${note}`);
  let broken = 0;
  for (const pair of documentPairs()) {
    const { breaks, additions } = compareDocuments(pair);
    broken += breaks.length;
    console.log(`${pair.label}: ${breaks.length} breaking, ${additions.length} other changes`);
    for (const line of [...breaks, ...additions]) console.log(`  ${line}`);
  }
  process.exitCode = broken > 0 ? 1 : 0;
}
