// Generated zod tool input shapes for the side-by-side property tests (in-process-tool-parity,
// browser-tool-parity): recipes from a small grammar, built with zod 3 or zod 4 alike, and the
// arguments a model might send for them.
import fc from 'fast-check';

/** The seed the gate runs the side-by-side properties with: the same cases on every run. */
const GATE_SEED = 20_261_207;

/**
 * The seed of the side-by-side property tests: {@link GATE_SEED}, so the gate checks the same cases
 * each run; `PROPERTY_SEED=<n>` replays a run, `PROPERTY_SEED=random` explores new cases.
 */
export function propertySeed(env: string | undefined = process.env['PROPERTY_SEED']): number {
  if (env === 'random') return Date.now() ^ Math.floor(Math.random() * 0x7fffffff);
  const given = Number(env);
  return env !== undefined && env !== '' && Number.isSafeInteger(given) ? given : GATE_SEED;
}

/** A zod schema as data, built with either zod version by {@link build}. */
export type Recipe =
  | { kind: 'string'; min?: number; max?: number }
  | { kind: 'number'; int: boolean; min?: number; max?: number }
  | { kind: 'boolean' | 'any' | 'unknown' }
  | { kind: 'enum'; values: readonly string[] }
  | { kind: 'literal'; value: string | number | boolean }
  | { kind: 'array'; of: Recipe; min?: number; max?: number }
  | { kind: 'object'; shape: [string, Recipe][] }
  | { kind: 'optional' | 'nullable'; of: Recipe }
  | { kind: 'default' | 'catch'; of: Recipe & { kind: 'string' | 'number' | 'boolean' } }
  | { kind: 'union'; of: [Recipe, Recipe] }
  | { kind: 'described'; of: Recipe; text: string };

const small = fc.integer({ min: 0, max: 5 });
const key = fc.constantFrom('a', 'b', 'name', 'count', 'items', 'when', 'x_1');
const leaf: fc.Arbitrary<Recipe> = fc.oneof(
  fc.record({ kind: fc.constant('string' as const), min: fc.option(small, { nil: undefined }) }),
  fc.record({
    kind: fc.constant('number' as const),
    int: fc.boolean(),
    max: fc.option(fc.integer({ min: 6, max: 100 }), { nil: undefined }),
  }),
  fc.constantFrom({ kind: 'boolean' as const }, { kind: 'any' as const }, { kind: 'unknown' as const }),
  fc.constant({ kind: 'enum' as const, values: ['red', 'green'] }),
  fc.record({ kind: fc.constant('literal' as const), value: fc.constantFrom('on', 7, true) }),
);
const recipe: fc.Arbitrary<Recipe> = fc.letrec<{ node: Recipe }>((tie) => ({
  node: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    leaf,
    fc.record({
      kind: fc.constant('array' as const),
      of: tie('node'),
      max: fc.option(small, { nil: undefined }),
    }),
    fc.record({
      kind: fc.constant('object' as const),
      shape: fc.uniqueArray(fc.tuple(key, tie('node')), { minLength: 1, maxLength: 3, selector: ([k]) => k }),
    }),
    fc.record({ kind: fc.constantFrom('optional' as const, 'nullable' as const), of: tie('node') }),
    fc.record({
      kind: fc.constantFrom('default' as const, 'catch' as const),
      of: fc.constantFrom({ kind: 'string' as const }, { kind: 'boolean' as const }),
    }),
    fc.record({ kind: fc.constant('union' as const), of: fc.tuple(tie('node'), tie('node')) }),
    fc.record({
      kind: fc.constant('described' as const),
      of: tie('node'),
      text: fc.constantFrom('what it is', 'ünïcode'),
    }),
  ),
})).node;

/** A shape: its keys' recipes, and whether its first schema is also used on one more key. */
export const shapeRecipe = fc.record({
  keys: fc.uniqueArray(fc.tuple(key, recipe), { minLength: 0, maxLength: 4, selector: ([k]) => k }),
  reuse: fc.boolean(),
  // The shape wrapped in one z.object(), which the official takes at run time too.
  whole: fc.boolean(),
});

// biome-ignore lint/suspicious/noExplicitAny: zod 3 and zod 4 builders, driven the same way.
export function build(zod: any, r: Recipe): any {
  switch (r.kind) {
    case 'string': {
      let s = zod.string();
      if (r.min !== undefined) s = s.min(r.min);
      return r.max === undefined ? s : s.max(r.max);
    }
    case 'number': {
      let n = zod.number();
      if (r.int) n = n.int();
      if (r.min !== undefined) n = n.min(r.min);
      return r.max === undefined ? n : n.max(r.max);
    }
    case 'boolean':
      return zod.boolean();
    case 'any':
      return zod.any();
    case 'unknown':
      return zod.unknown();
    case 'enum':
      return zod.enum(r.values);
    case 'literal':
      return zod.literal(r.value);
    case 'array': {
      const a = zod.array(build(zod, r.of));
      return r.max === undefined ? a : a.max(r.max);
    }
    case 'object':
      return zod.object(Object.fromEntries(r.shape.map(([k, v]) => [k, build(zod, v)])));
    case 'optional':
      return build(zod, r.of).optional();
    case 'nullable':
      return build(zod, r.of).nullable();
    case 'default':
      return build(zod, r.of).default(r.of.kind === 'string' ? 'preset' : true);
    case 'catch':
      return build(zod, r.of).catch(r.of.kind === 'string' ? 'fallback' : false);
    case 'union':
      return zod.union([build(zod, r.of[0]), build(zod, r.of[1])]);
    case 'described':
      return build(zod, r.of).describe(r.text);
  }
}

/** The tool's input schema: a raw shape, or the shape in one `z.object()`. */
export function shapeOf(
  // biome-ignore lint/suspicious/noExplicitAny: zod 3 and zod 4 builders, driven the same way.
  zod: any,
  recipeOfShape: { keys: [string, Recipe][]; reuse: boolean; whole: boolean },
): Record<string, unknown> {
  const shape = Object.fromEntries(recipeOfShape.keys.map(([k, v]) => [k, build(zod, v)]));
  const first = recipeOfShape.keys[0];
  if (recipeOfShape.reuse && first !== undefined) shape['again'] = shape[first[0]];
  return recipeOfShape.whole ? zod.object(shape) : shape;
}

/** Values a model might send for a key: right, wrong or missing. */
const argumentValue = fc.oneof(
  fc.constantFrom(
    'on',
    'red',
    '',
    'preset',
    7,
    0,
    -1,
    2.5,
    true,
    false,
    null,
    [],
    ['red'],
    [1, 2],
    {},
    { a: 'x' },
  ),
  fc.string({ maxLength: 4 }),
  fc.integer({ min: -3, max: 200 }),
);
/** Arguments for a shape's keys (and one key it does not have), each sometimes left out. */
export const argumentsFor = (keys: readonly string[]) =>
  fc.record(Object.fromEntries([...keys, 'again', 'extra'].map((k) => [k, argumentValue])), {
    requiredKeys: [],
  });
