import { ValidationError } from './errors.js';

const PARAM = /\{([^{}]+)\}/g;

/**
 * Refuses path parameter values that could change the route: missing or empty values (sent
 * literally by openapi-fetch), `.` and `..` (dot segments after URL normalisation), and anything
 * that is not a string or a finite number. Every other value is safe: it is percent-encoded.
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
    if (value === '.' || value === '..')
      throw new ValidationError(field, `"${value}" would change the request path`);
  }
}
