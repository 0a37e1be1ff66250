// The TypeScript story's own vitest run (started by tools/generators/src/typescript.ts as a child
// process): the generated @hey-api/openapi-ts clients of each family under `@story/<family>`,
// one file so the steps run in order (events last), and a JUnit report the harness reads.
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const families = ['workforce', 'access', 'events', 'legacy'];
const clientDir = (family: string) => {
  const dir = process.env[`X_STORY_CLIENT_${family.toUpperCase()}`];
  if (!dir) throw new Error(`X_STORY_CLIENT_${family.toUpperCase()} names no generated client`);
  return dir;
};

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  // Vite's cache with the harness's other caches (git-ignored), not beside the story.
  cacheDir: fileURLToPath(new URL('../../../../.cache/generators/story-vite', import.meta.url)),
  resolve: {
    alias: families.flatMap((family) => [
      {
        find: new RegExp(`^@story/${family}$`),
        replacement: `${clientDir(family)}/client/index.ts`,
      },
      {
        find: new RegExp(`^@story/${family}/client$`),
        replacement: `${clientDir(family)}/client/client/index.ts`,
      },
    ]),
  },
  test: {
    include: ['story.test.ts'],
    testTimeout: 30_000,
    reporters: ['default', 'junit'],
    // biome-ignore lint/suspicious/noUndeclaredEnvVars: set by the harness for this child run only
    outputFile: { junit: process.env.X_STORY_JUNIT ?? 'story-junit.xml' },
  },
});
