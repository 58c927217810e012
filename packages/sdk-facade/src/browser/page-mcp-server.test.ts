import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { SdkMcpRouter, TOOL_NAME_PATTERN, UNLISTABLE_TOOL_WARNING_CODE } from '@ccsdk/mcp-inproc';
import { normalizeObjectSchema } from '@modelcontextprotocol/sdk/server/zod-compat.js';
import { toJsonSchemaCompat } from '@modelcontextprotocol/sdk/server/zod-json-schema-compat.js';
import { describe, expect, it } from 'vitest';
import { createSdkMcpServer, PageMcpServer } from './page-mcp-server.js';
import { PAGE_TOOL_NAME_PATTERN, tool } from './page-tool.js';

// The real zod of the workspace (a dependency of @ccsdk/mcp-inproc): both of its APIs, 3 and 4.
const fromMcpInproc = createRequire(createRequire(import.meta.url).resolve('@ccsdk/mcp-inproc/package.json'));
const load = async (specifier: string) =>
  (await import(pathToFileURL(fromMcpInproc.resolve(specifier)).href)) as {
    z: Record<string, (...a: unknown[]) => never>;
  };
// biome-ignore lint/suspicious/noExplicitAny: zod's builders, loaded at run time
const z4: any = (await load('zod/v4')).z;
// biome-ignore lint/suspicious/noExplicitAny: zod's builders, loaded at run time
const z3: any = (await load('zod/v3')).z;

async function serve(config: ReturnType<typeof createSdkMcpServer>) {
  const router = new SdkMcpRouter({ page: config });
  let id = 0;
  const call = async (method: string, params: Record<string, unknown> = {}) =>
    (await router.handle('page', { jsonrpc: '2.0', id: ++id, method, params })) as {
      result?: Record<string, unknown>;
      error?: { code: number; message: string };
    };
  await call('initialize', {
    protocolVersion: '2025-06-18',
    capabilities: {},
    clientInfo: { name: 't', version: '1' },
  });
  await router.handle('page', { jsonrpc: '2.0', method: 'notifications/initialized' });
  return { router, call };
}

describe.each([
  ['zod 4', z4],
  ['zod 3', z3],
])('a page MCP server with %s shapes', (_name, z) => {
  const shape = {
    a: z.number().describe('first'),
    n: z.number().int(),
    s: z.string().optional(),
    mode: z.enum(['fast', 'slow']).default('fast'),
    lit: z.literal('x').nullable(),
    list: z.array(z.boolean()),
    nested: z.object({ deep: z.string() }),
    either: z.union([z.string(), z.number()]),
    bounded: z.string().min(2).max(5),
  };
  const add = tool('add', 'Add numbers', shape, async (args) => ({
    content: [{ type: 'text', text: JSON.stringify(args) }],
  }));
  /** What the official SDK lists for `shape`: the MCP library's conversion of it. */
  const officialListing = () =>
    toJsonSchemaCompat(normalizeObjectSchema(shape as never) as never, {
      strictUnions: true,
      pipeStrategy: 'input',
    });

  it('answers initialize and lists the tool with JSON Schema read from the zod definitions', async () => {
    const { call } = await serve(createSdkMcpServer({ name: 'page', version: '2.0.0', tools: [add] }));
    const init = await call('initialize', { protocolVersion: '2025-03-26' });
    expect(init.result).toMatchObject({
      protocolVersion: '2025-03-26',
      serverInfo: { name: 'page', version: '2.0.0' },
    });
    expect((await call('ping')).result).toEqual({});
    const listed = (await call('tools/list')).result?.['tools'] as Record<string, unknown>[];
    expect(listed).toHaveLength(1);
    // Byte for byte, key order included: the CLI hands it to the model as listed.
    expect(JSON.stringify(listed[0]?.['inputSchema'])).toBe(JSON.stringify(officialListing()));
    expect(Object.keys(listed[0] ?? {})).toEqual(['name', 'description', 'inputSchema', 'execution']);
  });

  it('validates with the schema objects themselves, applies defaults and answers bad input with isError', async () => {
    const { call } = await serve(createSdkMcpServer({ name: 'page', tools: [add] }));
    const good = {
      a: 1,
      n: 2,
      lit: null,
      list: [true],
      nested: { deep: 'd' },
      either: 3,
      bounded: 'abc',
      extra: 'dropped',
    };
    const ok = await call('tools/call', { name: 'add', arguments: good });
    expect(ok.result?.['isError']).toBeUndefined();
    const args = JSON.parse((ok.result!['content'] as { text: string }[])[0]!.text);
    expect(args).toEqual({
      a: 1,
      n: 2,
      mode: 'fast',
      lit: null,
      list: [true],
      nested: { deep: 'd' },
      either: 3,
      bounded: 'abc',
    });
    const bad = await call('tools/call', {
      name: 'add',
      arguments: { ...good, a: 'one', nested: { deep: 5 } },
    });
    expect(bad.result?.['isError']).toBe(true);
    const text = (bad.result!['content'] as { text: string }[])[0]!.text;
    // The MCP library's words, with zod's issues as parsing the whole object gives them.
    const issues = z.object(shape).safeParse({ ...good, a: 'one', nested: { deep: 5 } }).error.issues;
    expect(text).toBe(
      `MCP error -32602: Input validation error: Invalid arguments for tool add: ${JSON.stringify(issues, null, 2)}`,
    );
  });
});

describe('a page MCP server', () => {
  it('turns a throwing handler and a timeout into isError results, and refuses a value that is not a result', async () => {
    const shape = { x: z4.number() };
    const tools = [
      tool('boom', 'throws', shape, async () => {
        throw new Error('it broke');
      }),
      tool('bad', 'bad result', shape, async () => 'nope' as never),
      tool('slow', 'never ends', shape, () => new Promise<never>(() => {}), { timeoutMs: 20 }),
      tool('whole', 'object schema', z4.object({ q: z4.string() }), async ({ q }) => ({
        content: [{ type: 'text', text: q }],
      })),
    ];
    const { call } = await serve(createSdkMcpServer({ name: 'page', tools }));
    const text = async (name: string, args: unknown) => {
      const reply = await call('tools/call', { name, arguments: args });
      return {
        isError: reply.result?.['isError'],
        text: ((reply.result?.['content'] ?? []) as { text: string }[])[0]?.text,
      };
    };
    expect(await text('boom', { x: 1 })).toEqual({ isError: true, text: 'it broke' });
    // Not a result at all: refused in the MCP library's words, as the official's page server does.
    expect((await call('tools/call', { name: 'bad', arguments: { x: 1 } })).error).toEqual({
      code: -32602,
      message: expect.stringMatching(
        /^MCP error -32602: Invalid tools\/call result: \[\n {2}\{\n {4}"expected": "object",[\s\S]*received string"/,
      ),
    });
    expect(await text('slow', { x: 1 })).toEqual({
      isError: true,
      text: 'Tool "slow" timed out after 20 ms.',
    });
    expect(await text('whole', { q: 'hi' })).toEqual({ isError: undefined, text: 'hi' });
    expect(await text('missing', {})).toEqual({
      isError: true,
      text: 'MCP error -32602: Tool missing not found',
    });
    expect((await call('resources/list')).error?.code).toBe(-32601);
  });

  it('disables a tool whose schema zod cannot describe as JSON, as the official does, and warns', async () => {
    const done = async () => ({ content: [] });
    const warnings: Error[] = [];
    const onWarning = (warning: Error) => warnings.push(warning);
    process.on('warning', onWarning);
    const odd = createSdkMcpServer({
      name: 'odd',
      tools: [tool('when', 'd', { at: z4.date() }, done), tool('fine', 'f', { n: z4.number() }, done)],
    });
    await new Promise((resolve) => setImmediate(resolve));
    process.off('warning', onWarning);
    expect(warnings.map((warning) => [(warning as { code?: string }).code, warning.message])).toEqual([
      [UNLISTABLE_TOOL_WARNING_CODE, expect.stringMatching(/"when" of SDK MCP server "odd".*Date cannot/)],
    ]);
    const served = await serve(odd);
    const listed = (await served.call('tools/list')).result?.['tools'] as { name: string }[];
    expect(listed.map((entry) => entry.name)).toEqual(['fine']);
    expect(await served.call('tools/call', { name: 'when', arguments: { at: 'x' } })).toMatchObject({
      result: { content: [{ type: 'text', text: 'MCP error -32602: Tool when disabled' }], isError: true },
    });
  });

  it('is what the hub connects to, and closes', async () => {
    const config = createSdkMcpServer({ name: 'page', tools: [] });
    expect(config).toMatchObject({ type: 'sdk', name: 'page' });
    expect(config.instance).toBeInstanceOf(PageMcpServer);
    const { router } = await serve(config);
    await router.close();
    await expect(config.instance.close()).resolves.toBeUndefined();
  });

  it('refuses what a page server cannot serve, names that are not strings and duplicates', async () => {
    expect(PAGE_TOOL_NAME_PATTERN.source).toBe(TOOL_NAME_PATTERN.source);
    expect(() => tool(7 as never, 'd', {}, async () => ({ content: [] }))).toThrow(/must be a string/);
    // Any string is a name, as with the official SDK: the CLI rewrites what the model API refuses.
    const spaced = tool('get weather', 'd', {}, async () => ({ content: [] }));
    const served = await serve(createSdkMcpServer({ name: 'my page', tools: [spaced] }));
    const listed = (await served.call('tools/list')).result?.['tools'] as { name: string }[];
    expect(listed.map((entry) => entry.name)).toEqual(['get weather']);
    const t = tool('t', 'd', {}, async () => ({ content: [] }));
    expect(() => createSdkMcpServer({ name: 'p', tools: [t, t] })).toThrow(/duplicate tool name/);
    expect(() => createSdkMcpServer({ name: 'p', prompts: [{ name: 'x' } as never] })).toThrow(
      expect.objectContaining({ code: 'NOT_SUPPORTED_IN_BROWSER' }),
    );
  });
});
