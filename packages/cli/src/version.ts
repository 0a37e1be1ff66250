/** The version of `@x/cli` (checked against package.json by a test). */
export const VERSION = '0.0.0';
