// oapi-codegen v2, pinned as a tool in go/go.mod, fed the 3.0 documents (it reads 3.0 through
// kin-openapi; 3.1 only in part); the generated packages must pass `go vet`. They are built in
// one module under .cache whose go.mod and go.sum are copies of the committed ones.
import { copyFileSync, mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { type Generator, warningLines } from './generator.js';
import { config, documentPath, outDir, requireToolchain, run, runOk } from './toolchain.js';

const module = join(config, 'go');

export const go: Generator = {
  language: 'go',
  tool: 'oapi-codegen v2.8.2',
  reads: '3.0',
  check: 'go vet',
  sources: ['.go'],
  async prepare() {
    await requireToolchain('Go 1.24 or later', 'go', ['version']);
    await runOk('go', ['mod', 'download'], { cwd: module });
    const dir = outDir('go');
    copyFileSync(join(module, 'go.mod'), join(dir, 'go.mod'));
    copyFileSync(join(module, 'go.sum'), join(dir, 'go.sum'));
  },
  async generate(family) {
    const dir = join(outDir('go'), family);
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    const result = await run(
      'go',
      [
        'tool',
        'oapi-codegen',
        '-config',
        join('config', `${family}.yaml`),
        '-o',
        join(dir, 'client.gen.go'),
        documentPath(family, '3.0'),
      ],
      { cwd: module },
    );
    if (result.code !== 0) throw new Error(`oapi-codegen failed:\n${result.output}`);
    return { dir, warnings: warningLines(result.output, /warn/i) };
  },
  async build(family) {
    const result = await run('go', ['vet', `./${family}`], { cwd: outDir('go') });
    return {
      ok: result.code === 0,
      output: result.output.trim().split('\n').slice(-12).join('\n'),
    };
  },
};
