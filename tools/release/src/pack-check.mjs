#!/usr/bin/env node
// `pnpm pack:check` in a published package (turbo task `pack:check`, after `build`): packs the
// package exactly as it will be published (pnpm applies `publishConfig` and rewrites `workspace:`
// ranges), then checks the tarball, not the work tree:
// - the packed package.json has no `@x/source` condition, no `workspace:` range, `sideEffects: false`;
// - a package that imports `@x/runtime/internal` (outside semver) depends on one exact runtime
//   version, the one it was built with (CONTRIBUTING.md, "Versions");
// - the tarball holds only what consumers need: no sources, tests, configs or build caches;
// - publint (strict: warnings fail) and @arethetypeswrong/cli (every resolution mode) are clean.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const bin = (name) => join(root, 'node_modules', '.bin', name);
const cwd = process.cwd();
const name = JSON.parse(readFileSync(join(cwd, 'package.json'), 'utf8')).name;
const work = mkdtempSync(join(tmpdir(), 'x-pack-check-'));
const problems = [];

try {
  execFileSync('pnpm', ['pack', '--pack-destination', work], { cwd, stdio: 'ignore' });
  const tarball = join(
    work,
    readdirSync(work).find((f) => f.endsWith('.tgz')),
  );
  const files = execFileSync('tar', ['-tzf', tarball], { encoding: 'utf8' })
    .split('\n')
    .filter(Boolean)
    .map((f) => f.replace(/^package\//, ''));

  // 1. The manifest consumers get.
  const manifestText = execFileSync('tar', ['-xzOf', tarball, 'package/package.json'], {
    encoding: 'utf8',
  });
  const manifest = JSON.parse(manifestText);
  if (manifestText.includes('@x/source'))
    problems.push('the packed package.json still has the "@x/source" condition');
  if (manifestText.includes('workspace:'))
    problems.push('the packed package.json still has a workspace: range');
  if (manifest.sideEffects !== false) problems.push('"sideEffects" is not false');
  if (!manifest.exports?.['.']) problems.push('no "exports" entry for "."');
  for (const [key, range] of Object.entries(manifest.dependencies ?? {}))
    if (!/^\^?\d+\.\d+\.\d+/.test(range)) problems.push(`dependency ${key} has range "${range}"`);
  const runtimeRange = manifest.dependencies?.['@x/runtime'];
  const internal = files
    .filter((f) => /^dist\/.*\.(c?js|mjs)$/.test(f))
    .some((f) =>
      execFileSync('tar', ['-xzOf', tarball, `package/${f}`], { encoding: 'utf8' }).includes(
        '@x/runtime/internal',
      ),
    );
  if (internal && !/^\d+\.\d+\.\d+$/.test(runtimeRange ?? ''))
    problems.push(
      `imports @x/runtime/internal but depends on @x/runtime "${runtimeRange}", not one exact version`,
    );

  // 2. No development files.
  const dev =
    /^(src|test|tests|scripts|node_modules|\.turbo|coverage)\/|(^|\/)(tsconfig[^/]*\.json|tsdown\.config\.ts|vitest\.config\.ts|redocly\.yaml|\.npmrc)$|\.test\.|\.tsbuildinfo$|\.tgz$/;
  for (const file of files)
    if (dev.test(file)) problems.push(`development file in tarball: ${file}`);
  if (!files.includes('README.md')) problems.push('README.md is missing from the tarball');

  // 3. publint and attw on the tarball.
  const run = (label, command, args) => {
    const result = spawnSync(command, args, { cwd: work, encoding: 'utf8' });
    if (result.status !== 0)
      problems.push(`${label} failed:\n${result.stdout ?? ''}${result.stderr ?? ''}`);
  };
  run('publint', bin('publint'), ['run', tarball, '--strict']);
  run('attw', bin('attw'), [tarball, '--profile', 'strict', '--format', 'ascii', '--no-color']);

  if (problems.length) {
    console.error(`pack:check ${name}: ${problems.length} problem(s)\n- ${problems.join('\n- ')}`);
    process.exitCode = 1;
  } else {
    console.log(`pack:check ${name}: ${files.length} files, publint and attw clean`);
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
