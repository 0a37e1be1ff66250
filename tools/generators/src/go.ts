// oapi-codegen v2, pinned as a tool in go/go.mod, fed the 3.0 documents (it reads 3.0 through
// kin-openapi; 3.1 only in part); the generated packages must pass `go vet`. They are built in
// one module under .cache whose go.mod and go.sum are copies of the committed ones. The story
// (stories/go) is copied into that module as package `story` and run by `go test -json`.
import { copyFileSync, cpSync, mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { type Generator, warningLines } from './generator.js';
import type { StepResult } from './story.js';
import { completeSteps, missingFamilies, tail } from './story-results.js';
import {
  config,
  documentPath,
  outDir,
  requireToolchain,
  run,
  runOk,
  toolEnv,
} from './toolchain.js';

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
  async story(generated, target) {
    const missing = missingFamilies(generated);
    if (missing.length > 0)
      return {
        steps: completeSteps([], `no generated client for ${missing.join(', ')}`),
        output: '',
      };
    const dir = join(outDir('go'), 'story');
    rmSync(dir, { recursive: true, force: true });
    cpSync(join(config, 'stories', 'go'), dir, { recursive: true });
    const result = await run('go', ['test', '-json', '-count=1', '-timeout=300s', './story'], {
      cwd: outDir('go'),
      env: { ...toolEnv, ...target.env },
    });
    const { steps, output } = readGoTestJson(result.output);
    return { steps: completeSteps(steps, tail(output, 20)), output: tail(output) };
  },
};

interface GoTestEvent {
  Action: string;
  Test?: string;
  Output?: string;
}

/**
 * Each story step's result from `go test -json`: the subtests of TestStory, by their own name
 * (`TestStory/w_get_user` is `w_get_user`), with their output as the failure's message. The
 * runner's other output (a build error) is returned as `output`.
 */
export function readGoTestJson(text: string): { steps: StepResult[]; output: string } {
  const steps: StepResult[] = [];
  const outputs = new Map<string, string>();
  let output = '';
  for (const line of text.split('\n')) {
    if (!line.startsWith('{')) {
      output += `${line}\n`;
      continue;
    }
    const event = JSON.parse(line) as GoTestEvent;
    const name = event.Test?.includes('/')
      ? event.Test.slice(event.Test.indexOf('/') + 1)
      : undefined;
    if (event.Output !== undefined) {
      if (name) outputs.set(name, (outputs.get(name) ?? '') + event.Output);
      else output += event.Output;
    }
    if (!name || !['pass', 'fail', 'skip'].includes(event.Action)) continue;
    const message = (outputs.get(name) ?? '')
      .split('\n')
      .filter((l) => !/^\s*(=== |--- )/.test(l))
      .join('\n')
      .trim()
      .slice(0, 2000);
    steps.push({
      name,
      ok: event.Action !== 'fail',
      ...(event.Action === 'skip' ? { skipped: true } : {}),
      ...(event.Action === 'fail' && message ? { message } : {}),
    });
  }
  return { steps, output };
}
