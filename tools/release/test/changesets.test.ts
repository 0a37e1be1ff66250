// Every changeset must parse the way @changesets/cli reads it: YAML front matter of
// `"<published package>": major|minor|patch` lines, then a summary. A formatter once turned the
// front matter into Markdown headings; this catches that and any typo in a package name.
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

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
  it('there are changesets to check', () => {
    expect(changesets.length).toBeGreaterThan(0);
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
