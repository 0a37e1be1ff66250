// The records check and the comparison it and the gate share: what counts as a break, what as an
// addition, and a failure message that names the package, the record and the lines.
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs script without declarations
import { compareRecord } from '../src/records/compare.mjs';
// @ts-expect-error: a plain .mjs script without declarations
import { check, RECORDS, readRecords } from '../src/records.mjs';

const report = (body: string) =>
  `## API Report File for "@x/sample"\n\n\`\`\`ts\n\nimport { A } from '@x/runtime';\n\n${body}\n\n\`\`\`\n`;

describe('compareRecord on API reports', () => {
  const before = report(
    '// @public\nexport interface SampleOptions {\n    retries?: number;\n}\n\n// @public\nexport function sample(options: SampleOptions): void;',
  );

  it('an optional member is an addition', () => {
    const after = before.replace('retries?: number;', 'retries?: number;\n    timeout?: number;');
    expect(compareRecord('sample/index.api.md', before, after)).toEqual({
      breaks: [],
      additions: ['sample/index.api.md: added: SampleOptions | timeout?: number;'],
    });
  });

  it('a required member of an options interface is a break', () => {
    const after = before.replace('retries?: number;', 'retries?: number;\n    tenant: string;');
    expect(compareRecord('sample/index.api.md', before, after).breaks).toEqual([
      'sample/index.api.md: new requirement: SampleOptions | tenant: string;',
    ]);
  });

  it('a changed signature is a break; a new declaration an addition', () => {
    const after = `${before.replace('sample(options: SampleOptions)', 'sample(options: string)').replace(/\n\n```\n$/, '')}\n\n// @public\nexport const EXTRA = 1;\n\n\`\`\`\n`;
    const { breaks, additions } = compareRecord('sample/index.api.md', before, after);
    expect(breaks).toEqual([
      'sample/index.api.md: removed or changed: sample | export function sample(options: SampleOptions): void;',
    ]);
    expect(additions).toEqual([
      'sample/index.api.md: added: sample | export function sample(options: string): void;',
      'sample/index.api.md: added: EXTRA | export const EXTRA = 1;',
    ]);
  });

  it('reads reports written with CRLF line ends', () => {
    expect(compareRecord('sample/index.api.md', before, before.replaceAll('\n', '\r\n'))).toEqual({
      breaks: [],
      additions: [],
    });
  });
});

describe('the records check', () => {
  const copy = mkdtempSync(join(tmpdir(), 'x-release-records-'));
  cpSync(RECORDS, copy, { recursive: true });
  afterAll(() => rmSync(copy, { recursive: true, force: true }));

  it('finds nothing when the records are the committed ones', () => {
    expect(check(readRecords(RECORDS), copy)).toEqual([]);
  });

  it('names the package, the record and the lines that differ', () => {
    const records = readRecords(RECORDS) as Map<string, string>;
    const env = readFileSync(join(RECORDS, 'legacy/env.txt'), 'utf8');
    records.set('legacy/env.txt', `${env}LEGACY_ENV | planted X_LEGACY_PLANTED\n`);
    const [problem, ...rest] = check(records, copy) as string[];
    expect(rest).toEqual([]);
    expect(problem).toMatch(/^@x\/legacy: legacy\/env\.txt differs from its committed record/);
    expect(problem).toContain('added: LEGACY_ENV | planted X_LEGACY_PLANTED');
  });
});
