// Every changeset must parse the way @changesets/cli reads it: YAML front matter of
// `"<published package>": major|minor|patch` lines, then a summary. A formatter once turned the
// front matter into Markdown headings; this catches that and any typo in a package name.
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs script without declarations
import { pendingBumps } from '../src/changesets.mjs';

const root = new URL('../../../', import.meta.url);
const published = new Map<string, boolean>();
for (const dir of ['packages', 'specs']) {
  const folders = dir === 'specs' ? [''] : readdirSync(new URL(`${dir}/`, root));
  for (const folder of folders) {
    const file = new URL(`${dir}/${folder ? `${folder}/` : ''}package.json`, root);
    const pkg = JSON.parse(readFileSync(file, 'utf8')) as { name: string; private?: boolean };
    published.set(pkg.name, !pkg.private);
  }
}
const changesets = readdirSync(new URL('.changeset/', root)).filter(
  (f) => f.endsWith('.md') && f !== 'README.md',
);

describe('changesets', () => {
  it('the release gate reads each package at its largest pending bump', () => {
    const rank = { patch: 1, minor: 2, major: 3 } as const;
    const expected = new Map<string, keyof typeof rank>();
    for (const file of changesets) {
      const text = readFileSync(new URL(`.changeset/${file}`, root), 'utf8');
      for (const [, name, bump] of text.matchAll(/^"(@x\/[a-z-]+)": (major|minor|patch)$/gm)) {
        const kind = bump as keyof typeof rank;
        if (rank[kind] > rank[expected.get(name!) ?? 'patch'] || !expected.has(name!))
          expected.set(name!, kind);
      }
    }
    expect(pendingBumps(fileURLToPath(root))).toEqual(expected);
  });

  it.each(changesets)('%s has valid front matter and a summary', (file) => {
    const text = readFileSync(new URL(`.changeset/${file}`, root), 'utf8');
    const match = /^---\n([\s\S]*?)\n---\n([\s\S]*)$/.exec(text);
    expect(match, 'front matter between --- lines').not.toBeNull();
    const entries = match![1]!.split('\n').filter((line) => line.trim() !== '');
    expect(entries.length).toBeGreaterThan(0);
    for (const line of entries) {
      const entry = /^"(@x\/[a-z-]+)": (major|minor|patch)$/.exec(line);
      expect(entry, `"${line}" is "<package>": <bump>`).not.toBeNull();
      expect(published.get(entry![1]!), `${entry![1]} is a published workspace package`).toBe(true);
    }
    expect(match![2]!.trim().length).toBeGreaterThan(20);
  });
});
