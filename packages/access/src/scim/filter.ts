// The filters a realm's SCIM server supports: `eq` and `ne` on a few attributes (users:
// `userName`, `externalId`; groups: `displayName`). The SDK builds the filter text, so the value is
// always quoted and escaped, and an attribute or operator the server refuses is refused first.
import { ValidationError } from '@x/runtime';
import { requireObject } from '@x/runtime/internal';
import { quoteFilterValue } from '../filters.js';

/** The comparison operators the SCIM server supports in filters. */
export type ScimFilterOperator = 'eq' | 'ne';

/** A filter of the users list: `eq` (default) or `ne` on `userName` or `externalId`. */
export interface ScimUserFilter {
  /** The attribute compared. */
  attribute: 'userName' | 'externalId';
  /** Default `eq`. */
  operator?: ScimFilterOperator | undefined;
  /** The value compared with (sent quoted and escaped). */
  value: string;
}

/** A filter of the groups list: `eq` (default) or `ne` on `displayName`. */
export interface ScimGroupFilter {
  /** Default `eq`. */
  operator?: ScimFilterOperator | undefined;
  /** The display name compared with (sent quoted and escaped). */
  value: string;
}

/** The users filter as sent; undefined when none was given. */
export function userFilterText(filter: ScimUserFilter | undefined): string | undefined {
  if (filter === undefined) return undefined;
  requireObject(filter, 'filter');
  return filterText(filter.attribute, ['userName', 'externalId'], filter);
}

/** The groups filter as sent; undefined when none was given. */
export function groupFilterText(filter: ScimGroupFilter | undefined): string | undefined {
  if (filter === undefined) return undefined;
  requireObject(filter, 'filter');
  return filterText('displayName', ['displayName'], filter);
}

/** `<attribute> <eq|ne> "<value>"`. */
function filterText(
  attribute: unknown,
  allowed: readonly string[],
  { operator, value }: { operator?: unknown; value: unknown },
): string {
  if (typeof attribute !== 'string' || !allowed.includes(attribute))
    throw new ValidationError('filter.attribute', `must be one of ${allowed.join(', ')}`);
  const op = operator ?? 'eq';
  if (op !== 'eq' && op !== 'ne')
    throw new ValidationError('filter.operator', 'must be "eq" or "ne"');
  return `${attribute} ${op} ${quoteFilterValue(value, 'filter.value')}`;
}
