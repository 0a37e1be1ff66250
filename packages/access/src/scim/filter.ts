// The filters a realm's SCIM server supports: `eq` and `ne` on a few attributes (users:
// `userName`, `externalId`; groups: `displayName`). The SDK builds the filter text, so the value is
// always quoted and escaped, and an attribute or operator the server refuses is refused first.
import { optionalEnum, requireEnum, requireObject } from '@x/runtime/internal';
import { parseComparison, quoteFilterValue } from '../filters.js';

/** The comparison operators the SCIM server supports in filters. */
export type ScimFilterOperator = 'eq' | 'ne';

const OPERATORS: readonly ScimFilterOperator[] = ['eq', 'ne'];
const USER_ATTRIBUTES: readonly ScimUserFilter['attribute'][] = ['userName', 'externalId'];
const GROUP_ATTRIBUTES = ['displayName'] as const;

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
  return filterText(filter.attribute, USER_ATTRIBUTES, filter);
}

/** The groups filter as sent; undefined when none was given. */
export function groupFilterText(filter: ScimGroupFilter | undefined): string | undefined {
  if (filter === undefined) return undefined;
  requireObject(filter, 'filter');
  return filterText('displayName', GROUP_ATTRIBUTES, filter);
}

/**
 * The users filter of a filter text as sent (`userName eq "ada"`, from a tool's wire query);
 * undefined when there is none.
 * @throws ValidationError naming `filter…` for text outside the server's filter grammar.
 */
export function userFilterOf(text: unknown): ScimUserFilter | undefined {
  if (text === undefined) return undefined;
  const { attribute, operator, value } = parseComparison(text, 'filter');
  return {
    attribute: requireEnum(attribute, 'filter.attribute', USER_ATTRIBUTES),
    operator: requireEnum(operator, 'filter.operator', OPERATORS),
    value,
  };
}

/** The groups filter of a filter text as sent (`displayName eq "Admins"`), as `userFilterOf`. */
export function groupFilterOf(text: unknown): ScimGroupFilter | undefined {
  if (text === undefined) return undefined;
  const { attribute, operator, value } = parseComparison(text, 'filter');
  requireEnum(attribute, 'filter.attribute', GROUP_ATTRIBUTES);
  return { operator: requireEnum(operator, 'filter.operator', OPERATORS), value };
}

/** `<attribute> <eq|ne> "<value>"`. */
function filterText(
  attribute: unknown,
  allowed: readonly string[],
  { operator, value }: { operator?: unknown; value: unknown },
): string {
  const name = requireEnum(attribute, 'filter.attribute', allowed);
  const op = optionalEnum(operator, 'filter.operator', OPERATORS) ?? 'eq';
  return `${name} ${op} ${quoteFilterValue(value, 'filter.value')}`;
}
