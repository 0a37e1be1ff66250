// Toolsets: which tools `tools/list` offers. Agent clients choose worse from long lists and
// some refuse more than a few dozen tools, so by default the server lists a small everyday set
// (as GitHub's MCP server does) and every other operation stays reachable through
// `search_tools`, `describe_operation` and `invoke_operation`. `--toolsets` picks others,
// `--all-tools` lists everything, and `--dynamic` lists only the three dynamic tools (as
// Stainless's servers do).
import { snakeCase } from '../tools/naming.js';

/** What `tools/list` offers. */
export type ToolSelection =
  /** `DEFAULT_TOOLSETS` and the server's tools. */
  | { readonly mode: 'default' }
  /** These toolsets and the server's tools (`--toolsets a,b`). */
  | { readonly mode: 'toolsets'; readonly toolsets: readonly string[] }
  /** Every tool (`--all-tools`). */
  | { readonly mode: 'all' }
  /** Only `list_operations`, `describe_operation` and `invoke_operation` (`--dynamic`). */
  | { readonly mode: 'dynamic' };

/**
 * The everyday toolsets: people and groups of both directories, and the security events. With
 * the server's tools they stay within 40 tools and 60 kB of listing (a test measures it).
 */
export const DEFAULT_TOOLSETS: readonly string[] = [
  'workforce_users',
  'workforce_groups',
  'access_identities',
  'access_groups',
  'events',
];

/** Resource path segments that select a scope rather than name a resource (see naming.ts). */
const SCOPE_SEGMENTS = new Set(['realm']);

/**
 * The toolset of an operation: its family and the first word of its resource path
 * (`access_groups`, `workforce_scim`); a family's operations without a resource word form the
 * family's own toolset (`events`).
 */
export function toolsetOf(family: string, resource: readonly string[]): string {
  const word = resource.find((s) => !SCOPE_SEGMENTS.has(s) && s !== family);
  return word === undefined ? family : `${family}_${snakeCase(word)}`;
}

/**
 * Parses `--toolsets` (comma-separated; `default` stands for `DEFAULT_TOOLSETS`).
 * @throws Error when the list is empty.
 */
export function parseToolsets(text: string): string[] {
  const names = text
    .split(',')
    .map((t) => t.trim())
    .filter((t) => t.length > 0)
    .flatMap((t) => (t === 'default' ? DEFAULT_TOOLSETS : [t]));
  if (names.length === 0) throw new Error('--toolsets takes a comma-separated list of toolsets');
  return [...new Set(names)];
}
