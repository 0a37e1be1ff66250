// The exit codes of `xid`, one per kind of failure a script may want to tell apart. The table is
// in the README; keep both in step.
import {
  ApiError,
  ConfigurationError,
  ConnectionError,
  InvalidResponseError,
  PagingLoopError,
  ResponseTooLargeError,
  TimeoutError,
  ValidationError,
} from '@x/runtime';
import { CliError } from './cli-error.js';

/** Exit codes, by meaning. */
export const EXIT = {
  /** The command did what was asked. */
  ok: 0,
  /** Anything else: an unexpected failure, or a prompt answered no. */
  failure: 1,
  /** Usage: unknown command or flag, missing argument, a destructive command without `--yes`. */
  usage: 2,
  /** Input refused: a check before sending (the field is named), or the API's 400/412/422. */
  invalid: 3,
  /** Authentication or permission: 401, 403, or a login that failed. */
  auth: 4,
  /** Not found: 404. */
  notFound: 5,
  /** Conflict: 409 (a duplicate, or dependents prevent the change). */
  conflict: 6,
  /** The server or the connection failed: 5xx, 429 after the retries, reset, timeout, bad body. */
  server: 7,
  /** Configuration: no profile or variables for the family, or an unreadable config file. */
  config: 8,
  /** Interrupted by SIGINT (128 + 2); long work can be resumed by running the command again. */
  interrupted: 130,
} as const;

/** One of the exit codes. */
export type ExitCode = (typeof EXIT)[keyof typeof EXIT];

/** The exit code an error calls for. */
export function exitCodeOf(error: unknown): number {
  if (error instanceof CliError) return error.exitCode;
  if (error instanceof ValidationError) return EXIT.invalid;
  if (error instanceof ConfigurationError) return EXIT.config;
  if (error instanceof ApiError) {
    const { status } = error;
    if (status === 401 || status === 403) return EXIT.auth;
    if (status === 404) return EXIT.notFound;
    if (status === 409) return EXIT.conflict;
    if (status === 400 || status === 412 || status === 422) return EXIT.invalid;
    return EXIT.server;
  }
  if (
    error instanceof ConnectionError ||
    error instanceof TimeoutError ||
    error instanceof InvalidResponseError ||
    error instanceof ResponseTooLargeError ||
    error instanceof PagingLoopError
  )
    return EXIT.server;
  return EXIT.failure;
}
