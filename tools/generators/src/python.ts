// openapi-python-client, pinned in python/requirements.txt, in a venv inside the clone; the
// generated package must pass `mypy --strict`.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Generator, warningLines } from './generator.js';
import { cache, config, documentPath, outDir, requireToolchain, run, runOk } from './toolchain.js';

const venv = join(cache, 'venv');
const bin = (name: string) => join(venv, 'bin', name);
const requirements = join(config, 'python', 'requirements.txt');

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
};
