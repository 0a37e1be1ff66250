import { defaultPathSerializer } from 'openapi-fetch';
import { ValidationError } from './errors.js';

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

/**
 * Refuses path parameter values that could change the route: missing or empty values (sent
 * literally by openapi-fetch), `.` and `..` (dot segments after URL normalisation), strings with a
 * lone surrogate (not encodable), and anything that is not a string or a finite number. Every
 * other value is safe: it is percent-encoded.
 */
export function assertPathParams(
  template: string,
  params: Record<string, unknown> | undefined,
): void {
  for (const match of template.matchAll(PARAM)) {
    const name = match[1]!;
    const value = params?.[name];
    const field = `path.${name}`;
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
