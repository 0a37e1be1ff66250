import { ValidationError } from '@x/runtime';
import { quoteFilterValue } from '../filters.js';

/** The comparison operators the SCIM server supports in filters. */
export type ScimFilterOperator = 'eq' | 'ne';

/** Builds `<attribute> <eq|ne> "<value>"`, the value quoted and escaped. */
export function scimFilter(
  attribute: string,
  allowed: readonly string[],
  operator: unknown,
  value: unknown,
): string {
  if (!allowed.includes(attribute))
    throw new ValidationError('filter.attribute', `must be one of ${allowed.join(', ')}`);
  const op = operator ?? 'eq';
  if (op !== 'eq' && op !== 'ne')
    throw new ValidationError('filter.operator', 'must be "eq" or "ne"');
  return `${attribute} ${op} ${quoteFilterValue(value, 'filter.value')}`;
}
