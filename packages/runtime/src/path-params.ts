// Path parameters are checked before anything is sent: openapi-fetch percent-encodes them, but an
// empty or missing value is sent literally, and `.` and `..` become dot segments after URL
// normalisation, so `..` as an id reaches a different endpoint.
import { defaultPathSerializer } from 'openapi-fetch';
import { ValidationError } from './core/errors.js';

const PARAM = /\{([^{}]+)\}/g;
/** A UTF-16 surrogate without its partner: not Unicode text, and not percent-encodable. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
// The same pattern without `g` (stateless `test`); a literal, so that bundlers can drop it.
const HAS_LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * openapi-fetch's path serializer, made total: `encodeURIComponent` throws a URIError on a lone
 * surrogate before any middleware runs, so such a value is replaced here and then refused by
 * `assertPathParams` with a ValidationError, still before anything is sent.
 */
export function safePathSerializer(pathname: string, pathParams: Record<string, unknown>): string {
  const safe: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(pathParams ?? {}))
    safe[name] = typeof value === 'string' ? value.replace(LONE_SURROGATE, '\uFFFD') : value;
  return defaultPathSerializer(pathname, safe);
}

/** `user_id` -> `userId`: the argument name a resource method gives a path parameter. */
const argumentName = (param: string) =>
  param.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());

/**
 * Refuses path parameter values that could change the route: missing or empty values, `.` and
 * `..`, strings with a lone surrogate, and anything that is not a string or a finite number. Every
 * other value is safe: it is percent-encoded. Errors name the field `path.<name>`.
 *
 * With `ids` (the typed resource methods), a value must be a string that is not blank, and errors
 * name the method's argument (`userId` for `user_id`).
 */
export function assertPathParams(
  template: string,
  params: Record<string, unknown> | undefined,
  ids = false,
): void {
  for (const match of template.matchAll(PARAM)) {
    const name = match[1]!;
    const value = params?.[name];
    const field = ids ? argumentName(name) : `path.${name}`;
    if (ids && (typeof value !== 'string' || value.trim() === ''))
      throw new ValidationError(field, 'must be a non-empty string');
    if (value === undefined || value === null) throw new ValidationError(field, 'is required');
    if (typeof value === 'number') {
      if (!Number.isFinite(value)) throw new ValidationError(field, 'must be a finite number');
      continue;
    }
    if (typeof value !== 'string')
      throw new ValidationError(field, `must be a string, not ${typeof value}`);
    if (value === '') throw new ValidationError(field, 'must not be empty');
    if (HAS_LONE_SURROGATE.test(value))
      throw new ValidationError(field, 'must be well-formed Unicode (it holds a lone surrogate)');
    if (value === '.' || value === '..')
      throw new ValidationError(field, `"${value}" would change the request path`);
  }
}
