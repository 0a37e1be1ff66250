// What the SCIM resources' shared calls send (see `scimResource`): the checked create body, the
// PatchOp message of the operations, and the query of a SCIM list.
import type { Description } from '../resource.js';
import { SCIM_LIST_PARAMS, type ScimCollection, type ScimListParams, scimQuery } from './lists.js';
import { type PatchOperation, patchBody } from './patch.js';

/**
 * What a SCIM resource's calls send: the create body (checked by `createBody`), the PatchOp
 * message of the operations (each an `op` of `ops`, checked by `rule`), and the list's query
 * (`filter`, `count`, `startIndex`).
 */
export function scim<XCreate, Operation, C extends ScimCollection>(
  createBody: (input: XCreate) => object,
  ops: readonly string[],
  rule?: (operation: PatchOperation<string>, field: string) => void,
): Omit<Description<unknown, XCreate, readonly Operation[], unknown, ScimListParams<C>>, 'pages'> {
  return {
    createBody,
    changeBody: (operations) => patchBody(operations, ops, rule),
    params: SCIM_LIST_PARAMS,
    listQuery: (params) => scimQuery(params),
  };
}
