// @x/cli: the `xid` command line, also usable in process (tests, other tools).
export { CliError } from './cli-error.js';
export { EXIT, type ExitCode, exitCodeOf } from './exit-codes.js';
export { FAMILIES, type Family, type FamilyName } from './families.js';
export type { Io, OutStream } from './io.js';
export { run } from './main.js';
export { type CommandSpec, deriveCommands } from './tree/derive.js';
export { VERSION } from './version.js';
