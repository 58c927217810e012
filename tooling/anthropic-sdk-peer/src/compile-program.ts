import { realpathSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

/** The folder of this package. */
export const PACKAGE_DIR = join(dirname(fileURLToPath(import.meta.url)), '..');

/** The user's program, written against their own `@anthropic-ai/sdk` and `@ccsdk/sdk`. */
export const PROGRAM_FILE = join(PACKAGE_DIR, 'src', 'program', 'content-blocks.ts');

/** The module every import of the Anthropic SDK names, with or without a subpath. */
const ANTHROPIC_SDK = '@anthropic-ai/sdk';

/** One installed copy of `@anthropic-ai/sdk`: the npm alias this package installs it under. */
export type SdkCopy = 'anthropic-sdk-lowest' | 'anthropic-sdk-newest';

/** The real folder of one copy (pnpm links the alias into its store). */
export function copyDir(copy: SdkCopy): string {
  return realpathSync(join(PACKAGE_DIR, 'node_modules', copy));
}

/** The version of one copy, from its own package.json. */
export function copyVersion(copy: SdkCopy): string {
  const manifest = ts.readConfigFile(join(copyDir(copy), 'package.json'), ts.sys.readFile);
  return (manifest.config as { version: string }).version;
}

/** Which copy answers the Anthropic SDK imports of the user's program and of our declarations. */
export type CopyLayout = { program: SdkCopy; ours: SdkCopy };

/** One import of the Anthropic SDK, and the file it resolved to (undefined: unresolved). */
export type SdkResolution = { from: string; specifier: string; to: string | undefined };

/** One compile error, located. */
export type CompileError = { file: string; line: number; text: string };

/** What one compile found. */
export type CompileOutcome = { errors: CompileError[]; resolutions: SdkResolution[] };

/** The repository's strict options, with the packages read from their built declarations. */
function compilerOptions(): ts.CompilerOptions {
  const configPath = join(PACKAGE_DIR, 'tsconfig.json');
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
  // No `@ccsdk/source` condition: `@ccsdk/sdk` resolves to dist/*.d.ts, as npm users get it.
  return { ...parsed.options, customConditions: [], noEmit: true };
}

/** `options` with the Anthropic SDK, and every subpath of it, mapped onto one copy. */
function mappedTo(options: ts.CompilerOptions, copy: SdkCopy): ts.CompilerOptions {
  const dir = copyDir(copy);
  return { ...options, paths: { [ANTHROPIC_SDK]: [dir], [`${ANTHROPIC_SDK}/*`]: [`${dir}/*`] } };
}

/**
 * Type-checks the user's program against the built `@ccsdk/sdk`. Imports of `@anthropic-ai/sdk`
 * written in the program resolve to `layout.program`; those written anywhere else (our
 * declarations) to `layout.ours`. With one copy for both, this is a user's install where our
 * packages take the SDK as a peer; with two, it is what a copy of our own would do.
 */
export function compileProgram(layout: CopyLayout): CompileOutcome {
  const options = compilerOptions();
  const forProgram = mappedTo(options, layout.program);
  const forOurs = mappedTo(options, layout.ours);
  const host = ts.createCompilerHost(options, true);
  const resolutions: SdkResolution[] = [];
  host.resolveModuleNameLiterals = (literals, containingFile, redirected, _options, sourceFile) =>
    literals.map((literal) => {
      const specifier = literal.text;
      const isSdk = specifier === ANTHROPIC_SDK || specifier.startsWith(`${ANTHROPIC_SDK}/`);
      const chosen = !isSdk ? options : containingFile === PROGRAM_FILE ? forProgram : forOurs;
      const mode = ts.getModeForUsageLocation(sourceFile, literal, chosen);
      const resolved = ts.resolveModuleName(
        specifier,
        containingFile,
        chosen,
        host,
        undefined,
        redirected,
        mode,
      );
      if (isSdk) {
        resolutions.push({ from: containingFile, specifier, to: resolved.resolvedModule?.resolvedFileName });
      }
      return resolved;
    });
  const program = ts.createProgram({ rootNames: [PROGRAM_FILE], options, host });
  const errors = ts.getPreEmitDiagnostics(program).map((d): CompileError => {
    const text = ts.flattenDiagnosticMessageText(d.messageText, '\n');
    if (!d.file || d.start === undefined) return { file: '', line: 0, text };
    const { line } = d.file.getLineAndCharacterOfPosition(d.start);
    return { file: d.file.fileName, line: line + 1, text };
  });
  return { errors, resolutions };
}
