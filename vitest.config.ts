import { fileURLToPath } from 'node:url';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

const families = ['runtime', 'auth', 'legacy', 'workforce', 'access', 'events', 'emulator'];
const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));
// Projects left out of this run (`X_VITEST_EXCLUDE=generators,consumers,fleet`): the `vitest` stage of
// `pnpm test` runs the rest, and each slow suite is a stage of its own (vitest's `--project` takes
// one negation only). That stage runs three files at a time on 2 cores (`--maxWorkers=3`): most
// files wait on processes and sockets, not the CPU (cli and mcp: 182 s with one, 120 s with three).
const excluded = new Set((process.env.X_VITEST_EXCLUDE ?? '').split(',').filter(Boolean));

// Tests run against package sources: each `@x/<name>` import resolves to its src/index.ts.
const alias = [
  ...families.map((name) => ({
    find: new RegExp(`^@x/${name}$`),
    replacement: here(`packages/${name}/src/index.ts`),
  })),
  { find: /^@x\/runtime\/internal$/, replacement: here('packages/runtime/src/internal.ts') },
  ...families.map((name) => ({
    find: new RegExp(`^@x/${name}/operations$`),
    replacement: here(`packages/${name}/src/operations.ts`),
  })),
  { find: /^@x\/fleet$/, replacement: here('packages/fleet/src/index.ts') },
  { find: /^@x\/testing$/, replacement: here('tools/testing/src/index.ts') },
];

export default defineConfig({
  resolve: { alias },
  test: {
    reporters: ['default', './tools/vitest/summary-reporter.ts'],
    // Many tests start servers and processes: on a busy machine vitest's 5 s default turns a slow
    // wait into a failure. Projects that need longer set their own.
    testTimeout: 20_000,
    projects: (
      [
        { extends: true, test: { name: 'specs', include: ['specs/test/**/*.test.ts'] } },
        {
          extends: true,
          test: {
            name: 'tools',
            include: ['tools/*/test/**/*.test.ts'],
            exclude: ['tools/generators/**'],
          },
        },
        {
          // `pnpm generators`: real generators of four languages and their toolchains (slow, cold
          // installs included); one file, so its toolchains run one after another.
          extends: true,
          test: {
            name: 'generators',
            include: ['tools/generators/test/**/*.test.ts'],
            testTimeout: 600_000,
            hookTimeout: 600_000,
          },
        },
        ...families.map((name) => ({
          extends: true,
          test: {
            name,
            include: [`packages/${name}/test/**/*.test.ts`],
            exclude: ['**/contract/**'],
          },
        })),
        {
          // A real Redis per suite: Debian's redis-server, installed once by the global setup when
          // missing (apt-get, hence the long hook timeout on a fresh machine).
          extends: true,
          test: {
            name: 'fleet',
            // The fleet benchmark's own arithmetic (bench/test) is tested here, beside the package.
            include: ['packages/fleet/test/**/*.test.ts', 'bench/test/**/*.test.ts'],
            globalSetup: ['packages/fleet/test/support/global-setup.ts'],
            testTimeout: 30_000,
            hookTimeout: 600_000,
          },
        },
        {
          extends: true,
          test: {
            name: 'cli',
            include: ['packages/cli/test/**/*.test.ts'],
            testTimeout: 60_000,
            hookTimeout: 60_000,
          },
        },
        {
          extends: true,
          test: {
            name: 'mcp',
            include: ['packages/mcp/test/**/*.test.ts'],
            testTimeout: 30_000,
            hookTimeout: 60_000,
          },
        },
        {
          // The SDK's workflows, the demo's story, against the emulator in process.
          extends: true,
          test: {
            name: 'workflows',
            include: ['tests/workflows/**/*.test.ts'],
            testTimeout: 60_000,
          },
        },
        {
          extends: true,
          test: {
            name: 'reliability',
            include: ['tests/reliability/**/*.test.ts'],
            testTimeout: 30_000,
          },
        },
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
        {
          // Published packages as app teams get them: a local registry, fresh npm and pnpm
          // projects, other runtimes, other generators, releases. Slow: installs and processes.
          extends: true,
          test: {
            name: 'consumers',
            include: ['tests/consumers/**/*.test.ts'],
            globalSetup: ['tests/consumers/global-setup.ts'],
            testTimeout: 300_000,
            hookTimeout: 600_000,
            // Installs over the network (npm, apt) on a fresh machine: one retry, and every test
            // that needed it is named in the run's report (tools/vitest/summary-reporter.ts).
            retry: 1,
          },
        },
      ] satisfies TestProjectInlineConfiguration[]
    ).filter((project) => !excluded.has(project.test.name)),
  },
});
