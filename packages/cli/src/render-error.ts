// Errors as a person reads them on stderr: what failed, the status and code, the request id for a
// support case, each field violation, and what to do. The SDK masks secrets in its errors; the
// command line adds only what it knows, and scrubs every secret of the profile once more.
import {
  ApiError,
  BadRequestError,
  ConfigurationError,
  NotFoundError,
  SdkError,
  ValidationError,
} from '@x/runtime';
import pc from 'picocolors';
import { CliError } from './cli-error.js';
import { InputError } from './invoke/input-error.js';

/** Field problems listed one by one; beyond this many, a count. */
const MAX_PROBLEMS = 50;

/** Writes `error` to stderr as lines of text. `scrub` removes the profile's secrets. */
export function renderError(
  error: unknown,
  color: boolean,
  scrub: (text: string) => string,
): string {
  const c = pc.createColors(color);
  const lines: string[] = [];
  const message = error instanceof Error ? error.message : String(error);
  lines.push(`${c.red(c.bold('error'))}: ${message}`);
  if (error instanceof ApiError) {
    const parts = [`status ${error.status}`];
    if (error.code) parts.push(`code ${error.code}`);
    if (error.requestId) parts.push(`request id ${error.requestId}`);
    lines.push(`  ${c.dim(parts.join(', '))}`);
    const violations =
      error instanceof BadRequestError
        ? error.fieldViolations
        : error.details.flatMap((d) =>
            d.type === 'FieldViolations' && Array.isArray(d.field_violations)
              ? d.field_violations
              : [],
          );
    for (const v of violations)
      lines.push(`  - ${c.yellow(String(v.field ?? '(request)'))}: ${v.description ?? ''}`);
    const info = error instanceof NotFoundError ? error.resourceInfo : undefined;
    if (info?.resource_type || info?.id)
      lines.push(
        `  ${c.dim(`not found: ${[info.resource_type, info.id].filter(Boolean).join(' ')}`)}`,
      );
    if (error.scim?.detail && !message.includes(error.scim.detail))
      lines.push(`  ${error.scim.detail}`);
  }
  if (error instanceof InputError && error.problems.length > 1) {
    const shown = error.problems.slice(0, MAX_PROBLEMS);
    lines[0] = `${c.red(c.bold('error'))}: the input has ${error.problems.length} problems`;
    for (const p of shown) lines.push(`  - ${c.yellow(p.field)}: ${p.message}`);
    if (error.problems.length > shown.length)
      lines.push(`  … and ${error.problems.length - shown.length} more`);
  }
  if (error instanceof ValidationError) lines.push(`  ${c.dim('nothing was sent')}`);
  if (error instanceof ConfigurationError)
    lines.push(
      `  ${c.dim('set the variables, or run `xid emulator start` and use --profile local (see `xid profile --help`)')}`,
    );
  if (error instanceof SdkError && error.paging?.resumeFrom !== undefined)
    lines.push(`  ${c.dim(`stopped after ${error.paging.itemsDelivered} items`)}`);
  if (error instanceof CliError && error.hint) lines.push(`  ${c.dim(error.hint)}`);
  return `${lines.map(scrub).join('\n')}\n`;
}
