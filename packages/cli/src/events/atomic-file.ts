// Small state files (checkpoints) replaced atomically: written beside the target and renamed over
// it, so a kill at any instant leaves either the old or the new content, never half of one.
import { readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import process from 'node:process';

/** Writes `value` as JSON to `path`, atomically. */
export function writeJsonAtomic(path: string, value: unknown): void {
  const temp = `${path}.${process.pid}.tmp`;
  writeFileSync(temp, JSON.stringify(value));
  renameSync(temp, path);
}

/** Reads a JSON file; undefined when it does not exist. */
export function readJson(path: string): unknown {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  return JSON.parse(text);
}

/** Removes a file if it is there. */
export function removeFile(path: string): void {
  rmSync(path, { force: true });
}
