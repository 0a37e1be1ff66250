// API reports: one `<entry>.api.md` per entry point of every published package, written by
// @microsoft/api-extractor from the built declaration files (dist/*.d.ts), so the report is what
// a consumer's compiler sees. One TypeScript program serves every entry point (CompilerState):
// parsing the declarations once is most of the cost.
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CompilerState, Extractor, ExtractorConfig } from '@microsoft/api-extractor';
import { entryPoints, publishedPackages, root } from './packages.mjs';

/** How consumers compile: Node's ESM resolution, strict, DOM and Node types available. */
const compilerOptions = {
  target: 'es2022',
  module: 'nodenext',
  moduleResolution: 'nodenext',
  lib: ['es2022', 'dom', 'dom.iterable'],
  types: ['node'],
  strict: true,
  skipLibCheck: true,
};

const quiet = { default: { logLevel: 'none', addToApiReportFile: false } };

function configOf(pkg, entry, temp) {
  const folder = join(root, pkg.dir);
  return ExtractorConfig.prepare({
    configObject: {
      projectFolder: folder,
      newlineKind: 'lf',
      mainEntryPointFilePath: join(root, entry.types),
      compiler: { overrideTsconfig: { compilerOptions, files: [join(root, entry.types)] } },
      apiReport: {
        enabled: true,
        reportFolder: join(temp, 'report', pkg.folder),
        reportTempFolder: join(temp, 'temp', pkg.folder),
        reportFileName: entry.report,
      },
      docModel: { enabled: false },
      dtsRollup: { enabled: false },
      tsdocMetadata: { enabled: false },
      messages: {
        compilerMessageReporting: quiet,
        extractorMessageReporting: quiet,
        tsdocMessageReporting: quiet,
      },
    },
    configObjectFullPath: join(folder, 'api-extractor.json'),
    packageJsonFullPath: join(folder, 'package.json'),
  });
}

/**
 * The API report of every entry point, as `Map<"<folder>/<entry>.api.md", text>`.
 * @param {{ only?: string[] }} [options] only these packages (names), for a quicker run
 */
export function apiReports(options = {}) {
  const temp = mkdtempSync(join(tmpdir(), 'x-api-reports-'));
  const reports = new Map();
  try {
    const jobs = publishedPackages()
      .filter((pkg) => !options.only || options.only.includes(pkg.name))
      .flatMap((pkg) => entryPoints(pkg).map((entry) => ({ pkg, entry })))
      .map((job) => ({ ...job, config: configOf(job.pkg, job.entry, temp) }));
    if (jobs.length === 0) return reports;
    const compilerState = CompilerState.create(jobs[0].config, {
      additionalEntryPoints: jobs.map((job) => join(root, job.entry.types)),
    });
    for (const { pkg, entry, config } of jobs) {
      mkdirSync(join(temp, 'report', pkg.folder), { recursive: true });
      const errors = [];
      const result = Extractor.invoke(config, {
        localBuild: true,
        compilerState,
        messageCallback: (message) => {
          if (message.logLevel === 'error') errors.push(message.text);
          message.handled = true;
        },
      });
      if (!result.succeeded || errors.length > 0)
        throw new Error(
          `api-extractor failed on ${pkg.name} ${entry.subpath} (${entry.types}; is it built?):\n${errors.join('\n')}`,
        );
      // The version is the release's, not the surface's: `changeset version` must not look
      // like an API change.
      const text = readFileSync(join(temp, 'temp', pkg.folder, entry.report), 'utf8').replace(
        /^export const VERSION = "[^"]*";$/m,
        'export const VERSION: string; // the package version (release:records leaves it out)',
      );
      reports.set(`${pkg.folder}/${entry.report}`, text);
    }
    return reports;
  } finally {
    rmSync(temp, { recursive: true, force: true });
  }
}
