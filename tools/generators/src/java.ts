// openapi-generator (Java, `native` library), the CLI jar from Maven Central at a pinned
// version, fed the 3.0 documents (its 3.1 support is partial); the generated project must pass
// `mvn -q compile`. Maven's repository is .cache/generators/m2.
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { type Generator, warningLines } from './generator.js';
import { cache, config, documentPath, outDir, requireToolchain, run, runOk } from './toolchain.js';

const VERSION = '7.25.0';
const jar = join(cache, 'java', `openapi-generator-cli-${VERSION}.jar`);
const repo = join(cache, 'm2');

export const java: Generator = {
  language: 'java',
  tool: `openapi-generator ${VERSION} (java, native)`,
  reads: '3.0',
  check: 'mvn -q compile',
  sources: ['.java'],
  async prepare() {
    await requireToolchain('Java 17 (JDK)', 'java', ['-version']);
    await requireToolchain('Maven', 'mvn', ['-v']);
    if (existsSync(jar)) return;
    await runOk('mvn', [
      '-q',
      '-B',
      `-Dmaven.repo.local=${repo}`,
      'org.apache.maven.plugins:maven-dependency-plugin:3.8.1:copy',
      `-Dartifact=org.openapitools:openapi-generator-cli:${VERSION}:jar`,
      `-DoutputDirectory=${join(cache, 'java')}`,
    ]);
  },
  async generate(family) {
    const dir = join(outDir('java'), family);
    rmSync(dir, { recursive: true, force: true });
    const pkg = `com.example.x.${family}`;
    const options = JSON.parse(readFileSync(join(config, 'java', 'config.json'), 'utf8')) as {
      library: string;
    };
    const result = await run('java', [
      '-jar',
      jar,
      'generate',
      '-g',
      'java',
      '-i',
      documentPath(family, '3.0'),
      '-o',
      dir,
      '-c',
      join(config, 'java', 'config.json'),
      `--library=${options.library}`,
      `--additional-properties=invokerPackage=${pkg},apiPackage=${pkg}.api,modelPackage=${pkg}.model,groupId=com.example.x,artifactId=${family}-client`,
    ]);
    if (result.code !== 0) throw new Error(`openapi-generator failed:\n${result.output}`);
    return { dir, warnings: warningLines(result.output, /\bWARN\b/) };
  },
  async build(_family, generated) {
    const result = await run('mvn', ['-q', '-B', `-Dmaven.repo.local=${repo}`, 'compile'], {
      cwd: generated.dir,
    });
    return {
      ok: result.code === 0,
      output: result.output.trim().split('\n').slice(-12).join('\n'),
    };
  },
};
