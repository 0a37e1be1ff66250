// Command and flag names from the catalog's method and resource names and the spec's wire names.

/** `bindingJobs` -> `binding-jobs`, `page_size` -> `page-size`, `SCIMUsers` -> `scim-users`. */
export function kebab(name: string): string {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1-$2')
    .replace(/[_\s.]+/g, '-')
    .replace(/[^A-Za-z0-9-]/g, '')
    .toLowerCase();
}

/** `display-name` -> `displayName` (how commander names an option's value). */
export function camel(flag: string): string {
  return flag.replace(/-([a-z0-9])/g, (_, c: string) => c.toUpperCase());
}
