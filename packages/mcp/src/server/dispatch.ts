// One way to run a tool, whoever asks: a `tools/call` by name and `invoke_operation` of the
// dynamic tools both come here, so the safety policy (read-only, --allow-write,
// --allow-destructive), the input schema and the error shapes are the same on both paths.
import {
  failureOf,
  invalidInput,
  notAllowed,
  type ToolFailure,
  unknownTool,
} from '../results/errors.js';
import { isObject } from '../spec/json.js';
import type { Tool, ToolOutput } from '../tools/tool.js';
import { InputValidator } from '../tools/validate.js';

/** What dispatching needs of the tool set. */
export interface DispatchTarget {
  /** The tool with this name, listed or not. */
  get(name: string): Tool | undefined;
  /** The flags a tool still needs (empty when allowed). */
  missingFlags(tool: Tool): readonly string[];
}

/** A tool's outcome: its output, or a failure to send as a tool error. */
export type Outcome = { readonly output: ToolOutput } | { readonly failure: ToolFailure };

const validators = new WeakMap<Tool, InputValidator>();

function violationsOf(tool: Tool, args: unknown) {
  let validator = validators.get(tool);
  if (!validator) {
    validator = new InputValidator(tool.inputSchema);
    validators.set(tool, validator);
  }
  return validator.check(args);
}

/**
 * Checks and runs a tool: it must exist, the server's flags must allow it, its arguments must
 * match its input schema; a tool that redirects (`invoke_operation`) hands over to its target,
 * which goes through the same checks. Never throws.
 */
export async function dispatch(
  set: DispatchTarget,
  name: string,
  args: unknown,
  signal: AbortSignal,
  redirected = false,
): Promise<Outcome> {
  const tool = set.get(name);
  if (!tool) return { failure: unknownTool(name) };
  const missing = set.missingFlags(tool);
  if (missing.length > 0) return { failure: notAllowed(name, missing) };
  const unreadable = illFormedString(args);
  if (unreadable !== undefined)
    return {
      failure: invalidInput(name, [
        { field: unreadable, description: 'is not well-formed Unicode (it has a lone surrogate)' },
      ]),
    };
  const violations = violationsOf(tool, args);
  if (violations.length > 0 || !isObject(args)) return { failure: invalidInput(name, violations) };
  if (tool.redirect) {
    const target = tool.redirect(args);
    // Only operations are invoked: never the server's own tools, never a redirect again.
    const operation = set.get(target.name);
    if (redirected || !operation || operation.family === undefined || operation.redirect)
      return { failure: unknownTool(target.name) };
    return dispatch(set, target.name, target.args, signal, true);
  }
  try {
    return { output: await tool.run(args, { signal }) };
  } catch (error) {
    return { failure: failureOf(name, error) };
  }
}

/** A high surrogate not followed by a low one, or a low one not preceded by a high one. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * The path of the first string in `value` (keys included) that is not well-formed UTF-16: a lone
 * surrogate cannot be encoded into a URL or a request body, so the call could never be sent.
 */
function illFormedString(value: unknown, path = 'arguments'): string | undefined {
  if (typeof value === 'string') return LONE_SURROGATE.test(value) ? path : undefined;
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) {
      const found = illFormedString(item, `${path}[${i}]`);
      if (found) return found;
    }
  } else if (isObject(value))
    for (const [key, item] of Object.entries(value)) {
      if (LONE_SURROGATE.test(key)) return path;
      const found = illFormedString(item, path === 'arguments' ? key : `${path}.${key}`);
      if (found) return found;
    }
  return undefined;
}
