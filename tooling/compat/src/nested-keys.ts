import { join } from 'node:path';
import ts from 'typescript';
import { COMPAT_DIR, compatCompilerOptions } from './compile.js';
import { listModuleExports } from './module-exports.js';
import { officialSpecifier, oursSpecifier, type Subpath } from './subpaths.js';

/**
 * How deep below an exported type the walk compares: `Options.sandbox.network.x` is depth 3, and
 * a parameter or a result is one level.
 */
export const NESTED_KEYS_MAX_DEPTH = 10;

/** Literal-typed keys that tell the members of an object union apart (messages, hook inputs, ...). */
const TAG_KEYS = ['type', 'subtype', 'hook_event_name', 'hookEventName', 'behavior', 'source'] as const;

/** The in-memory module the walk compiles: one alias per exported name, ours and the official. */
const PROBE_FILE = join(COMPAT_DIR, 'src', 'generated', '__nested-keys-probe.ts');

/**
 * Keys our types add, and official keys they lack, anywhere below an official export, which the
 * checklist's per-name check cannot see (an optional key keeps two types assignable both ways):
 * the inline object types of the official declarations (`Options.sandbox.network`, a message's
 * `usage`, one member of a union of objects, a callback's argument). Walks the official type and
 * ours side by side through properties, array elements and the members of object unions (paired
 * by their literal {@link TAG_KEYS}), the values of records, and the parameters and awaited
 * results of functions and methods, down to {@link NESTED_KEYS_MAX_DEPTH}; a record's own keys and
 * private class members are not compared. Returns, sorted, one line per object type with added
 * keys, `Path.to.type: +key, +key`, and one per object type missing official keys,
 * `Path.to.type: -key`; none when the keys are the same.
 *
 * `inMemory` serves source files from memory (a test's drift), as `typeCheck` does.
 */
export function nestedKeyDifferences(
  subpath?: Subpath,
  inMemory: ReadonlyMap<string, string> = new Map(),
): string[] {
  const names = listModuleExports(officialSpecifier(subpath), PROBE_FILE);
  const lines = [
    `import type * as T from '${officialSpecifier(subpath)}';`,
    `import type * as O from '${oursSpecifier(subpath)}';`,
  ];
  for (const exported of names) {
    const isValue = exported.valueKind !== undefined && !(exported.isType && exported.valueKind === 'class');
    const args = exported.requiredTypeParameters > 0 ? '<any>' : '';
    for (const ns of ['O', 'T']) {
      const type = isValue ? `typeof ${ns}.${exported.name}` : `${ns}.${exported.name}${args}`;
      lines.push(`export type ${ns}_${exported.name} = ${type};`);
    }
  }
  const files = new Map([...inMemory, [PROBE_FILE, lines.join('\n')]]);
  const options = compatCompilerOptions();
  const host = ts.createCompilerHost(options, true);
  const readFile = host.readFile.bind(host);
  const fileExists = host.fileExists.bind(host);
  host.readFile = (name) => files.get(name) ?? readFile(name);
  host.fileExists = (name) => files.has(name) || fileExists(name);
  const program = ts.createProgram({ rootNames: [PROBE_FILE], options, host });
  const walker = new NestedKeysWalker(program.getTypeChecker());
  const aliases = new Map<string, ts.Type>();
  for (const statement of program.getSourceFile(PROBE_FILE)?.statements ?? []) {
    if (ts.isTypeAliasDeclaration(statement)) {
      aliases.set(statement.name.text, program.getTypeChecker().getTypeAtLocation(statement.name));
    }
  }
  for (const { name } of names) {
    const [ours, theirs] = [aliases.get(`O_${name}`), aliases.get(`T_${name}`)];
    if (ours !== undefined && theirs !== undefined) walker.walk(name, ours, theirs, 0);
  }
  return [...new Set(walker.findings)].sort();
}

/** Whether a member is declared `private` (or `#private`), so no program outside its class can use it. */
function isPrivate(symbol: ts.Symbol): boolean {
  return (
    symbol.name.startsWith('#') ||
    (symbol.declarations ?? []).some(
      (declaration) => (ts.getCombinedModifierFlags(declaration) & ts.ModifierFlags.Private) !== 0,
    )
  );
}

/** The side-by-side walk of {@link nestedKeyDifferences}. */
class NestedKeysWalker {
  readonly findings: string[] = [];
  readonly #checker: ts.TypeChecker;
  readonly #visited = new Set<string>();

  constructor(checker: ts.TypeChecker) {
    this.#checker = checker;
  }

  walk(path: string, ours: ts.Type, theirs: ts.Type, depth: number): void {
    // Below an official `unknown` or `any` (a handler's `extra`) there are no official keys to compare.
    if (depth > NESTED_KEYS_MAX_DEPTH || (theirs.flags & (ts.TypeFlags.Unknown | ts.TypeFlags.Any)) !== 0)
      return;
    const checker = this.#checker;
    const pair = `${checker.typeToString(ours)}|${checker.typeToString(theirs)}`;
    if (this.#visited.has(pair)) return;
    this.#visited.add(pair);
    const [oursObjects, theirObjects] = [this.#objectMembers(ours), this.#objectMembers(theirs)];
    const isArray = (type: ts.Type) => checker.isArrayType(type);
    const [oursArray, theirArray] = [oursObjects.find(isArray), theirObjects.find(isArray)];
    if (oursArray !== undefined && theirArray !== undefined) {
      this.walk(`${path}[]`, this.#element(oursArray), this.#element(theirArray), depth + 1);
    }
    this.#compareSignatures(path, ours, theirs, depth);
    const oursPlain = oursObjects.filter((type) => !isArray(type));
    const theirPlain = theirObjects.filter((type) => !isArray(type));
    if (oursPlain.length === 1 && theirPlain.length === 1) {
      this.#compareObjects(path, oursPlain[0] as ts.Type, theirPlain[0] as ts.Type, depth);
      return;
    }
    for (const member of oursPlain) {
      const tag = this.#tagOf(member);
      const counterpart = tag === '' ? undefined : this.#closest(member, theirPlain, tag);
      if (counterpart !== undefined) this.walk(`${path}<${tag}>`, member, counterpart, depth + 1);
    }
  }

  /**
   * Of the official union members with this tag (a message kind may have several, as `user` has a
   * replay), the one ours adds the fewest keys to.
   */
  #closest(ours: ts.Type, theirs: readonly ts.Type[], tag: string): ts.Type | undefined {
    const oursKeys = this.#checker.getPropertiesOfType(ours).map((symbol) => symbol.name);
    let best: { type: ts.Type; added: number } | undefined;
    for (const type of theirs) {
      if (this.#tagOf(type) !== tag) continue;
      const theirKeys = new Set(this.#checker.getPropertiesOfType(type).map((symbol) => symbol.name));
      const added = oursKeys.filter((key) => !theirKeys.has(key)).length;
      if (best === undefined || added < best.added) best = { type, added };
    }
    return best?.type;
  }

  #compareObjects(path: string, ours: ts.Type, theirs: ts.Type, depth: number): void {
    const checker = this.#checker;
    const theirIndex = checker.getIndexInfosOfType(theirs);
    if (theirIndex.length > 0) {
      // A record's keys are anybody's: only what it holds is compared (`mcpServers[string]`).
      const oursIndex = checker.getIndexInfosOfType(ours);
      for (const info of theirIndex) {
        const counterpart = oursIndex.find((candidate) => candidate.keyType === info.keyType);
        const key = checker.typeToString(info.keyType);
        if (counterpart !== undefined) this.walk(`${path}[${key}]`, counterpart.type, info.type, depth + 1);
      }
      return;
    }
    const theirKeys = new Map(checker.getPropertiesOfType(theirs).map((symbol) => [symbol.name, symbol]));
    const oursKeys = new Map(checker.getPropertiesOfType(ours).map((symbol) => [symbol.name, symbol]));
    const added = [...oursKeys.keys()].filter(
      (key) => !theirKeys.has(key) && !key.startsWith('#') && !key.startsWith('__@'),
    );
    if (added.length > 0) this.findings.push(`${path}: ${added.map((key) => `+${key}`).join(', ')}`);
    // An official key ours lacks: a program that passes it does not compile against ours, yet an
    // optional one keeps both types assignable both ways. Private members are nobody's to use.
    const missing = [...theirKeys]
      .filter(([key, symbol]) => !oursKeys.has(key) && !key.startsWith('__@') && !isPrivate(symbol))
      .map(([key]) => key);
    if (missing.length > 0) this.findings.push(`${path}: ${missing.map((key) => `-${key}`).join(', ')}`);
    for (const [key, theirSymbol] of theirKeys) {
      const oursSymbol = oursKeys.get(key);
      if (oursSymbol === undefined) continue;
      const next = `${path}.${key}`;
      this.walk(next, checker.getTypeOfSymbol(oursSymbol), checker.getTypeOfSymbol(theirSymbol), depth + 1);
    }
  }

  /**
   * Walks the parameters and the result (awaited) of a function type on both sides, so a key
   * added to a callback's argument (`Options.canUseTool(2)`) or to what a method resolves to
   * (`Query.supportedCommands()`) is named. Signatures are paired by position (`#1` is the second
   * overload), parameters too (`(n)` is parameter `n`, `()` the result). The official declares no
   * constructor, so construct signatures are not walked.
   */
  #compareSignatures(path: string, ours: ts.Type, theirs: ts.Type, depth: number): void {
    const [oursSignatures, theirSignatures] = [this.#callSignatures(ours), this.#callSignatures(theirs)];
    for (let s = 0; s < Math.min(oursSignatures.length, theirSignatures.length); s++) {
      const overload = s === 0 ? path : `${path}#${s}`;
      this.#compareSignature(
        overload,
        oursSignatures[s] as ts.Signature,
        theirSignatures[s] as ts.Signature,
        depth,
      );
    }
  }

  #compareSignature(path: string, ours: ts.Signature, theirs: ts.Signature, depth: number): void {
    const checker = this.#checker;
    for (let n = 0; n < Math.min(ours.parameters.length, theirs.parameters.length); n++) {
      this.walk(
        `${path}(${n})`,
        checker.getTypeOfSymbol(ours.parameters[n] as ts.Symbol),
        checker.getTypeOfSymbol(theirs.parameters[n] as ts.Symbol),
        depth + 1,
      );
    }
    const result = (signature: ts.Signature) => {
      const type = checker.getReturnTypeOfSignature(signature);
      return checker.getAwaitedType(type) ?? type;
    };
    this.walk(`${path}()`, result(ours), result(theirs), depth + 1);
  }

  /** The call signatures of a function type, or of the one function member of a union with `null` or `undefined`. */
  #callSignatures(type: ts.Type): readonly ts.Signature[] {
    const checker = this.#checker;
    const defined = checker.getNonNullableType(type);
    const functions = (defined.isUnion() ? defined.types : [defined]).filter(
      (member) => checker.getSignaturesOfType(member, ts.SignatureKind.Call).length > 0,
    );
    return functions.length === 1
      ? checker.getSignaturesOfType(functions[0] as ts.Type, ts.SignatureKind.Call)
      : [];
  }

  /** The object (non-function) members of a type, intersections included, `null` and `undefined` left out. */
  #objectMembers(type: ts.Type): ts.Type[] {
    const checker = this.#checker;
    const defined = checker.getNonNullableType(type);
    return (defined.isUnion() ? defined.types : [defined]).filter(
      (member) =>
        (member.flags & (ts.TypeFlags.Object | ts.TypeFlags.Intersection)) !== 0 &&
        checker.getSignaturesOfType(member, ts.SignatureKind.Call).length === 0,
    );
  }

  #element(array: ts.Type): ts.Type {
    return this.#checker.getTypeArguments(array as ts.TypeReference)[0] ?? array;
  }

  /** The values of a union member's literal {@link TAG_KEYS}, joined (`system/init`); `''` when none. */
  #tagOf(type: ts.Type): string {
    const values: string[] = [];
    for (const key of TAG_KEYS) {
      const symbol = this.#checker.getPropertyOfType(type, key);
      const value = symbol === undefined ? undefined : this.#checker.getTypeOfSymbol(symbol);
      if (value?.isStringLiteral()) values.push(value.value);
    }
    return values.join('/');
  }
}
