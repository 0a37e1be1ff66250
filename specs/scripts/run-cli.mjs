// Runs a CLI that ships in node_modules with this Node, from the specs folder.
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

export const specsDir = dirname(dirname(fileURLToPath(import.meta.url)));
const require = createRequire(import.meta.url);

/** @param {string} bin module path of the CLI entry @param {string[]} args */
export function runCli(bin, args, quietStdout = false) {
  execFileSync(process.execPath, [require.resolve(bin), ...args], {
    cwd: specsDir,
    stdio: ['ignore', quietStdout ? 'ignore' : 'inherit', 'inherit'],
    // Redocly prints a banner about Node 20's end of life on every run.
    env: { ...process.env, REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', REDOCLY_TELEMETRY: 'off' },
  });
}
