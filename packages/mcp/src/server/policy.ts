// The safety policy: what the operator's flags allow. Reads always; writes with --allow-write;
// deletes, removals and revocations with --allow-write and --allow-destructive.
import type { OperationEffect } from '@x/runtime/internal';

/** What the operator allowed when starting the server. */
export interface Permissions {
  /** Tools that create or change things (`--allow-write`). */
  readonly allowWrite: boolean;
  /** Tools that delete, remove or revoke (`--allow-destructive`, with `--allow-write`). */
  readonly allowDestructive: boolean;
}

/** The read-only default. */
export const READ_ONLY: Permissions = { allowWrite: false, allowDestructive: false };

/** The flags a tool of this effect still needs; empty when it is allowed. */
export function missingFlags(effect: OperationEffect, permissions: Permissions): string[] {
  const missing: string[] = [];
  if (effect !== 'read' && !permissions.allowWrite) missing.push('--allow-write');
  if (effect === 'destructive' && !permissions.allowDestructive)
    missing.push('--allow-destructive');
  return missing;
}
