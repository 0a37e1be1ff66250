import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const families = ['runtime', 'auth', 'legacy', 'workforce', 'access', 'events'];
const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

// Tests run against package sources: each `@x/<name>` import resolves to its src/index.ts.
const alias = families.map((name) => ({
  find: `@x/${name}`,
  replacement: here(`packages/${name}/src/index.ts`),
}));

export default defineConfig({
  resolve: { alias },
  test: {
    reporters: ['default', './tools/vitest/summary-reporter.ts'],
    projects: [
      { extends: true, test: { name: 'specs', include: ['specs/test/**/*.test.ts'] } },
      { extends: true, test: { name: 'tools', include: ['tools/*/test/**/*.test.ts'] } },
      ...families.map((name) => ({
        extends: true,
        test: {
          name,
          include: [`packages/${name}/test/**/*.test.ts`],
          exclude: ['**/contract/**'],
        },
      })),
      {
        extends: true,
        test: {
          name: 'contract',
          include: ['packages/*/test/contract/**/*.test.ts'],
          globalSetup: ['tools/mock/src/vitest-global-setup.ts'],
          testTimeout: 20_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
