// Confirmation before a destructive command: a prompt on a terminal, `--yes` otherwise.

import type { Writable } from 'node:stream';
import { confirm, isCancel } from '@clack/prompts';
import { CliError } from '../cli-error.js';
import type { RunContext } from '../context.js';
import { EXIT } from '../exit-codes.js';

/**
 * Asks before something that cannot be undone.
 * @throws CliError (usage) when not on a terminal and `--yes` was not given; (failure) when the
 * answer is no.
 */
export async function confirmDestructive(ctx: RunContext, what: string): Promise<void> {
  if (ctx.globals().yes) return;
  const { io } = ctx;
  if (!io.stdinIsTTY || !io.stderrIsTTY)
    throw new CliError(
      EXIT.usage,
      `${what} cannot be undone; refusing without --yes when not on a terminal`,
      'add --yes to confirm, or --dry-run to see the request',
    );
  const answer = await confirm({
    message: `${what}: this cannot be undone. Continue?`,
    initialValue: false,
    input: io.stdin,
    output: io.stderr as Writable,
  });
  if (isCancel(answer) || answer !== true) throw new CliError(EXIT.failure, 'cancelled');
}
