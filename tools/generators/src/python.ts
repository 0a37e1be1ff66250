// openapi-python-client, pinned in python/requirements.txt, in a venv inside the clone; the
// generated package must pass `mypy --strict`.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { delimiter, dirname, join } from 'node:path';
import { type Generator, warningLines } from './generator.js';
import { parseJUnit } from './story.js';
import {
  cache,
  config,
  documentPath,
  families,
  outDir,
  requireToolchain,
  run,
  runOk,
  toolEnv,
} from './toolchain.js';

const venv = join(cache, 'venv');
const bin = (name: string) => join(venv, 'bin', name);
const requirements = join(config, 'python', 'requirements.txt');
const stories = join(config, 'stories', 'python');
/** The story's files, in the order the steps run: events last, as its listing shows the others' changes. */
const storyFiles = ['test_workforce.py', 'test_access.py', 'test_legacy.py', 'test_events.py'];

export const python: Generator = {
  language: 'python',
  tool: 'openapi-python-client 0.29.1',
  reads: '3.1',
  check: 'mypy --strict',
  sources: ['.py'],
  async prepare() {
    await requireToolchain('Python 3.11 with venv and pip', 'python3', ['-m', 'venv', '--help']);
    // The venv is rebuilt whenever the pinned requirements change.
    const stamp = join(venv, 'requirements.sha256');
    const want = createHash('sha256').update(readFileSync(requirements)).digest('hex');
    if (existsSync(stamp) && readFileSync(stamp, 'utf8') === want) return;
    rmSync(venv, { recursive: true, force: true });
    await runOk('python3', ['-m', 'venv', venv]);
    await runOk(bin('pip'), ['install', '--quiet', '-r', requirements]);
    writeFileSync(stamp, want);
  },
  async generate(family) {
    const dir = join(outDir('python'), family);
    rmSync(dir, { recursive: true, force: true });
    const result = await run(bin('openapi-python-client'), [
      'generate',
      '--path',
      documentPath(family, '3.1'),
      '--output-path',
      dir,
      '--meta',
      'none',
      '--config',
      join(config, 'python', 'config.yaml'),
    ]);
    if (result.code !== 0) throw new Error(`openapi-python-client failed:\n${result.output}`);
    return { dir, warnings: warningLines(result.output, /^WARNING\b/) };
  },
  async build(family, generated) {
    const result = await run(bin('mypy'), ['--strict', family], { cwd: join(generated.dir, '..') });
    return {
      ok: result.code === 0,
      output: result.output.trim().split('\n').slice(-12).join('\n'),
    };
  },
  async story(generated, target) {
    // pytest from the venv, the generated packages importable by their family's name; its JUnit
    // report is what counts. `--continue-on-collection-errors`: a package that does not import
    // fails its own family's steps, not the others'.
    const report = join(outDir('python'), `story-${target.mode}.xml`);
    rmSync(report, { force: true });
    const packageRoots = new Set(
      families.flatMap((family) => {
        const dir = generated.get(family)?.dir;
        return dir ? [dirname(dir)] : [];
      }),
    );
    const result = await run(
      bin('pytest'),
      [
        ...storyFiles,
        `--junitxml=${report}`,
        '--continue-on-collection-errors',
        '-o',
        'junit_family=xunit2',
        '-q',
      ],
      {
        cwd: stories,
        env: {
          ...toolEnv,
          ...target.env,
          PYTHONPATH: [...packageRoots].join(delimiter),
          PYTHONDONTWRITEBYTECODE: '1',
        },
      },
    );
    const output = result.output.trim().split('\n').slice(-60).join('\n');
    // Exit 5 is pytest's "no tests collected": a story that ran nothing fails, never passes.
    if (result.code === 5) throw new Error(`pytest collected no story tests (exit 5):\n${output}`);
    if (!existsSync(report))
      throw new Error(`pytest wrote no JUnit report (exit ${result.code}):\n${output}`);
    return { steps: parseJUnit(readFileSync(report, 'utf8')), output };
  },
};
