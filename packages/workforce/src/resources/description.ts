// What the native resources' shared calls send (see `crudResource`): bodies under the resource's
// wrapper key, and the query of a filtered, sorted offset list.
import { type Fields, stringFields } from '../checks.js';
import type { SortCollection } from '../filter/order-by.js';
import type { Description } from '../resource.js';
import { FILTERED_LIST_PARAMS, type FilteredListParams, listQuery } from './lists.js';

/**
 * What a native resource's calls send: the create and update bodies under its wrapper key
 * (`{ user: … }`, the writable string fields, checked and named `<key>.<field>` in errors,
 * read-only ones left out), and the list's query (`page_size`, `skip`, `filter`, `order_by`).
 */
export function native<
  XCreate extends object,
  XUpdate extends object,
  Params extends FilteredListParams<SortCollection>,
>(
  key: string,
  fields: Fields<string>,
): Omit<Description<unknown, XCreate, XUpdate, unknown, Params>, 'pages'> {
  const body = (value: object) => ({ [key]: stringFields(value, fields, key) });
  return {
    createBody: body,
    changeBody: body,
    params: FILTERED_LIST_PARAMS,
    listQuery: (params) => listQuery(params),
  };
}
