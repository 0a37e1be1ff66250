#!/usr/bin/env node
// `pnpm release:records`: the records of every published package's surface, under
// tools/release/records/<package>/ — an API report per entry point (api-extractor, from dist/),
// the `xid` command tree, the MCP tools, the `*_ENV` tables and the emulator's flags and routes.
//   (no flag)  check: fails, naming the package and the difference, when a built surface
//              differs from its committed record
//   --update   rewrite the records from the built packages (then commit them)
// Needs the packages built: `pnpm release:records` builds them first (turbo, cached); the turbo
// task `release:records:check` (part of `pnpm test`) depends on their builds.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { apiReports } from './records/api-reports.mjs';
import { compareRecord } from './records/compare.mjs';
import { publishedPackages, root } from './records/packages.mjs';

/** Where the committed records live. */
export const RECORDS = join(root, 'tools', 'release', 'records');
export const UPDATE_COMMAND = 'pnpm release:records --update';

/** Every record file under a folder: `Map<relative path, text>`. */
export function readRecords(folder) {
  const out = new Map();
  if (!existsSync(folder)) return out;
  for (const pkg of readdirSync(folder, { withFileTypes: true })) {
    if (!pkg.isDirectory()) continue;
    for (const file of readdirSync(join(folder, pkg.name)))
      out.set(`${pkg.name}/${file}`, readFileSync(join(folder, pkg.name, file), 'utf8'));
  }
  return out;
}

/** The records of the built packages, as they are now. */
export function currentRecords() {
  const surfaces = execFileSync(
    process.execPath,
    ['--conditions=@x/source', '--import', 'tsx', join(root, 'tools/release/src/surfaces/main.ts')],
    {
      cwd: root,
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const records = apiReports();
  for (const [file, text] of Object.entries(JSON.parse(surfaces))) records.set(file, text);
  return new Map([...records].sort(([a], [b]) => a.localeCompare(b)));
}

/** Replaces the records under `folder` with `records`. */
export function writeRecords(folder, records) {
  rmSync(folder, { recursive: true, force: true });
  for (const [file, text] of records) {
    mkdirSync(dirname(join(folder, file)), { recursive: true });
    writeFileSync(join(folder, file), text);
  }
}

/** The package name of a record's folder. */
export function packageOfFolder(folder, base = root) {
  return publishedPackages(base).find((p) => p.folder === folder)?.name ?? folder;
}

/**
 * What differs between the built records and the committed ones: one message per record, naming
 * the package, the file and its lines.
 */
export function check(records, folder = RECORDS) {
  const committed = readRecords(folder);
  const files = [...new Set([...committed.keys(), ...records.keys()])].sort();
  const problems = [];
  for (const file of files) {
    const before = committed.get(file);
    const after = records.get(file);
    if (before === after) continue;
    const { breaks, additions } = compareRecord(file, before, after);
    const name = packageOfFolder(file.split('/')[0]);
    const lines = [...breaks, ...additions];
    problems.push(
      `${name}: ${file} differs from its committed record (${breaks.length} removed or changed, ${additions.length} added)\n  ${lines.slice(0, 12).join('\n  ')}${lines.length > 12 ? `\n  … and ${lines.length - 12} more` : ''}`,
    );
  }
  return problems;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const started = Date.now();
  const records = currentRecords();
  if (process.argv.includes('--update')) {
    writeRecords(RECORDS, records);
    console.log(`release records: ${records.size} records written to tools/release/records/`);
  } else {
    const problems = check(records);
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    if (problems.length > 0) {
      console.error(
        `release records: ${problems.length} record(s) differ from the built packages:\n\n${problems.join('\n\n')}\n\nIf the change is meant, run \`${UPDATE_COMMAND}\`, commit the records, and add a changeset (\`pnpm changeset\`) of the bump \`pnpm release:gate\` asks for.`,
      );
      process.exitCode = 1;
    } else
      console.log(
        `release records: ${records.size} records match the built packages (${seconds}s)`,
      );
  }
}
