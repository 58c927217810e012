import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import type { ReadmeSnippet } from './readme-files.js';

/** One compiler complaint about a snippet, located in its README. */
export interface SnippetProblem {
  /** `README path:line` of the snippet's opening fence. */
  readonly where: string;
  /** The compiler's message, with the line inside the snippet. */
  readonly message: string;
}

function compilerOptions(repoRoot: string): ts.CompilerOptions {
  const configPath = join(repoRoot, 'tsconfig.base.json');
  const { config, error } = ts.readConfigFile(configPath, ts.sys.readFile);
  if (error !== undefined) throw new Error(ts.flattenDiagnosticMessageText(error.messageText, '\n'));
  const parsed = ts.parseJsonConfigFileContent(config, ts.sys, repoRoot);
  return { ...parsed.options, noEmit: true, noUnusedLocals: false };
}

/**
 * Typechecks each snippet as its own ES module (a block without an import gets `export {}`) in
 * `scratchDir`, where the workspace packages resolve as they would for a user, from their source.
 * Returns every problem; an empty list means every snippet compiles.
 */
export function typecheckSnippets(
  snippets: readonly ReadmeSnippet[],
  repoRoot: string,
  scratchDir: string,
): SnippetProblem[] {
  rmSync(scratchDir, { recursive: true, force: true });
  mkdirSync(scratchDir, { recursive: true });
  const files = snippets.map((snippet, index) => {
    const file = join(scratchDir, `snippet-${index}.ts`);
    writeFileSync(file, `${snippet.code}\nexport {};\n`);
    return { file, snippet };
  });
  const program = ts.createProgram(
    files.map((entry) => entry.file),
    compilerOptions(repoRoot),
  );
  const bySource = new Map(files.map((entry) => [entry.file, entry.snippet]));
  return ts.getPreEmitDiagnostics(program).flatMap((diagnostic) => {
    const snippet = diagnostic.file === undefined ? undefined : bySource.get(diagnostic.file.fileName);
    const text = ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n');
    if (snippet === undefined || diagnostic.file === undefined) {
      return [{ where: diagnostic.file?.fileName ?? '(program)', message: text }];
    }
    const { line } = diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start ?? 0);
    return [{ where: `${snippet.readme}:${snippet.line}`, message: `snippet line ${line + 1}: ${text}` }];
  });
}
