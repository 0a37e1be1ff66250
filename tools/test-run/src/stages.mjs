// The stages of `pnpm test`, in order, as data. Each is one turbo invocation, so turbo's cache and
// task graph decide what runs; a stage's budget is the cold time it is planned to take on 2 cores
// (printed beside the measured time, never a failure: speed is shown by benchmarks, not tests).
// `tests: true` marks a stage whose runners record results (tools/test-run/src/results.mjs): it
// fails when they record no test at all.

const turbo = (...args) => ['pnpm', ['exec', 'turbo', 'run', ...args]];

/** @type {ReadonlyArray<{name: string, command: [string, string[]], budgetSeconds: number, tests: boolean}>} */
export const stages = [
  {
    name: 'checks',
    command: turbo(
      'codegen:check',
      'lint',
      'lint:repo',
      'typecheck',
      'typecheck:tests',
      'build',
      'pack:check',
      'size:check',
      '--output-logs=errors-only',
    ),
    budgetSeconds: 240,
    tests: false,
  },
  {
    // What each published package offers and what each document says, against the last release:
    // the records must match, and every break must carry a changeset of the right bump. And the
    // last release's packages, rebuilt from the baseline commit (cached in .cache/ by commit),
    // for the release rehearsal of the consumers suite.
    name: 'release',
    command: turbo(
      'release:records:check',
      'release:gate',
      'release:baseline-packages',
      '--output-logs=errors-only',
    ),
    budgetSeconds: 180,
    tests: false,
  },
  {
    name: 'vitest',
    command: turbo('test:vitest', '--log-prefix=none', '--output-logs=full'),
    budgetSeconds: 360,
    tests: true,
  },
  {
    // @x/fleet against a real Redis (Debian's redis-server, installed with apt-get when missing):
    // a stage of its own, so that the install is timed apart from the vitest stage.
    name: 'fleet',
    command: turbo('test:fleet', '--log-prefix=none', '--output-logs=full'),
    budgetSeconds: 120,
    tests: true,
  },
  {
    // The published packages as app teams get them (tests/consumers): a local registry, fresh
    // npm and pnpm projects, other runtimes, releases. Installs and processes, so a stage of its own.
    name: 'consumers',
    command: turbo('test:consumers', '--log-prefix=none', '--output-logs=full'),
    budgetSeconds: 300,
    tests: true,
  },
  {
    // Python, Go, Java and TypeScript clients generated from every document and built
    // (docs/generators.md); toolchains and caches live in the clone's .cache/.
    name: 'generators',
    command: turbo('generators', '--log-prefix=none', '--output-logs=full'),
    budgetSeconds: 600,
    tests: true,
  },
  {
    // Schemathesis over every family's document against the emulator, stateful through the
    // documents' links (tools/fuzz; its section of docs/reliability.md); its venv and pip cache
    // live in the clone's .cache/fuzz/.
    name: 'fuzz',
    command: turbo('fuzz', '--log-prefix=none', '--output-logs=full'),
    budgetSeconds: 360,
    tests: true,
  },
];
