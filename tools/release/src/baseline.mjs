#!/usr/bin/env node
// The last release's records, under tools/release/baseline/: the surface records
// (tools/release/records/, copied), the bundled specs (3.1 from specs/dist/*.json, 3.0 from
// specs/dist/3.0/*.json when @x/specs builds them) and baseline.json (the commit they were cut
// from, and the versions released). The gate (gate.mjs) compares the work tree with it.
//   (no flag)           cut the baseline from the work tree (`pnpm version-packages` runs this
//                       after `changeset version`: the records and specs are the release's)
//   --commit SHA        record SHA as the source commit instead of HEAD
//   --derive-3.0        add the 3.0 documents of the baseline commit: its specs/*.yaml built by
//                       today's @x/specs build (for a baseline cut before the 3.0 documents existed)
import { execFileSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { publishedPackages, root } from './records/packages.mjs';

export const BASELINE = join(root, 'tools', 'release', 'baseline');

/** Copies the `*.json` documents of `from` into `to` (replacing what `to` held). */
function copyDocuments(from, to) {
  rmSync(to, { recursive: true, force: true });
  if (!existsSync(from)) return 0;
  const files = readdirSync(from).filter((f) => f.endsWith('.json'));
  mkdirSync(to, { recursive: true });
  for (const file of files) cpSync(join(from, file), join(to, file));
  return files.length;
}

/**
 * Cuts the baseline of the workspace `base` from its records and built specs.
 * @param {string} base the workspace root
 * @param {string} ref the commit the release is cut from (`HEAD` before the version commit)
 */
export function cut(base = root, ref = 'HEAD') {
  const commit = execFileSync('git', ['rev-parse', ref], { cwd: root, encoding: 'utf8' }).trim();
  if (!existsSync(join(base, 'specs', 'dist', 'access.json')))
    throw new Error('@x/specs is not built: run `pnpm --filter @x/specs build` first');
  const baseline = join(base, 'tools', 'release', 'baseline');
  rmSync(join(baseline, 'records'), { recursive: true, force: true });
  cpSync(join(base, 'tools', 'release', 'records'), join(baseline, 'records'), { recursive: true });
  const v31 = copyDocuments(join(base, 'specs', 'dist'), join(baseline, 'specs', '3.1'));
  const v30 = copyDocuments(join(base, 'specs', 'dist', '3.0'), join(baseline, 'specs', '3.0'));
  const versions = Object.fromEntries(publishedPackages(base).map((p) => [p.name, p.version]));
  writeFileSync(
    join(baseline, 'baseline.json'),
    `${JSON.stringify({ commit, versions }, null, 2)}\n`,
  );
  return { commit, documents: { 3.1: v31, '3.0': v30 }, versions };
}

function derive30() {
  const { commit } = JSON.parse(readFileSync(join(BASELINE, 'baseline.json'), 'utf8'));
  const work = join(root, '.cache', 'release', 'baseline-specs');
  rmSync(work, { recursive: true, force: true });
  mkdirSync(work, { recursive: true });
  const specs = join(work, 'specs');
  cpSync(join(root, 'specs'), specs, {
    recursive: true,
    filter: (source) => !/\/specs\/(node_modules|dist)(\/|$)/.test(source),
  });
  symlinkSync(join(root, 'specs', 'node_modules'), join(specs, 'node_modules'), 'dir');
  for (const file of readdirSync(specs).filter((f) => f.endsWith('.yaml') && f !== 'redocly.yaml'))
    rmSync(join(specs, file));
  const listed = execFileSync('git', ['ls-tree', '--name-only', commit, 'specs/'], {
    cwd: root,
    encoding: 'utf8',
  });
  for (const path of listed.split('\n').filter((p) => p.endsWith('.yaml')))
    writeFileSync(
      join(work, path),
      execFileSync('git', ['show', `${commit}:${path}`], { cwd: root, encoding: 'utf8' }),
    );
  execFileSync('pnpm', ['run', 'build'], { cwd: specs, stdio: 'inherit' });
  const n = copyDocuments(join(specs, 'dist', '3.0'), join(BASELINE, 'specs', '3.0'));
  if (n === 0) throw new Error('the @x/specs build wrote no dist/3.0/*.json documents');
  rmSync(work, { recursive: true, force: true });
  console.log(`baseline: ${n} 3.0 documents derived from ${commit.slice(0, 12)}'s specs`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  if (process.argv.includes('--derive-3.0')) derive30();
  else {
    const at = process.argv.indexOf('--commit');
    const { commit, documents } = cut(root, at > 0 ? process.argv[at + 1] : 'HEAD');
    console.log(
      `baseline: cut from ${commit.slice(0, 12)} (${documents['3.1']} 3.1 and ${documents['3.0']} 3.0 documents)`,
    );
  }
}
