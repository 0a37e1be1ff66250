// What a tool does to the platform, and the MCP annotations that say so. The effect is the
// stricter of the catalog's and the one the HTTP method implies, so a catalog entry that marked
// a delete as a mere write would still need `--allow-destructive`.
import type { ToolAnnotations } from '@modelcontextprotocol/sdk/types.js';
import type { OperationEffect } from '@x/runtime/internal';
import type { SpecOperation } from '@x/specs';

const RANK: Record<OperationEffect, number> = { read: 0, write: 1, destructive: 2 };

/** Custom verbs (`/groups/{id}:deleteMembers`) that delete, remove or revoke. */
const DESTRUCTIVE_VERB = /:(delete|remove|revoke|batchDelete)[A-Za-z]*$/;
/** Custom verbs whose repetition leaves the state as the first call left it. */
const IDEMPOTENT_VERB = /:(add|delete|remove|revoke|batchDelete)[A-Za-z]*$/;

/** The effect the HTTP method and the path's custom verb imply. */
export function specEffect(op: Pick<SpecOperation, 'method' | 'path'>): OperationEffect {
  if (op.method === 'DELETE' || DESTRUCTIVE_VERB.test(op.path)) return 'destructive';
  return op.method === 'GET' ? 'read' : 'write';
}

/** The stricter of two effects. */
export function stricter(a: OperationEffect, b: OperationEffect): OperationEffect {
  return RANK[a] >= RANK[b] ? a : b;
}

/**
 * The MCP annotations of an operation's tool. `destructiveHint` follows the effect (the catalog's
 * "cannot be undone"); `idempotentHint` holds for reads, PUT, PATCH and DELETE, and for the
 * association verbs the platform applies as sets (adding a member twice changes nothing).
 */
export function annotationsOf(
  title: string,
  effect: OperationEffect,
  op: Pick<SpecOperation, 'method' | 'path'> | undefined,
  openWorld: boolean,
): ToolAnnotations {
  const idempotent =
    effect === 'read' ||
    (op !== undefined &&
      (['PUT', 'PATCH', 'DELETE'].includes(op.method) || IDEMPOTENT_VERB.test(op.path)));
  return {
    title,
    readOnlyHint: effect === 'read',
    destructiveHint: effect === 'destructive',
    idempotentHint: idempotent,
    openWorldHint: openWorld,
  };
}
