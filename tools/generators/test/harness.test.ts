// The harness's own rules: a missing toolchain fails with its name, and the anonymous-name count
// finds made-up names but not the document's own component names.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { anonymousNames } from '../src/anonymous-names.js';
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
