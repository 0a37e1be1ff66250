// openapi-generator (Java, `native` library), the CLI jar from Maven Central at a pinned
// version, fed the 3.0 documents (its 3.1 support is partial); the generated project must pass
// `mvn -q compile`. Maven's repository is .cache/generators/m2. The story (stories/java) is
// built in one Maven reactor with the four generated clients and run by Surefire.
import { cpSync, existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Generator, warningLines } from './generator.js';
import { parseJUnit } from './story.js';
import { completeSteps, missingFamilies, tail } from './story-results.js';
import {
  cache,
  config,
  documentPath,
  type Family,
  families,
  outDir,
  requireToolchain,
  run,
  runOk,
  toolEnv,
} from './toolchain.js';

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
  async story(generated, target) {
    const missing = missingFamilies(generated);
    if (missing.length > 0)
      return {
        steps: completeSteps([], `no generated client for ${missing.join(', ')}`),
        output: '',
      };
    const dir = outDir('java');
    const story = join(dir, 'story');
    rmSync(story, { recursive: true, force: true });
    cpSync(join(config, 'stories', 'java'), story, { recursive: true });
    writeFileSync(join(dir, 'pom.xml'), reactorPom);
    // The story's pom names each client at the version its generated pom has (the document's).
    const versions = families.map(
      (family) => `-D${family}-client.version=${clientVersion(family, generated.get(family)?.dir)}`,
    );
    // -Dmaven.test.skip: the generated clients' own test stubs are not compiled; the story's pom
    // turns its tests back on.
    const result = await run(
      'mvn',
      ['-q', '-B', `-Dmaven.repo.local=${repo}`, '-Dmaven.test.skip=true', ...versions, 'test'],
      { cwd: dir, env: { ...toolEnv, ...target.env } },
    );
    const reports = join(story, 'target', 'surefire-reports');
    const steps = existsSync(reports)
      ? readdirSync(reports)
          .filter((name) => /^TEST-.*\.xml$/.test(name))
          .flatMap((name) => parseJUnit(readFileSync(join(reports, name), 'utf8')))
          // JUnit 5 method names may be reported with their parentheses.
          .map((step) => ({ ...step, name: step.name.replace(/\(\)$/, '') }))
      : [];
    return { steps: completeSteps(steps, tail(result.output, 20)), output: tail(result.output) };
  },
};

/** One Maven reactor: the four generated clients, each compiled once, and the story. */
const reactorPom = `<?xml version="1.0" encoding="UTF-8"?>
<!-- Written by tools/generators/src/java.ts: the generated clients and the conformance story. -->
<project xmlns="http://maven.apache.org/POM/4.0.0">
  <modelVersion>4.0.0</modelVersion>
  <groupId>com.example.x</groupId>
  <artifactId>story-reactor</artifactId>
  <version>0</version>
  <packaging>pom</packaging>
  <modules>
${families.map((family) => `    <module>${family}</module>`).join('\n')}
    <module>story</module>
  </modules>
</project>
`;

/** The version a generated client's pom gives itself (openapi-generator takes the document's). */
function clientVersion(family: Family, dir: string | undefined): string {
  const pom = readFileSync(join(dir ?? outDir('java', family), 'pom.xml'), 'utf8');
  const version = new RegExp(
    `<artifactId>${family}-client</artifactId>[\\s\\S]*?<version>([^<]+)</version>`,
  ).exec(pom)?.[1];
  if (!version) throw new Error(`no version in the generated ${family} pom.xml`);
  return version;
}
