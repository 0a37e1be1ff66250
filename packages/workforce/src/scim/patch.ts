// SCIM PATCH bodies (RFC 7644 section 3.5.2): the caller gives the operations, the SDK adds the
// PatchOp schema. Each operation is checked before sending: a known `op`, an optional string
// `path`, a `value` object; the resource adds its own rules.
import { ValidationError } from '@x/runtime';
import { requireEnum, requireRecord } from '@x/runtime/internal';
import { requireList } from '../checks.js';
import { SCIM_PATCH_OP } from './urns.js';

/** One PATCH operation as sent. */
export interface PatchOperation<Op extends string> {
  op: Op;
  path?: string;
  value: { [attribute: string]: unknown };
}

/** A PATCH request as sent. */
export interface PatchBody<Op extends string> {
  schemas: (typeof SCIM_PATCH_OP)[];
  Operations: PatchOperation<Op>[];
}

/**
 * The PATCH body of `operations` (named `operations[i]…` in errors), each with an `op` from
 * `ops`; `rule` checks what one resource allows beyond that.
 */
export function patchBody<Op extends string>(
  operations: unknown,
  ops: readonly Op[],
  rule?: (operation: PatchOperation<Op>, field: string) => void,
): PatchBody<Op> {
  const Operations = requireList(operations, 'operations').map((given, i) => {
    const field = `operations[${i}]`;
    const { op, path, value, ...rest } = requireRecord(given, field);
    const unknown = Object.keys(rest)[0];
    if (unknown !== undefined)
      throw new ValidationError(`${field}.${unknown}`, 'is not a PATCH operation member');
    const checked: PatchOperation<Op> = {
      op: requireEnum(op, `${field}.op`, ops),
      // A copy: a rule may put checked values in it, and the caller's object stays as it was.
      value: { ...requireRecord(value, `${field}.value`) },
    };
    if (path !== undefined) {
      if (typeof path !== 'string') throw new ValidationError(`${field}.path`, 'must be a string');
      checked.path = path;
    }
    rule?.(checked, field);
    return checked;
  });
  return { schemas: [SCIM_PATCH_OP], Operations };
}
