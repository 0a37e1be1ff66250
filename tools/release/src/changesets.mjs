// The pending changesets (.changeset/*.md) as the bump each package gets: the largest bump any
// changeset names for it, as `changeset version` would apply it.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export const RANK = { none: 0, patch: 1, minor: 2, major: 3 };

/** `Map<package name, 'patch'|'minor'|'major'>` from the changesets under `base`. */
export function pendingBumps(base) {
  const folder = join(base, '.changeset');
  const bumps = new Map();
  if (!existsSync(folder)) return bumps;
  for (const file of readdirSync(folder)) {
    if (!file.endsWith('.md') || file === 'README.md') continue;
    const text = readFileSync(join(folder, file), 'utf8');
    const front = /^---\r?\n([\s\S]*?)\r?\n---/.exec(text)?.[1] ?? '';
    for (const line of front.split('\n')) {
      const entry = /^\s*["']?(@?[\w/.-]+)["']?\s*:\s*(major|minor|patch)\s*$/.exec(line);
      if (!entry) continue;
      const [, name, bump] = entry;
      if (RANK[bump] > RANK[bumps.get(name) ?? 'none']) bumps.set(name, bump);
    }
  }
  return bumps;
}

/** The bump a package at `version` needs for a break or an addition (0.x: minor for a break). */
export function neededBump(version, kind) {
  const zero = version.startsWith('0.');
  if (kind === 'break') return zero ? 'minor' : 'major';
  return zero ? 'patch' : 'minor';
}
