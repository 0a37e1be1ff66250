/** This package's version (kept equal to package.json by `pnpm version-packages`; a test checks). */
export const VERSION = '0.1.0';
