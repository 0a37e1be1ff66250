// What an editor strikes through: TypeScript reports a use of a `@deprecated` declaration as a
// suggestion, not as a compile error, so a test of deprecation marks asks the language service.
import { dirname } from 'node:path';
import ts from 'typescript';

/** One deprecated use: its 1-based line and the text the editor strikes through. */
export interface DeprecatedUse {
  line: number;
  text: string;
}

/**
 * The uses of deprecated declarations in `file`, in order, as the language service of the
 * project at `configPath` (a tsconfig.json whose files include `file`) reports them.
 */
export function deprecatedUses(configPath: string, file: string): DeprecatedUse[] {
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
    getScriptSnapshot: (name) => {
      const text = ts.sys.readFile(name);
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
  const source = service.getProgram()?.getSourceFile(file);
  if (!source) throw new Error(`${file} is not part of the project`);
  return service
    .getSuggestionDiagnostics(file)
    .filter((diagnostic) => diagnostic.reportsDeprecated)
    .map((diagnostic) => {
      const start = diagnostic.start ?? 0;
      return {
        line: source.getLineAndCharacterOfPosition(start).line + 1,
        text: source.text.slice(start, start + (diagnostic.length ?? 0)),
      };
    });
}
