/**
 * Type tests: checked by `tsc -p tsconfig.json` (this file is under `src`), never run. Each
 * `@ts-expect-error` fails the type check if the line below it stops being an error.
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { StandardSchemaV1 } from '@standard-schema/spec';
import { expectTypeOf } from 'vitest';
import { z } from 'zod';
import { z as z3 } from 'zod/v3';
import {
  createSdkMcpServer,
  type InferShape,
  type McpSdkServerConfigWithInstance,
  prompt,
  SdkMcpRouter,
  type SdkMcpToolDefinition,
  tool,
} from './index.js';

const text = (value: string) => ({ content: [{ type: 'text' as const, text: value }] });

// Handler arguments are inferred from a zod 4 raw shape: optional keys are optional, defaulted keys
// are always present (the default fills them in before the handler runs).
const add = tool(
  'add',
  'Add',
  { a: z.number(), b: z.number().optional(), unit: z.enum(['m', 'km']).default('m') },
  async (args) => {
    expectTypeOf(args).toEqualTypeOf<{ a: number; b?: number | undefined; unit: 'm' | 'km' }>();
    return text(String(args.a + (args.b ?? 0)));
  },
);
expectTypeOf(add).toExtend<SdkMcpToolDefinition>();

// A wrong argument type is rejected at compile time.
tool('typed', 'Typed', { count: z.number() }, async ({ count }) => {
  // @ts-expect-error count is a number, not a string
  const wrong: string = count;
  return text(wrong);
});

// @ts-expect-error the handler must return a CallToolResult, not a string
tool('returns', 'Bad return', { q: z.string() }, async ({ q }) => q);

// @ts-expect-error the destructured name does not exist in the schema
tool('missing', 'Missing key', { q: z.string() }, async ({ nope }) => text(String(nope)));

// zod 3 schemas infer the same way.
tool('v3', 'zod 3', { q: z3.string(), n: z3.number().optional() }, async (args) => {
  expectTypeOf(args).toEqualTypeOf<{ q: string; n?: number | undefined }>();
  return text(args.q);
});

// One object schema (any Standard Schema) gives its output type.
tool('whole', 'Whole schema', z.object({ id: z.string(), tags: z.array(z.string()) }), async (args) => {
  expectTypeOf(args).toEqualTypeOf<{ id: string; tags: string[] }>();
  return text(args.id);
});

// A hand-written Standard Schema infers its output type.
declare const handmade: StandardSchemaV1<unknown, { lat: number; lon: number }>;
tool('geo', 'Geo', { where: handmade }, async ({ where }) => {
  expectTypeOf(where).toEqualTypeOf<{ lat: number; lon: number }>();
  return text(String(where.lat));
});

expectTypeOf<InferShape<{ s: typeof handmade; o: z.ZodOptional<z.ZodString> }>>().toEqualTypeOf<{
  s: { lat: number; lon: number };
  o?: string | undefined;
}>();

// The handler receives the MCP context with an AbortSignal.
tool('ctx', 'Context', {}, async (_args, extra) => {
  expectTypeOf(extra.signal).toEqualTypeOf<AbortSignal>();
  return text('ok');
});

// Typed tools go into one server; the config is what the router and the facade take.
const calc = createSdkMcpServer({
  name: 'calc',
  tools: [add, tool('t', 'T', { s: z.string() }, async () => text(''))],
});
expectTypeOf(calc).toEqualTypeOf<McpSdkServerConfigWithInstance>();
expectTypeOf(calc.type).toEqualTypeOf<'sdk'>();
// The instance is the MCP SDK's McpServer: register more on it with the SDK's own API.
expectTypeOf(calc.instance).toEqualTypeOf<McpServer>();
calc.instance.registerTool('more', { inputSchema: { n: z.number() } }, ({ n }) => text(String(n)));
// A hand-built McpServer is a config as well, and the official optional fields fit.
const handBuilt: McpSdkServerConfigWithInstance = {
  type: 'sdk',
  name: 'hand',
  timeout: 5000,
  tools: [{ name: 'more', permission_policy: 'always_ask' }],
  instance: new McpServer({ name: 'hand', version: '1.0.0' }),
};
// @ts-expect-error the instance must be an McpServer, not any object
const notAServer: McpSdkServerConfigWithInstance = { type: 'sdk', name: 'x', instance: {} };
void notAServer;
const router = new SdkMcpRouter({ calc, handBuilt }, { toolTimeoutMs: 1000 });
expectTypeOf(router.handle('calc', {})).toEqualTypeOf<Promise<unknown>>();

// Prompt arguments are inferred too.
prompt('p', 'P', { topic: z.string() }, ({ topic }) => {
  expectTypeOf(topic).toEqualTypeOf<string>();
  return { messages: [] };
});

// @ts-expect-error a tool schema value must be a schema
tool('bad', 'Bad', { a: 'number' }, async () => text(''));
