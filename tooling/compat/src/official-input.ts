import { join } from 'node:path';
import ts from 'typescript';
import { ALLOW_LIST } from './allow-list.js';
import { type ChecklistInput, MEMBER_CHECKED } from './checklist.js';
import { COMPAT_DIR, compatCompilerOptions } from './compile.js';
import { listModuleExports } from './module-exports.js';
import { officialSpecifier, type Subpath } from './subpaths.js';

/** The official package, as installed for this package (types only). */
export const OFFICIAL_SPECIFIER = officialSpecifier();

/** The own declared members of `name` in the official index (an interface or an object type alias). */
function declaredMembers(program: ts.Program, file: string, name: string): string[] {
  const source = program.getSourceFile(file);
  const members: string[] = [];
  source?.forEachChild((node) => {
    if ((ts.isInterfaceDeclaration(node) || ts.isTypeAliasDeclaration(node)) && node.name.text === name) {
      const list = ts.isInterfaceDeclaration(node)
        ? node.members
        : ts.isTypeLiteralNode(node.type)
          ? node.type.members
          : undefined;
      for (const member of list ?? []) {
        if (member.name && (ts.isIdentifier(member.name) || ts.isStringLiteral(member.name))) {
          members.push(member.name.text);
        }
      }
    }
  });
  return [...new Set(members)];
}

/** Reads the official index with the compiler API: its exports and the members of `Options`/`Query`. */
export function readChecklistInput(): ChecklistInput {
  const fromFile = join(COMPAT_DIR, 'src', 'index.ts');
  const official = listModuleExports(OFFICIAL_SPECIFIER, fromFile);
  const options = compatCompilerOptions();
  const resolved = ts.resolveModuleName(OFFICIAL_SPECIFIER, fromFile, options, ts.sys).resolvedModule;
  if (!resolved) throw new Error(`cannot resolve ${OFFICIAL_SPECIFIER}`);
  const program = ts.createProgram({
    rootNames: [resolved.resolvedFileName],
    options: { ...options, noResolve: true },
  });
  const officialMembers = Object.fromEntries(
    MEMBER_CHECKED.map((name) => [name, declaredMembers(program, resolved.resolvedFileName, name)]),
  );
  return { official, officialMembers, allowList: ALLOW_LIST.filter((e) => e.subpath === undefined) };
}

/** The names an official entry exports as values at run time (its `export { ... }` clauses, not `export type`). */
function runtimeExportNames(file: string): string[] {
  const source = ts.createSourceFile(file, ts.sys.readFile(file) ?? '', ts.ScriptTarget.Latest, true);
  const names: string[] = [];
  source.forEachChild((node) => {
    if (
      ts.isExportDeclaration(node) &&
      !node.isTypeOnly &&
      node.exportClause &&
      ts.isNamedExports(node.exportClause)
    ) {
      for (const element of node.exportClause.elements)
        if (!element.isTypeOnly) names.push(element.name.text);
    } else if (
      ts.isFunctionDeclaration(node) &&
      node.name &&
      node.modifiers?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword)
    ) {
      names.push(node.name.text);
    }
  });
  return names.sort();
}

/** What one subpath's checklist is built from. */
export type SubpathChecklistInput = ChecklistInput & {
  subpath: Subpath;
  /** The names the official entry exports as values at run time. */
  officialValues: readonly string[];
};

/** Reads one official subpath entry with the compiler API: its exports and its run-time names. */
export function readSubpathInput(subpath: Subpath): SubpathChecklistInput {
  const fromFile = join(COMPAT_DIR, 'src', 'index.ts');
  const specifier = officialSpecifier(subpath);
  const official = listModuleExports(specifier, fromFile);
  const resolved = ts.resolveModuleName(specifier, fromFile, compatCompilerOptions(), ts.sys).resolvedModule;
  if (!resolved) throw new Error(`cannot resolve ${specifier}`);
  return {
    subpath,
    official,
    officialMembers: {},
    officialValues: runtimeExportNames(resolved.resolvedFileName),
    allowList: ALLOW_LIST.filter((e) => e.subpath === subpath),
  };
}
