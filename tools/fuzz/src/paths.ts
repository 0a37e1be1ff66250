// Where the fuzz run keeps its files: every download, venv and report inside the clone's
// `.cache/fuzz/` (git-ignored).
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The clone's root. */
export const root = fileURLToPath(new URL('../../../', import.meta.url));
/** The fuzz tool's own folder (requirements, configs). */
export const toolDir = join(root, 'tools', 'fuzz');
/** Everything the run downloads or writes. */
export const cacheDir = join(root, '.cache', 'fuzz');
