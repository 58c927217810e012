import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

/** The folder of this package. */
export const COMPAT_DIR = join(dirname(fileURLToPath(import.meta.url)), '..');

/** The compiler options of this package's tsconfig (the repo's strict base), parsed once. */
export function compatCompilerOptions(): ts.CompilerOptions {
  const configPath = join(COMPAT_DIR, 'tsconfig.json');
  const parsed = ts.getParsedCommandLineOfConfigFile(
    configPath,
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (d) => {
        throw new Error(ts.flattenDiagnosticMessageText(d.messageText, '\n'));
      },
    },
  );
  if (!parsed) throw new Error(`cannot read ${configPath}`);
  return parsed.options;
}

/** One compile error, located. */
export type CompileError = { file: string; line: number; text: string };

/**
 * Type-checks `rootNames` with this package's options plus `extra` (e.g. `paths` to swap a
 * module), optionally serving some files from memory. Returns every error (none = compiles).
 */
export function typeCheck(
  rootNames: string[],
  extra: ts.CompilerOptions = {},
  inMemory: ReadonlyMap<string, string> = new Map(),
): CompileError[] {
  const options = { ...compatCompilerOptions(), ...extra, noEmit: true };
  const host = ts.createCompilerHost(options, true);
  const readFile = host.readFile.bind(host);
  const fileExists = host.fileExists.bind(host);
  host.readFile = (name) => inMemory.get(name) ?? readFile(name);
  host.fileExists = (name) => inMemory.has(name) || fileExists(name);
  const program = ts.createProgram({ rootNames, options, host });
  return ts.getPreEmitDiagnostics(program).map((d) => {
    const text = ts.flattenDiagnosticMessageText(d.messageText, '\n');
    if (!d.file || d.start === undefined) return { file: '', line: 0, text };
    const { line } = d.file.getLineAndCharacterOfPosition(d.start);
    return { file: d.file.fileName, line: line + 1, text };
  });
}
