// SCIM PATCH requests (RFC 7644 section 3.5.2): the caller gives the operations, the SDK wraps them
// in a PatchOp message. Each operation is checked before sending (`operations[i]` in errors): its
// `op` among those the resource supports, an optional string `path`, and no other member; the
// resource adds its own rules.
import { ValidationError } from '@x/runtime';
import { requireEnum, requireRecord } from '@x/runtime/internal';
import { PATCH_OP } from './urns.js';

/** One PATCH operation as sent. */
export type PatchOperation<Op extends string> = { op: Op; path?: string; value?: unknown };

/**
 * The PatchOp message of `operations` (at least one), each with an `op` from `ops`; `rule`
 * checks one operation against the resource's own rules.
 */
export function patchRequest<Op extends string>(
  operations: unknown,
  ops: readonly Op[],
  rule?: (operation: PatchOperation<Op>, field: string) => void,
): { schemas: (typeof PATCH_OP)[]; Operations: PatchOperation<Op>[] } {
  if (!Array.isArray(operations)) throw new ValidationError('operations', 'must be an array');
  if (operations.length === 0)
    throw new ValidationError('operations', 'must hold at least one operation');
  return {
    schemas: [PATCH_OP],
    Operations: operations.map((given: unknown, i) => {
      const field = `operations[${i}]`;
      const operation = checkOperation(given, ops, field);
      rule?.(operation, field);
      return operation;
    }),
  };
}

function checkOperation<Op extends string>(
  given: unknown,
  ops: readonly Op[],
  field: string,
): PatchOperation<Op> {
  const { op, path, value, ...rest } = requireRecord(given, field);
  const extra = Object.keys(rest)[0];
  if (extra !== undefined)
    throw new ValidationError(`${field}.${extra}`, 'is not a member of a PATCH operation');
  const operation: PatchOperation<Op> = { op: requireEnum(op, `${field}.op`, ops) };
  if (path !== undefined) {
    if (typeof path !== 'string' || path.trim() === '')
      throw new ValidationError(`${field}.path`, 'must be a non-empty string');
    operation.path = path;
  }
  if (value !== undefined) operation.value = value;
  return operation;
}
