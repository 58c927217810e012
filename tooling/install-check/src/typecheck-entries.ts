import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import type { EntryPoint } from './entry-points.js';

/** The file of the program, in the project: one line per entry point. */
const CHECK_FILE = 'entry-points-check.ts';

/**
 * What a strict user project compiles with: Node's own resolution (`exports` conditions `types`,
 * `import`, `node`), `@types/node`, no DOM.
 */
const COMPILER_OPTIONS: ts.CompilerOptions = {
  module: ts.ModuleKind.NodeNext,
  moduleResolution: ts.ModuleResolutionKind.NodeNext,
  target: ts.ScriptTarget.ES2022,
  lib: ['lib.es2023.d.ts'],
  types: ['node'],
  strict: true,
  noEmit: true,
};

/** One diagnostic of the program, with the entry point or installed package it belongs to. */
export interface EntryDiagnostic {
  /** The package whose declaration file (or whose entry line) the diagnostic is in; `undefined` otherwise. */
  readonly packageName: string | undefined;
  /** The entry point, when the diagnostic is on its line of the program. */
  readonly specifier: string | undefined;
  /** The diagnostic as tsc prints it, file relative to the project. */
  readonly text: string;
}

/** The package a file under `node_modules` belongs to (`@scope/name` or `name`), else `undefined`. */
function packageOfFile(file: string): string | undefined {
  const parts = file.split(/[\\/]/);
  const at = parts.lastIndexOf('node_modules');
  if (at < 0) return undefined;
  const first = parts[at + 1];
  return first?.startsWith('@') ? `${first}/${parts[at + 2]}` : first;
}

/**
 * Compiles one program in the project that refers to every entry point with `types` as
 * `typeof import('<specifier>')` (a types-only entry has no value to import) and returns the
 * diagnostics of the program file and of every declaration file of `packageNames` it reached,
 * checked in full as `skipLibCheck: false` would: a declaration that names a module the install
 * lacks (the types of a dev-only dependency) is an error here, where a user with `skipLibCheck`
 * would silently get `any`. Third-party declaration files are read but not checked: their own
 * errors are not ours to gate on. Each diagnostic is attributed to an entry point (by its line)
 * or to the package whose file it is in.
 */
export function typecheckEntryPoints(
  projectDir: string,
  entries: readonly EntryPoint[],
  packageNames: readonly string[],
): EntryDiagnostic[] {
  const typed = entries.filter((entry) => entry.types);
  const lines = typed.map(
    (entry, index) => `export type Entry${index} = typeof import('${entry.specifier}');`,
  );
  const checkFile = join(projectDir, CHECK_FILE);
  writeFileSync(checkFile, `${lines.join('\n')}\n`);
  const ours = new Set(packageNames);
  const program = ts.createProgram({ rootNames: [checkFile], options: COMPILER_OPTIONS });
  const checked = program
    .getSourceFiles()
    .filter((file) => file.fileName === checkFile || ours.has(packageOfFile(file.fileName) ?? ''));
  const diagnostics = [
    ...program.getOptionsDiagnostics(),
    ...program.getGlobalDiagnostics(),
    ...checked.flatMap((file) => [
      ...program.getSyntacticDiagnostics(file),
      ...program.getSemanticDiagnostics(file),
    ]),
  ];
  const host: ts.FormatDiagnosticsHost = {
    getCanonicalFileName: (file) => file,
    getCurrentDirectory: () => projectDir,
    getNewLine: () => '\n',
  };
  return diagnostics.map((diagnostic): EntryDiagnostic => {
    const text = ts.formatDiagnostic(diagnostic, host).trim();
    const file = diagnostic.file?.fileName;
    if (file === checkFile && diagnostic.start !== undefined) {
      const line = diagnostic.file?.getLineAndCharacterOfPosition(diagnostic.start).line ?? -1;
      const entry = typed[line];
      return { packageName: entry?.packageName, specifier: entry?.specifier, text };
    }
    const name = file === undefined ? undefined : packageOfFile(file);
    return {
      packageName: name !== undefined && ours.has(name) ? name : undefined,
      specifier: undefined,
      text,
    };
  });
}
