import ts from 'typescript';

/** The keys of one declared object type, which of them are required, and the shapes beneath them. */
export type DeclaredShape = {
  keys: ReadonlySet<string>;
  required: ReadonlySet<string>;
  /** Each key's value type, without `undefined` and `null`. */
  children: ReadonlyMap<string, ts.Type>;
};

/** Reads the exported types of one module with the TypeScript compiler, to compare them with JSON Schemas. */
export class DeclaredTypes {
  private readonly checker: ts.TypeChecker;
  private readonly exports: Map<string, ts.Symbol>;

  constructor(file: string) {
    const program = ts.createProgram({
      rootNames: [file],
      options: {
        strict: true,
        noEmit: true,
        target: ts.ScriptTarget.ES2022,
        module: ts.ModuleKind.ESNext,
        moduleResolution: ts.ModuleResolutionKind.Bundler,
      },
    });
    this.checker = program.getTypeChecker();
    const source = program.getSourceFile(file);
    const moduleSymbol = source && this.checker.getSymbolAtLocation(source);
    if (!moduleSymbol) throw new Error(`${file} is not a module`);
    this.exports = new Map(this.checker.getExportsOfModule(moduleSymbol).map((s) => [s.name, s]));
  }

  /** The type the module exports as `name`. */
  exported(name: string): ts.Type {
    const symbol = this.exports.get(name);
    if (!symbol) throw new Error(`no export named ${name}`);
    const target = symbol.flags & ts.SymbolFlags.Alias ? this.checker.getAliasedSymbol(symbol) : symbol;
    return this.checker.getDeclaredTypeOfSymbol(target);
  }

  /** The object shape of `type`. */
  shape(type: ts.Type): DeclaredShape {
    const properties = this.checker.getPropertiesOfType(type);
    const children = new Map<string, ts.Type>();
    for (const property of properties) {
      children.set(property.name, this.checker.getNonNullableType(this.checker.getTypeOfSymbol(property)));
    }
    return {
      keys: new Set(properties.map((p) => p.name)),
      required: new Set(
        properties.filter((p) => (p.flags & ts.SymbolFlags.Optional) === 0).map((p) => p.name),
      ),
      children,
    };
  }

  /** The element type of an array or tuple type (of the first member of a union of them), if any. */
  elementOf(type: ts.Type): ts.Type | undefined {
    const first = type.isUnion() ? type.types[0] : type;
    if (first === undefined) return undefined;
    if (!this.checker.isArrayType(first) && !this.checker.isTupleType(first)) return undefined;
    const [element] = this.checker.getTypeArguments(first as ts.TypeReference);
    return element;
  }
}
