// Tool names: `<family>_<resource path>_<method>` in snake case, from the catalog's resource path
// and method name (`access_groups_add_members` for the catalog's `groups`/`addMembers`, which
// calls `access.realm(id).groups.members.add`: names stay as 0.2 had them). Scope accessors that are not resources (`realm`) and a
// resource named like its family (`events`) are left out, so names stay short and alike.

/** Resource path segments that select a scope rather than name a resource. */
const SCOPE_SEGMENTS = new Set(['realm']);

/** `addMembers` -> `add_members`, `certificateAuthority` -> `certificate_authority`. */
export function snakeCase(word: string): string {
  return word
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1_$2')
    .replace(/[^A-Za-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .toLowerCase();
}

/** The tool name of a catalog entry. */
export function toolName(family: string, resource: readonly string[], method: string): string {
  const words = resource.filter((segment) => !SCOPE_SEGMENTS.has(segment) && segment !== family);
  return [family, ...words, method].map(snakeCase).join('_');
}

/** Tool names that clients accept everywhere: letters, digits and `_`, at most 64 characters. */
export const TOOL_NAME = /^[a-z][a-z0-9_]{0,63}$/;
