// Checks that a family package re-exports what its callers catch or annotate from @x/runtime
// (see each family's src/runtime-exports.ts): every public runtime value, as the same object,
// except the ones only a package builder needs.

/** Runtime values a family does not re-export: building clients is the family's own job. */
export const RUNTIME_ONLY = ['createApiClient', 'createHttpRequester', 'VERSION'] as const;

/**
 * The names of @x/runtime's public values that `family` does not re-export as the very same
 * object; empty when the family is complete.
 */
export function missingRuntimeExports(
  family: Record<string, unknown>,
  runtime: Record<string, unknown>,
): string[] {
  return Object.keys(runtime)
    .filter((name) => !(RUNTIME_ONLY as readonly string[]).includes(name))
    .filter((name) => family[name] !== runtime[name])
    .sort();
}
