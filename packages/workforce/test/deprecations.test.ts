// The deprecated aliases are marked `@deprecated` where users see it: in their editor. TypeScript
// reports a deprecated use as a suggestion (editors strike it through), not as a compile error,
// so this asks the language service about the calls in api.types.ts.
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const configPath = fileURLToPath(new URL('../tsconfig.json', import.meta.url));
const usesPath = fileURLToPath(new URL('./api.types.ts', import.meta.url));

function deprecatedUses(): string[] {
  const config = ts.getParsedCommandLineOfConfigFile(
    configPath,
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
        throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
      },
    },
  );
  if (!config) throw new Error(`cannot read ${configPath}`);
  const service = ts.createLanguageService({
    getScriptFileNames: () => config.fileNames,
    getScriptVersion: () => '1',
    getScriptSnapshot: (file) => {
      const text = ts.sys.readFile(file);
      return text === undefined ? undefined : ts.ScriptSnapshot.fromString(text);
    },
    getCurrentDirectory: () => dirname(configPath),
    getCompilationSettings: () => config.options,
    getDefaultLibFileName: ts.getDefaultLibFilePath,
    fileExists: ts.sys.fileExists,
    readFile: ts.sys.readFile,
    readDirectory: ts.sys.readDirectory,
    directoryExists: ts.sys.directoryExists,
    getDirectories: ts.sys.getDirectories,
  });
  const source = service.getProgram()?.getSourceFile(usesPath);
  if (!source) throw new Error(`${usesPath} is not part of the project`);
  return service
    .getSuggestionDiagnostics(usesPath)
    .filter((diagnostic) => diagnostic.reportsDeprecated)
    .map((diagnostic) => {
      const start = diagnostic.start ?? 0;
      return source.text.slice(start, start + (diagnostic.length ?? 0));
    });
}

describe('deprecated aliases', () => {
  it('addUsers, removeUsers, listUsers, setTags, pageSize and orderBy are reported as deprecated, and nothing else', () => {
    expect(deprecatedUses().sort()).toEqual([
      'addUsers',
      'listUsers',
      'orderBy',
      'pageSize',
      'removeUsers',
      'setTags',
    ]);
  }, 60_000);
});
