import { join } from 'node:path';
import ts from 'typescript';
import { ALLOW_LIST } from './allow-list.js';
import { type ChecklistInput, MEMBER_CHECKED } from './checklist.js';
import { COMPAT_DIR, compatCompilerOptions } from './compile.js';
import { listModuleExports } from './module-exports.js';

/** The official package, as installed for this package (types only). */
export const OFFICIAL_SPECIFIER = '@anthropic-ai/claude-agent-sdk';

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
  return { official, officialMembers, allowList: ALLOW_LIST };
}
