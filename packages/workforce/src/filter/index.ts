export {
  createFilterBuilder,
  type FieldConditions,
  type FilterBuilder,
  groupFilter,
  passkeyFilter,
  scimGroupFilter,
  scimUserFilter,
  userFilter,
} from './builder.js';
export {
  type ComparisonExpression,
  type FilterExpression,
  type FilterLiteral,
  type FilterOperator,
  type LogicalExpression,
  type NotExpression,
  type PresenceExpression,
  renderFilter,
} from './expression.js';
export {
  type FieldKind,
  type FieldKinds,
  GROUP_FILTER_FIELDS,
  GROUP_SORT_FIELDS,
  OPERATORS_OF_KIND,
  PASSKEY_FILTER_FIELDS,
  PASSKEY_SORT_FIELDS,
  SCIM_GROUP_FILTER_FIELDS,
  SCIM_USER_FILTER_FIELDS,
  USER_FILTER_FIELDS,
  USER_SORT_FIELDS,
} from './fields.js';
export { and, Filter, type FilterCollection, type FilterInput, not, or } from './filter.js';
export {
  groupOrderBy,
  OrderBy,
  type OrderByInput,
  passkeyOrderBy,
  type SortCollection,
  type SortKey,
  userOrderBy,
} from './order-by.js';
