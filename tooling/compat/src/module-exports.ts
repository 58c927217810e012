import ts from 'typescript';
import { compatCompilerOptions } from './compile.js';

/** One name a module exports, and what it is: a type, a value, or both (a class). */
export type ExportedName = {
  name: string;
  isType: boolean;
  /** `function`, `class` or `const` when the name is a value. */
  valueKind?: 'function' | 'class' | 'const';
  /** Type parameters without a default (the checklist must supply arguments for these). */
  requiredTypeParameters: number;
};

function describeSymbol(checker: ts.TypeChecker, exported: ts.Symbol): ExportedName {
  const symbol = exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported;
  const flags = symbol.flags;
  const isType = (flags & (ts.SymbolFlags.TypeAlias | ts.SymbolFlags.Interface | ts.SymbolFlags.Class)) !== 0;
  let valueKind: ExportedName['valueKind'];
  if (flags & ts.SymbolFlags.Class) valueKind = 'class';
  else if (flags & ts.SymbolFlags.Function) valueKind = 'function';
  else if (flags & ts.SymbolFlags.Variable) valueKind = 'const';
  let requiredTypeParameters = 0;
  for (const declaration of symbol.declarations ?? []) {
    if (ts.isTypeAliasDeclaration(declaration) || ts.isInterfaceDeclaration(declaration)) {
      requiredTypeParameters = (declaration.typeParameters ?? []).filter(
        (p) => p.default === undefined,
      ).length;
    }
  }
  return { name: exported.name, isType, ...(valueKind ? { valueKind } : {}), requiredTypeParameters };
}

/**
 * Every name the module `specifier` exports, resolved from `fromFile` as the compiler would,
 * sorted by name. Uses the TypeScript compiler API on the module's declarations (or sources).
 */
export function listModuleExports(specifier: string, fromFile: string): ExportedName[] {
  const options = compatCompilerOptions();
  const resolved = ts.resolveModuleName(specifier, fromFile, options, ts.sys).resolvedModule;
  if (!resolved) throw new Error(`cannot resolve ${specifier} from ${fromFile}`);
  const program = ts.createProgram({ rootNames: [resolved.resolvedFileName], options });
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(resolved.resolvedFileName);
  const moduleSymbol = source && checker.getSymbolAtLocation(source);
  if (!moduleSymbol) throw new Error(`${resolved.resolvedFileName} is not a module`);
  return checker
    .getExportsOfModule(moduleSymbol)
    .map((symbol) => describeSymbol(checker, symbol))
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}
