/** One subpath of a package's `exports` map, as a user imports it. */
export interface EntryPoint {
  /** The package. */
  readonly packageName: string;
  /** The `exports` key: `.`, `./core`, `./sdk-tools.js`. */
  readonly subpath: string;
  /** What a user writes: `@ccsdk/sdk`, `@ccsdk/sdk/core`. */
  readonly specifier: string;
  /** It has a condition Node loads (`import`, `node` or `default`): it must import under Node. */
  readonly runtime: boolean;
  /** It has a `types` condition: it must typecheck. */
  readonly types: boolean;
  /** The file of the `@ccsdk/source` condition, relative to the package (`./src/index.ts`), if any. */
  readonly source: string | undefined;
}

/** Conditions under which Node itself loads an ES module entry. */
const RUNTIME_CONDITIONS = new Set(['import', 'node', 'default']);
/** The condition this workspace uses for its TypeScript sources. */
export const SOURCE_CONDITION = '@ccsdk/source';

/** Every condition name of a conditions object, nested ones included, each with its target if it is a string. */
function conditionsOf(value: unknown, into = new Map<string, string | undefined>()) {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return into;
  for (const [condition, target] of Object.entries(value)) {
    if (!into.has(condition)) into.set(condition, typeof target === 'string' ? target : undefined);
    conditionsOf(target, into);
  }
  return into;
}

/**
 * The entry points of an `exports` map, `./package.json` (and any other JSON subpath) left out.
 * A string value (`"./x": "./dist/x.js"`) is a runtime entry; a declaration file as the string
 * value is a types entry. Without an `exports` map a package has no entry point here (a bin-only
 * package such as the command line).
 */
export function entryPointsOf(packageName: string, exportsField: unknown): EntryPoint[] {
  if (exportsField === undefined) return [];
  const map: Record<string, unknown> =
    typeof exportsField === 'string' ||
    (typeof exportsField === 'object' &&
      exportsField !== null &&
      !Object.keys(exportsField).some((key) => key.startsWith('.')))
      ? { '.': exportsField }
      : (exportsField as Record<string, unknown>);
  return Object.entries(map)
    .filter(([subpath]) => !subpath.endsWith('.json'))
    .map(([subpath, value]) => {
      const specifier = subpath === '.' ? packageName : `${packageName}/${subpath.slice(2)}`;
      if (typeof value === 'string') {
        const declaration = /\.d\.[cm]?ts$/.test(value);
        return {
          packageName,
          subpath,
          specifier,
          runtime: !declaration,
          types: declaration,
          source: undefined,
        };
      }
      const conditions = conditionsOf(value);
      return {
        packageName,
        subpath,
        specifier,
        runtime: [...conditions.keys()].some((condition) => RUNTIME_CONDITIONS.has(condition)),
        types: conditions.has('types'),
        source: conditions.get(SOURCE_CONDITION),
      };
    });
}
