// The gate itself: in a temporary copy of the workspace whose records and specs equal the
// baseline, a planted break (a surface record, a document) fails the gate without a changeset,
// names the package, the change and the bump, and passes once a changeset of that bump exists.
import {
  cpSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs script without declarations
import { gate, report } from '../src/gate.mjs';

interface Failure {
  name: string;
  needs: string;
  has: string;
  why: string[];
}
interface Verdict {
  failures: Failure[];
  changes: Map<string, { breaks: string[]; additions: string[] }>;
}
const run = (dir: string) => gate(dir) as Verdict;

const root = new URL('../../../', import.meta.url).pathname;
const baseline = join(root, 'tools/release/baseline');
let work: string;

/** A workspace whose records and 3.1 documents are the baseline's, without changesets. */
function workspaceAtBaseline(): string {
  const dir = mkdtempSync(join(tmpdir(), 'x-release-gate-'));
  for (const name of readdirSync(join(root, 'packages'))) {
    mkdirSync(join(dir, 'packages', name), { recursive: true });
    cpSync(
      join(root, 'packages', name, 'package.json'),
      join(dir, 'packages', name, 'package.json'),
    );
  }
  mkdirSync(join(dir, 'specs', 'dist'), { recursive: true });
  cpSync(join(root, 'specs', 'package.json'), join(dir, 'specs', 'package.json'));
  cpSync(join(baseline, 'specs', '3.1'), join(dir, 'specs', 'dist'), { recursive: true });
  cpSync(join(baseline, 'records'), join(dir, 'tools/release/records'), { recursive: true });
  // Only the 3.1 documents: the planted document break is in one of them.
  mkdirSync(join(dir, 'tools/release/baseline'), { recursive: true });
  cpSync(join(baseline, 'records'), join(dir, 'tools/release/baseline/records'), {
    recursive: true,
  });
  cpSync(join(baseline, 'specs', '3.1'), join(dir, 'tools/release/baseline/specs/3.1'), {
    recursive: true,
  });
  mkdirSync(join(dir, '.changeset'));
  return dir;
}

const edit = (file: string, change: (text: string) => string) => {
  const path = join(work, file);
  const before = readFileSync(path, 'utf8');
  const after = change(before);
  expect(after, `the plant changed ${file}`).not.toBe(before);
  writeFileSync(path, after);
};
const changeset = (name: string, entries: Record<string, string>) =>
  writeFileSync(
    join(work, '.changeset', `${name}.md`),
    `---\n${Object.entries(entries)
      .map(([pkg, bump]) => `"${pkg}": ${bump}`)
      .join('\n')}\n---\n\nA planted change, for the gate's own test.\n`,
  );

beforeEach(() => {
  work = workspaceAtBaseline();
});
afterEach(() => rmSync(work, { recursive: true, force: true }));

describe('release gate', () => {
  it('passes with no change and no changeset', () => {
    const verdict = run(work);
    expect(verdict.failures).toEqual([]);
    expect([...verdict.changes.values()].flatMap((c) => [...c.breaks, ...c.additions])).toEqual([]);
  });

  it('a removed *_ENV variable needs a minor changeset of its package', () => {
    edit('tools/release/records/access/env.txt', (t) =>
      t.replace(/^ACCESS_ENV \| scope .*\n/m, ''),
    );
    const [failure, ...rest] = run(work).failures;
    expect(rest).toEqual([]);
    expect(failure).toMatchObject({ name: '@x/access', needs: 'minor', has: 'none' });
    expect(failure!.why.join('\n')).toContain('ACCESS_ENV | scope X_ACCESS_SCOPE');
    expect(report(run(work).failures)).toContain('@x/access needs a minor changeset');

    changeset('access-patch', { '@x/access': 'patch' });
    expect(run(work).failures).toMatchObject([{ name: '@x/access', needs: 'minor', has: 'patch' }]);
    changeset('access-minor', { '@x/access': 'minor' });
    expect(run(work).failures).toEqual([]);
  });

  it('a new required CLI flag on an existing command is a break; a new command an addition', () => {
    edit('tools/release/records/cli/commands.txt', (t) =>
      t.replace(
        /^(xid workforce users list \| command)$/m,
        '$1\nxid workforce users list | --planted <value> (required)\nxid planted | command',
      ),
    );
    const failures = run(work).failures;
    expect(failures).toMatchObject([{ name: '@x/cli', needs: 'minor' }]);
    expect(failures[0]!.why.join('\n')).toContain(
      'new requirement: xid workforce users list | --planted',
    );
  });

  it('an addition alone needs a patch', () => {
    edit('tools/release/records/mcp/tools.txt', (t) => `${t}x-mcp | --planted\n`);
    expect(run(work).failures).toMatchObject([{ name: '@x/mcp', needs: 'patch', has: 'none' }]);
    changeset('mcp', { '@x/mcp': 'patch' });
    expect(run(work).failures).toEqual([]);
  });

  it('a break of @x/runtime also needs a changeset of every package that exposes its types', () => {
    edit('tools/release/records/runtime/index.api.md', (t) =>
      t.replace(/^export class NotFoundError extends /m, 'export class NotFoundErr extends '),
    );
    const names = run(work).failures.map((f) => f.name);
    expect(names).toContain('@x/runtime');
    expect(names).toContain('@x/access');
    expect(names).toContain('@x/workforce');
    changeset('runtime', Object.fromEntries(names.map((n) => [n, 'minor'])));
    expect(run(work).failures).toEqual([]);
  });

  it('a response enum value removed from a document needs a minor changeset of @x/specs', () => {
    edit('specs/dist/workforce.json', (t) => {
      const doc = JSON.parse(t);
      const schemas = doc.components.schemas as Record<string, { enum?: string[] }>;
      const [name, schema] = Object.entries(schemas).find(([, s]) => (s.enum?.length ?? 0) > 2)!;
      schema.enum = schema.enum!.slice(0, -1);
      void name;
      return JSON.stringify(doc, null, 2);
    });
    const failures = run(work).failures;
    expect(failures).toMatchObject([{ name: '@x/specs', needs: 'minor', has: 'none' }]);
    expect(failures[0]!.why.join('\n')).toMatch(/^3\.1\/workforce: .*enum/m);
    changeset('specs', { '@x/specs': 'minor' });
    expect(run(work).failures).toEqual([]);
  }, 300_000);
});
