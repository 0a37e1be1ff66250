// Field checks for the nested request shapes of family A, beside the ones in `checks.ts`: lists of
// objects, integers, nullable values, and objects whose shape is selected by their `type` (an
// application's `protocol_config`, an authenticator configuration's `config`, an SSO payload).
// Each builds on `checkBody`, so a field this version does not know is sent through and errors
// name the field as sent
// (`application.protocol_config.pkce`, `sso_config.payload.additional_user_attributes[1].name`).
import { ValidationError } from '@x/runtime';
import { optionalEnum, requireEnum, requireRecord } from '@x/runtime/internal';
import { type BodyFields, checkBody, type FieldCheck } from './checks.js';

/** An integer within `[min, max]` (the spec's `int32` range by default). */
export function integer(min = -(2 ** 31), max = 2 ** 31 - 1): FieldCheck {
  return (value, field) => {
    if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max)
      throw new ValidationError(field, `must be an integer from ${min} to ${max}`);
    return value;
  };
}

/** A value the spec allows to be `null`, or else what `check` accepts. */
export function nullable(check: FieldCheck): FieldCheck {
  return (value, field) => (value === null ? null : check(value, field));
}

/** An array whose items `item` checks (`field[i]` in errors). */
export function listOf(item: FieldCheck): FieldCheck {
  return (value, field) => {
    if (!Array.isArray(value)) throw new ValidationError(field, 'must be an array');
    return value.map((one, i) => item(one, `${field}[${i}]`));
  };
}

/** An array of values from a closed set. */
export function enumList(allowed: readonly string[]): FieldCheck {
  return listOf((value, field) => optionalEnum(value, field, allowed));
}

/** The fields of a nested object, and those it requires. */
export interface ShapeFields extends BodyFields {
  /** The fields that must be present. */
  readonly required?: readonly string[] | undefined;
}

/** A nested object: its known fields checked, unknown ones sent through, required ones present. */
export function shape(fields: ShapeFields): FieldCheck {
  return (value, field) => {
    const checked = checkBody<Record<string, unknown>>(value, fields, field);
    for (const name of fields.required ?? [])
      if (checked[name] === undefined) throw new ValidationError(`${field}.${name}`, 'is required');
    return checked;
  };
}

/**
 * An object whose shape is selected by its `type`: one of `kinds` (a request-side union is closed),
 * then that kind's fields, each checked, and its required ones present.
 */
export function byType(kinds: Readonly<Record<string, ShapeFields>>): FieldCheck {
  const names = Object.keys(kinds);
  return (value, field) => {
    const { type } = requireRecord(value, field);
    const fields = kinds[requireEnum(type, `${field}.type`, names)]!;
    return shape({ ...fields, writable: { ...fields.writable, type: () => type } })(value, field);
  };
}

/** A value that is passed on as given (items the spec leaves untyped). */
export const anyValue: FieldCheck = (value) => value;
