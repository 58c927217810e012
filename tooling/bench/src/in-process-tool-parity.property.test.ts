// Properties, side by side with the official SDK 0.3.332 (its runtime called, never read), for tool
// input shapes generated from common zod types: ccsdk's in-process server lists each exactly as the
// official's (the raw `tools/list` input schema, key order included, which the CLI hands the model
// as listed), and answers each call with generated arguments exactly as the official's (a refusal
// in the same words, or the handler's echo of the same parsed arguments). For zod 4 and zod 3.
// Shapes come from a small grammar (strings and numbers with bounds, booleans, any, unknown, enums,
// literals, arrays, nested objects, optional, nullable, default, union, describe); a schema is
// sometimes used on two keys (zod 3 then lists a `$ref`), and the shape is sometimes passed whole
// as one `z.object()`.
import * as official from '@anthropic-ai/claude-agent-sdk';
import { createLinkedMcpTransportPair } from '@ccsdk/mcp-inproc';
import * as ours from '@ccsdk/sdk';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as z3 from 'zod/v3';

type Sdk = typeof ours;
/** Shapes tried per zod version. */
const RUNS = 120;

/** A zod schema as data, built with either zod version by {@link build}. */
type Recipe =
  | { kind: 'string'; min?: number; max?: number }
  | { kind: 'number'; int: boolean; min?: number; max?: number }
  | { kind: 'boolean' | 'any' | 'unknown' }
  | { kind: 'enum'; values: readonly string[] }
  | { kind: 'literal'; value: string | number | boolean }
  | { kind: 'array'; of: Recipe; min?: number; max?: number }
  | { kind: 'object'; shape: [string, Recipe][] }
  | { kind: 'optional' | 'nullable'; of: Recipe }
  | { kind: 'default'; of: Recipe & { kind: 'string' | 'number' | 'boolean' } }
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
      kind: fc.constant('default' as const),
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
const shapeRecipe = fc.record({
  keys: fc.uniqueArray(fc.tuple(key, recipe), { minLength: 0, maxLength: 4, selector: ([k]) => k }),
  reuse: fc.boolean(),
  // The shape wrapped in one z.object(), which the official takes at run time too.
  whole: fc.boolean(),
});

// biome-ignore lint/suspicious/noExplicitAny: zod 3 and zod 4 builders, driven the same way.
function build(zod: any, r: Recipe): any {
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
    case 'union':
      return zod.union([build(zod, r.of[0]), build(zod, r.of[1])]);
    case 'described':
      return build(zod, r.of).describe(r.text);
  }
}

/** The tool's input schema: a raw shape, or the shape in one `z.object()`. */
function shapeOf(
  // biome-ignore lint/suspicious/noExplicitAny: zod 3 and zod 4 builders, driven the same way.
  zod: any,
  recipeOfShape: { keys: [string, Recipe][]; reuse: boolean; whole: boolean },
): Record<string, unknown> {
  const shape = Object.fromEntries(recipeOfShape.keys.map(([k, v]) => [k, build(zod, v)]));
  const first = recipeOfShape.keys[0];
  if (recipeOfShape.reuse && first !== undefined) shape['again'] = shape[first[0]];
  return recipeOfShape.whole ? zod.object(shape) : shape;
}

/** The input schema `sdk`'s in-process server lists for a tool of `shape`, as raw JSON text. */
async function listedInputSchema(sdk: Sdk, shape: Record<string, unknown>): Promise<string> {
  const tool = sdk.tool('t', 'T', shape as never, async () => ({ content: [] }));
  const server = sdk.createSdkMcpServer({ name: 's', tools: [tool] });
  const [clientEnd, serverEnd] = createLinkedMcpTransportPair();
  const answers: Record<string, unknown>[] = [];
  clientEnd.onmessage = (message) => answers.push(message as Record<string, unknown>);
  await server.instance.connect(serverEnd as never);
  await clientEnd.start();
  const init = { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'p', version: '1' } };
  await clientEnd.send({ jsonrpc: '2.0', id: 1, method: 'initialize', params: init });
  await clientEnd.send({ jsonrpc: '2.0', id: 2, method: 'tools/list', params: {} });
  for (let waited = 0; !answers.some((a) => a['id'] === 2) && waited < 200; waited++) {
    await new Promise((resolve) => setTimeout(resolve, 1));
  }
  await server.instance.close();
  const listed = answers.find((a) => a['id'] === 2) as { result?: { tools?: { inputSchema?: unknown }[] } };
  return JSON.stringify(listed?.result?.tools?.[0]?.inputSchema ?? listed);
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
const argumentsFor = (keys: readonly string[]) =>
  fc.record(Object.fromEntries([...keys, 'again', 'extra'].map((k) => [k, argumentValue])), {
    requiredKeys: [],
  });

/** What `sdk`'s in-process server answers a call of the tool of `shape` with `args` (the handler echoes them). */
async function callAnswer(sdk: Sdk, shape: Record<string, unknown>, args: unknown): Promise<string> {
  const echo = async (given: unknown) => ({
    content: [{ type: 'text' as const, text: JSON.stringify(given) }],
  });
  const tool = sdk.tool('t', 'T', shape as never, echo as never);
  const server = sdk.createSdkMcpServer({ name: 's', tools: [tool] });
  const [clientEnd, serverEnd] = createLinkedMcpTransportPair();
  const answers: Record<string, unknown>[] = [];
  clientEnd.onmessage = (message) => answers.push(message as Record<string, unknown>);
  await server.instance.connect(serverEnd as never);
  await clientEnd.start();
  const init = { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'p', version: '1' } };
  await clientEnd.send({ jsonrpc: '2.0', id: 1, method: 'initialize', params: init });
  await clientEnd.send({
    jsonrpc: '2.0',
    id: 2,
    method: 'tools/call',
    params: { name: 't', arguments: args },
  });
  for (let waited = 0; !answers.some((a) => a['id'] === 2) && waited < 200; waited++) {
    await new Promise((resolve) => setTimeout(resolve, 1));
  }
  await server.instance.close();
  return JSON.stringify(answers.find((a) => a['id'] === 2));
}

describe("a tool's listed input schema, side by side with the official SDK, for generated shapes", () => {
  it.each([
    ['zod 4', z],
    ['zod 3', z3],
  ] as const)(
    '%s: the same JSON, key order included',
    async (_name, zod) => {
      await fc.assert(
        fc.asyncProperty(shapeRecipe, async (r) => {
          const shape = shapeOf(zod, r);
          const theirs = await listedInputSchema(official as unknown as Sdk, shape);
          const mine = await listedInputSchema(ours, shape);
          expect(theirs).toMatch(/^\{/);
          expect(mine).toBe(theirs);
        }),
        { numRuns: RUNS },
      );
    },
    60_000,
  );
});

describe('a call with generated arguments, side by side with the official SDK, for generated shapes', () => {
  it.each([
    ['zod 4', z],
    ['zod 3', z3],
  ] as const)(
    '%s: the same answer, refused or run (the handler echoes what it got)',
    async (_name, zod) => {
      const shapeAndArguments = shapeRecipe.chain((r) =>
        argumentsFor(r.keys.map(([k]) => k)).map((args) => ({ r, args })),
      );
      await fc.assert(
        fc.asyncProperty(shapeAndArguments, async ({ r, args }) => {
          const shape = shapeOf(zod, r);
          const theirs = await callAnswer(official as unknown as Sdk, shape, args);
          const mine = await callAnswer(ours, shape, args);
          expect(theirs).toMatch(/"result"/);
          expect(mine).toBe(theirs);
        }),
        { numRuns: RUNS },
      );
    },
    60_000,
  );
});
