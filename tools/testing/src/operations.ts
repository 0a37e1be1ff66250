// Every operation of every spec, read from specs/*.yaml: the suites iterate this list, so a new
// operation is covered without editing a test.
import { readFileSync } from 'node:fs';
import { specNames, specPath } from '@x/specs';
import { parse } from 'yaml';

export type HttpMethod = 'GET' | 'PUT' | 'POST' | 'DELETE' | 'PATCH' | 'HEAD' | 'OPTIONS';

export interface SpecOperation {
  /** The spec (family) name: `legacy`, `workforce`, `access`, `events`. */
  spec: string;
  operationId: string;
  method: HttpMethod;
  /** The path template, for example `/v2/users/{user_id}`. */
  path: string;
  /** Names of the path parameters, in template order. */
  pathParams: string[];
  /** Whether the operation declares a request body. */
  hasBody: boolean;
}

const METHODS = new Set(['get', 'put', 'post', 'delete', 'patch', 'head', 'options']);

/** Every operation of the given specs (default: all), in document order. */
export function specOperations(specs: readonly string[] = specNames): SpecOperation[] {
  const out: SpecOperation[] = [];
  for (const spec of specs) {
    const doc = parse(readFileSync(specPath(spec), 'utf8')) as {
      paths: Record<string, Record<string, { operationId?: string; requestBody?: unknown }>>;
    };
    for (const [path, item] of Object.entries(doc.paths))
      for (const [method, op] of Object.entries(item)) {
        if (!METHODS.has(method)) continue;
        out.push({
          spec,
          operationId: op.operationId ?? `${method} ${path}`,
          method: method.toUpperCase() as HttpMethod,
          path,
          pathParams: [...path.matchAll(/\{([^{}]+)\}/g)].map((m) => m[1]!),
          hasBody: op.requestBody !== undefined,
        });
      }
  }
  return out;
}

/**
 * A matcher for request-targets of a path template: each `{param}` must be exactly one
 * non-empty path segment with no `/`, `?` or `#`; the literal parts must match byte for byte.
 * Returns the raw (still percent-encoded) parameter values, or undefined when outside the template.
 */
export function templateMatcher(template: string): (target: string) => string[] | undefined {
  const pattern = template
    .split(/(\{[^{}]+\})/)
    .map((part) =>
      part.startsWith('{') ? '([^/?#]+)' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
    )
    .join('');
  const re = new RegExp(`^${pattern}(?:\\?[^#]*)?$`);
  return (target) => {
    const m = re.exec(target);
    return m ? m.slice(1) : undefined;
  };
}
