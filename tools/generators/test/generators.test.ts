// `pnpm generators`: every family's document through a real generator of each language, and the
// generated code built by that language's own checker. Each step is a test, so the results count
// in the run's closing line; a missing toolchain fails the language's tests with its name. The
// numbers are held to tools/generators/thresholds.json and written to docs/generators.md.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonymousNames, componentNames } from '../src/anonymous-names.js';
import type { Generated, Generator } from '../src/generator.js';
import { go } from '../src/go.js';
import { java } from '../src/java.js';
import { python } from '../src/python.js';
import { type Cell, type Cells, cellKey, writeReport } from '../src/report.js';
import { loadThresholds } from '../src/thresholds.js';
import { documentPath, families } from '../src/toolchain.js';
import { typescript } from '../src/typescript.js';

const generators: Generator[] = [typescript, python, go, java];
const thresholds = loadThresholds();
const cells: Cells = new Map();
const started = Date.now();

afterAll(() => writeReport(generators, cells, thresholds, (Date.now() - started) / 1000));

describe.each(generators)('$tool', (generator) => {
  beforeAll(() => generator.prepare());

  describe.each(families)('%s', (family) => {
    const key = cellKey(generator.language, family);
    const limit = thresholds.cells[key];
    const cell: Cell = {
      generated: false,
      warnings: [],
      built: undefined,
      buildOutput: '',
      anonymousNames: [],
    };
    let generated: Generated | undefined;

    it('generates, within the committed limits of unexplained warnings and anonymous names', async () => {
      cells.set(key, cell);
      expect(limit, `${key} has a limit in thresholds.json`).toBeDefined();
      try {
        generated = await generator.generate(family);
      } catch (error) {
        cell.error = String(error);
        throw error;
      }
      cell.generated = true;
      cell.warnings = generated.warnings;
      cell.anonymousNames = anonymousNames(
        generated.dir,
        generator.sources,
        componentNames(documentPath(family, generator.reads)),
      );
      // Warnings with a reason in thresholds.json are listed in docs/generators.md; only the
      // others count against the limit.
      const unexplained = cell.warnings.filter(
        (w) => !Object.keys(thresholds.warningReasons).some((text) => w.includes(text)),
      );
      expect(
        unexplained.length,
        `${key} unexplained warnings:\n${unexplained.join('\n')}`,
      ).toBeLessThanOrEqual(limit?.warnings ?? 0);
      expect(
        cell.anonymousNames.length,
        `${key} anonymous names: ${cell.anonymousNames}`,
      ).toBeLessThanOrEqual(limit?.anonymousNames ?? 0);
    });

    it(`builds (${generator.check}) as thresholds.json expects`, async () => {
      expect(generated, 'generated first').toBeDefined();
      if (!generated) return;
      const built = await generator.build(family, generated);
      cell.built = built.ok;
      cell.buildOutput = built.output;
      expect(built.ok ? true : `does not build:\n${built.output}`).toBe(
        limit?.builds === true ? true : `does not build:\n${built.output}`,
      );
    });
  });
});
