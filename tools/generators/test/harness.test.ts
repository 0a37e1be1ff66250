// The harness's own rules: a missing toolchain fails with its name, the anonymous-name count
// finds made-up names but not the document's own component names, a story step counts only when
// its runner reported it passed, and docs/generators.md shows the story columns.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { anonymousNames } from '../src/anonymous-names.js';
import { type Cell, isGreen, renderReport, tallySteps } from '../src/report.js';
import { storySteps } from '../src/story.js';
import type { Thresholds } from '../src/thresholds.js';
import { MissingToolchainError, requireToolchain, run } from '../src/toolchain.js';

describe('toolchains', () => {
  it('a command that is not installed fails with its name, never a skip', async () => {
    await expect(run('x-no-such-toolchain', ['--version'])).rejects.toThrow(
      /missing toolchain: x-no-such-toolchain is not installed/,
    );
    const missing = requireToolchain('Go 1.24 or later', 'x-no-such-go', ['version']);
    await expect(missing).rejects.toBeInstanceOf(MissingToolchainError);
    await expect(missing).rejects.toThrow(/missing toolchain: Go 1\.24 or later \(x-no-such-go\)/);
  });

  it('a command that fails is a result, with its output', async () => {
    const result = await run(process.execPath, ['-e', 'console.error("boom"); process.exit(3)']);
    expect(result).toEqual({ code: 3, output: 'boom\n' });
  });
});

describe('anonymous names', () => {
  const dir = mkdtempSync(join(tmpdir(), 'x-anonymous-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  writeFileSync(
    join(dir, 'a.java'),
    [
      'class InlineObject3 {}',
      'class CreateUser200Response {}',
      'class ListUsersResponse200Item {}',
      'class CreateUserRequest1 {}',
      'class Body_create_user {}',
      'class AnyOfUserGroup {}',
      'class InlineAuthenticatorConfigCreate {}',
      'class UpdateUserHTTPResponse429Headers {}',
      'class User {} class CreateUserRequest {}',
    ].join('\n'),
  );
  writeFileSync(join(dir, 'b.py'), 'class InlineObject9: pass\n');

  it('counts each shape of made-up name once, in the files of the language', () => {
    expect(anonymousNames(dir, ['.java'], ['User', 'InlineAuthenticatorConfigCreate'])).toEqual([
      'AnyOfUserGroup',
      'Body_create_user',
      'CreateUser200Response',
      'CreateUserRequest1',
      'InlineObject3',
      'ListUsersResponse200Item',
    ]);
  });

  it("counts a component's own name when the document does not declare it", () => {
    expect(anonymousNames(dir, ['.java'])).toContain('InlineAuthenticatorConfigCreate');
  });
});

describe('story steps', () => {
  const passed = (name: string) => ({ name, ok: true });

  it('counts a step only when the runner reported it passed, and says why the others did not', () => {
    const tally = tallySteps('workforce', [
      passed('w_token_client_credentials'),
      passed('w_create_user'),
      { name: 'w_get_user', ok: false, message: 'expected 200, got 404' },
      { name: 'w_filtered_list_three_pages', ok: true, skipped: true },
      passed('w_not_found_error_type'),
      passed('a_realm'),
    ]);
    expect(tally).toEqual({
      passed: 3,
      total: 6,
      failures: [
        'w_get_user: expected 200, got 404',
        'w_filtered_list_three_pages: skipped',
        'w_duplicate_group_conflict: not reported by the runner',
      ],
    });
  });

  it('a story that did not run fails every step of the family, with its error', () => {
    expect(tallySteps('events', undefined, 'missing toolchain: go')).toEqual({
      passed: 0,
      total: 1,
      failures: ['missing toolchain: go'],
    });
  });
});

describe('docs/generators.md', () => {
  const thresholds: Thresholds = { cells: {}, warningReasons: { 'known notice': 'a reason' } };
  const generator = { language: 'python', tool: 'gen 1.0', reads: '3.1', check: 'check' } as const;
  const all = (family: keyof typeof storySteps) =>
    tallySteps(
      family,
      storySteps[family].map((name) => ({ name, ok: true })),
    );
  const green = (): Cell => ({
    generated: true,
    warnings: ['known notice'],
    built: true,
    buildOutput: '',
    anonymousNames: [],
    story: all('legacy'),
    tolerance: all('legacy'),
  });

  it('a cell is green only when every story step passed, as published and in tolerance mode', () => {
    expect(isGreen(green(), thresholds)).toBe(true);
    expect(isGreen({ ...green(), tolerance: tallySteps('legacy', []) }, thresholds)).toBe(false);
    const { story: _, ...notRun } = green();
    expect(isGreen(notRun, thresholds)).toBe(false);
    expect(isGreen({ ...green(), warnings: ['a new warning'] }, thresholds)).toBe(false);
    expect(isGreen({ ...green(), built: false }, thresholds)).toBe(false);
    expect(isGreen({ ...green(), anonymousNames: ['InlineObject1'] }, thresholds)).toBe(false);
  });

  it('shows story steps and tolerance as passed/total per cell, and lists the failed steps', () => {
    const failing: Cell = {
      ...green(),
      story: tallySteps('workforce', [{ name: 'w_create_user', ok: false, message: 'boom' }]),
      tolerance: tallySteps('workforce', undefined, 'pytest collected no story tests (exit 5)'),
    };
    const text = renderReport(
      [generator],
      new Map([
        ['python/legacy', green()],
        ['python/workforce', failing],
      ]),
      thresholds,
      12,
      new Map([['python', 3.4]]),
    );
    expect(text).toContain(
      '| Generator | Reads | Family | Generated | Warnings (unexplained) | Builds | Story steps | Tolerance | Anonymous names | Green |',
    );
    expect(text).toContain(
      '| gen 1.0 | 3.1 | legacy | yes | 1 (0) | yes (check) | 1/1 | 1/1 | 0 | yes |',
    );
    expect(text).toContain(
      '| gen 1.0 | 3.1 | workforce | yes | 1 (0) | yes (check) | **0/6** | **0/6** | 0 | no |',
    );
    expect(text).toContain('| gen 1.0 | 3.1 | access | not run | | | | | | no |');
    expect(text).toContain(
      'Last run: 12 s, of which the stories (both modes, emulators included): python 3 s.',
    );
    expect(text).toContain('- python/workforce (as published): w_create_user: boom');
    expect(text).toContain(
      '- python/workforce (as published): w_token_client_credentials: not reported by the runner',
    );
    expect(text).toContain(
      '- python/workforce (tolerance mode): pytest collected no story tests (exit 5)',
    );
  });
});
