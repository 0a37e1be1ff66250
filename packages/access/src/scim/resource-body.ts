// The body of a SCIM create or replace: the resource itself (not wrapped), its fields checked and
// named `<resource>.<field>` in errors, its name attribute present, and its `schemas` completed:
// the core URN, with the extension's when the extension's attributes are sent.
import { ValidationError } from '@x/runtime';
import { requireString } from '@x/runtime/internal';
import { type BodyFields, checkBody } from '../checks.js';

/**
 * The body of a create or replace of a `name` resource (`user`, `group`): its `fields` checked,
 * its `required` attribute (`userName`, `displayName`) present, and its schemas completed from
 * `urns` (its core schema and its extension's, whose URN is also the key of its attributes).
 */
export function resourceBody<T>(
  resource: unknown,
  name: string,
  fields: BodyFields,
  required: string,
  urns: readonly [core: string, extension: string],
): T {
  const body = checkBody<Record<string, unknown>>(resource, fields, name);
  requireString(body, required, name);
  const extended = body[urns[1]] !== undefined;
  const given = (resource as { schemas?: unknown }).schemas;
  body.schemas = resourceSchemas(given, urns, extended, `${name}.schemas`);
  return body as T;
}

/**
 * The `schemas` of a create or replace: `core` alone, or with `extension` when the extension's
 * attributes are sent (`extended`); when the caller gives them, only those two, `core` among
 * them, and `extension` when its attributes are sent.
 * @throws ValidationError naming `<field>` or `<field>[i]`.
 */
function resourceSchemas<Core extends string, Extension extends string>(
  given: unknown,
  urns: readonly [Core, Extension],
  extended: boolean,
  field: string,
): (Core | Extension)[] {
  const [core, extension] = urns;
  if (given === undefined) return extended ? [core, extension] : [core];
  if (!Array.isArray(given)) throw new ValidationError(field, 'must be an array');
  given.forEach((urn, i) => {
    if (!(urns as readonly unknown[]).includes(urn))
      throw new ValidationError(`${field}[${i}]`, `must be one of ${urns.join(', ')}`);
  });
  if (!given.includes(core)) throw new ValidationError(field, `must include ${core}`);
  if (extended && !given.includes(extension))
    throw new ValidationError(field, `must include ${extension} when its attributes are sent`);
  return given;
}
