// The syntax tree of a SCIM filter (RFC 7644 section 3.4.2.2) and its rendering as text.

/** A comparison operator of the SCIM filter grammar (`pr` is the presence test). */
export type FilterOperator = 'eq' | 'ne' | 'co' | 'sw' | 'ew' | 'gt' | 'lt' | 'ge' | 'le' | 'pr';

/** The value of a comparison: a JSON string, number or boolean (RFC 7644 `compValue`). */
export type FilterLiteral = string | number | boolean;

/** `attribute op value`. */
export interface ComparisonExpression {
  readonly type: 'compare';
  readonly attribute: string;
  readonly operator: Exclude<FilterOperator, 'pr'>;
  readonly value: FilterLiteral;
}

/** `attribute pr`: the attribute has a value. */
export interface PresenceExpression {
  readonly type: 'present';
  readonly attribute: string;
}

/** `a and b and …` or `a or b or …`, with two or more operands that are not of the same kind. */
export interface LogicalExpression {
  readonly type: 'and' | 'or';
  readonly operands: readonly FilterExpression[];
}

/** `not (…)`. */
export interface NotExpression {
  readonly type: 'not';
  readonly operand: FilterExpression;
}

/** A parsed or built SCIM filter. */
export type FilterExpression =
  | ComparisonExpression
  | PresenceExpression
  | LogicalExpression
  | NotExpression;

/**
 * Joins operands with `and` or `or`. Operands of the same kind are merged (both operators are
 * associative), so the tree has one canonical form; a single operand is returned as it is.
 */
export function combine(
  type: 'and' | 'or',
  operands: readonly FilterExpression[],
): FilterExpression {
  const flat = operands.flatMap((operand) =>
    operand.type === type ? (operand as LogicalExpression).operands : [operand],
  );
  if (flat.length === 1) return flat[0]!;
  return { type, operands: flat };
}

/**
 * Renders a filter as text. String values are JSON strings (RFC 7159): `"` and `\` and control
 * characters are escaped, so a value never ends its quotes early. A nested `and` or `or` of the
 * other kind is put in parentheses, and `not` always has them, as the grammar requires.
 */
export function renderFilter(expression: FilterExpression): string {
  switch (expression.type) {
    case 'present':
      return `${expression.attribute} pr`;
    case 'compare':
      return `${expression.attribute} ${expression.operator} ${renderLiteral(expression.value)}`;
    case 'not':
      return `not (${renderFilter(expression.operand)})`;
    case 'and':
    case 'or':
      return expression.operands
        .map((operand) =>
          operand.type === 'and' || operand.type === 'or'
            ? `(${renderFilter(operand)})`
            : renderFilter(operand),
        )
        .join(` ${expression.type} `);
  }
}

/** A literal as the grammar writes it: JSON string, `true`/`false`, or a JSON number. */
export function renderLiteral(value: FilterLiteral): string {
  // JSON.stringify escapes quotes, backslashes, control characters and lone surrogates.
  return JSON.stringify(value);
}
