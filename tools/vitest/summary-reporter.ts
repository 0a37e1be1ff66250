// Prints one plain closing line for the whole run (`tests: N passed, N failed, N skipped`), which
// CI and humans can read without knowing vitest's own summary format.
import type { Reporter, TestModule } from 'vitest/node';

export default class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    const counts = { passed: 0, failed: 0, skipped: 0 };
    for (const module of testModules)
      for (const test of module.children.allTests()) {
        const state = test.result().state;
        if (state === 'passed') counts.passed++;
        else if (state === 'failed') counts.failed++;
        else counts.skipped++;
      }
    const brokenModules = testModules.filter(
      (m) => m.state() === 'failed' && m.children.size === 0,
    ).length;
    counts.failed += brokenModules;
    process.stdout.write(
      `\ntests: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped\n`,
    );
  }
}
