import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { ListToolsResultSchema } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as z3 from 'zod/v3';
import {
  createSdkMcpServer,
  isSdkMcpServerConfig,
  prompt,
  tool,
  UNLISTABLE_TOOL_WARNING_CODE,
} from './index.js';

const ok = async () => ({ content: [{ type: 'text' as const, text: 'ok' }] });

describe('tool', () => {
  it('should return a plain definition carrying the extras as MCP fields', () => {
    const echo = tool('echo', 'Echo text', { text: z.string() }, ok, {
      title: 'Echo',
      annotations: { readOnlyHint: true, destructiveHint: false },
      alwaysLoad: true,
      maxResultSizeChars: 5000,
      timeoutMs: 1000,
      _meta: { custom: 1 },
    });
    expect(echo).toMatchObject({
      name: 'echo',
      description: 'Echo text',
      title: 'Echo',
      annotations: { readOnlyHint: true, destructiveHint: false },
      timeoutMs: 1000,
      _meta: { custom: 1, 'anthropic/alwaysLoad': true, 'anthropic/maxResultSizeChars': 5000 },
    });
  });

  it('should build the official definition: its keys in its order, searchHint and alwaysLoad in _meta', () => {
    const officialKeys = ['name', 'description', 'inputSchema', 'handler', 'annotations', '_meta'];
    const hinted = tool('find', 'Find', { q: z.string() }, ok, {
      searchHint: 'look things up',
      alwaysLoad: true,
    });
    expect(Object.keys(hinted)).toEqual(officialKeys);
    expect(hinted._meta).toEqual({ 'anthropic/searchHint': 'look things up', 'anthropic/alwaysLoad': true });
    expect(Object.keys(hinted._meta ?? {})).toEqual(['anthropic/searchHint', 'anthropic/alwaysLoad']);
    // Unset, both keys are still there, undefined, as in the official definition.
    const bare = tool('bare', 'Bare', {}, ok, { alwaysLoad: false });
    expect(Object.keys(bare)).toEqual(officialKeys);
    expect([bare.annotations, bare._meta]).toEqual([undefined, undefined]);
  });

  it('should throw a TypeError quoting each bad value', () => {
    expect(() => tool('x', 'd', {}, ok, { searchHint: 7 as never })).toThrow(
      /searchHint must be a string, got 7/,
    );
    expect(() => tool(7 as never, 'd', {}, ok)).toThrow(/tool name must be a string, got 7/);
    expect(() => tool('x', 3 as never, {}, ok)).toThrow(/description must be a string, got 3/);
    expect(() => tool('x', 'd', {}, 'nope' as never)).toThrow(/handler must be a function, got "nope"/);
    expect(() => tool('x', 'd', { a: 5 } as never, ok)).toThrow(/property "a".* got 5/);
    expect(() => tool('x', 'd', {}, ok, { timeoutMs: -1 })).toThrow(/timeoutMs .* got -1/);
    expect(() => tool('x', 'd', {}, ok, { timeoutMs: Number.NaN })).toThrow(TypeError);
    expect(() => tool('x', 'd', {}, ok, { maxResultSizeChars: 1.5 })).toThrow(
      /maxResultSizeChars .* got 1.5/,
    );
    expect(() => tool('x', 'd', {}, ok, { annotations: 'ro' as never })).toThrow(
      /annotations must be an object, got "ro"/,
    );
    expect(() => tool('x', 'd', {}, ok, { _meta: 'm' as never })).toThrow(/_meta must be an object/);
    expect(() => tool('x', 'd', {}, ok, { outputSchema: z.number() })).toThrow(
      /outputSchema must describe an object/,
    );
  });

  it('should accept Infinity as no timeout', () => {
    expect(tool('x', 'd', {}, ok, { timeoutMs: Number.POSITIVE_INFINITY }).timeoutMs).toBe(
      Number.POSITIVE_INFINITY,
    );
  });
});

describe('createSdkMcpServer', () => {
  it("should return the sdk config with the MCP SDK's McpServer as instance, its tools registered", () => {
    const echo = tool('echo', 'Echo', { text: z.string() }, ok);
    const config = createSdkMcpServer({ name: 'util', version: '2.0.0', tools: [echo], timeout: 5000 });
    expect(config).toMatchObject({ type: 'sdk', name: 'util', timeout: 5000 });
    expect(config.instance).toBeInstanceOf(McpServer);
    expect(config.instance.isConnected()).toBe(false);
    // The name is taken: registering it again is the MCP library's own refusal.
    expect(() => config.instance.registerTool('echo', {}, () => ({ content: [] }))).toThrow(
      /already registered/,
    );
    expect(Object.keys(createSdkMcpServer({ name: 'bare' }))).toEqual(['type', 'name', 'instance']);
  });

  it('should check hand-written tool definitions too', () => {
    const handMade = { name: 'h', description: 'd', inputSchema: { n: z.number() }, handler: ok };
    const made = createSdkMcpServer({ name: 's', tools: [handMade] });
    expect(() => made.instance.registerTool('h', {}, () => ({ content: [] }))).toThrow(/already registered/);
    expect(() =>
      createSdkMcpServer({ name: 's', tools: [{ ...handMade, handler: undefined as never }] }),
    ).toThrow(/tool "h": handler must be a function/);
  });

  it('should throw a TypeError for bad options, quoting the value', () => {
    expect(() => createSdkMcpServer(undefined as never)).toThrow(/options must be an object/);
    expect(() => createSdkMcpServer({ name: 7 as never })).toThrow(/name must be a string, got 7/);
    expect(() => createSdkMcpServer({ name: 's', timeout: -1 })).toThrow(/timeout must be a positive number/);
    expect(() => createSdkMcpServer({ name: 's', version: 2 as never })).toThrow(
      /version must be a string, got 2/,
    );
    // An empty version is a string, as the official takes it.
    expect(createSdkMcpServer({ name: 's', version: '' }).instance).toBeInstanceOf(McpServer);
    expect(() => createSdkMcpServer({ name: 's', tools: 'x' as never })).toThrow(
      /tools must be an array, got "x"/,
    );
    const a = tool('a', 'd', {}, ok);
    expect(() => createSdkMcpServer({ name: 's', tools: [a, a] })).toThrow(/duplicate tool name "a"/);
    expect(() =>
      createSdkMcpServer({ name: 's', resources: [{ name: 'r', uri: 'x://', read: 'no' as never }] }),
    ).toThrow(/read must be a function/);
    const p = prompt('p', 'd', { topic: z.string() }, () => ({ messages: [] }));
    expect(() => createSdkMcpServer({ name: 's', prompts: [p, p] })).toThrow(/duplicate prompt name "p"/);
    expect(() => prompt('q', 'd', { topic: 'string' } as never, () => ({ messages: [] }))).toThrow(
      /argument "topic" must be a zod schema/,
    );
  });

  it('should leave the definitions untouched when the server marks its tools alwaysLoad', () => {
    const a = tool('a', 'd', {}, ok);
    createSdkMcpServer({ name: 's', alwaysLoad: true, tools: [a] });
    expect(a._meta).toBeUndefined();
  });
});

/** A client of the MCP SDK connected to `server` over the SDK's own in-memory transport. */
async function connectDirectly(server: McpServer): Promise<Client> {
  const [serverSide, clientSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: 'direct', version: '1.0.0' });
  await client.connect(clientSide);
  return client;
}

describe('createSdkMcpServer on a transport of the caller', () => {
  it('should declare only the tools capability unless given resources or prompts, as the official server', async () => {
    const echo = tool('echo', 'Echo', { text: z.string() }, ok);
    const toolsOnly = await connectDirectly(createSdkMcpServer({ name: 'a', tools: [echo] }).instance);
    expect(toolsOnly.getServerCapabilities()).toEqual({ tools: { listChanged: true } });
    await expect(toolsOnly.listResources()).rejects.toThrow(/Method not found/);
    await expect(toolsOnly.listPrompts()).rejects.toThrow(/Method not found/);
    const bare = await connectDirectly(createSdkMcpServer({ name: 'b' }).instance);
    expect(bare.getServerCapabilities()).toEqual({ tools: { listChanged: true } });
    const declared = await connectDirectly(
      createSdkMcpServer({ name: 'c', tools: [echo], resources: [], prompts: [] }).instance,
    );
    expect(declared.getServerCapabilities()).toEqual({
      tools: { listChanged: true },
      resources: { listChanged: true },
      prompts: { listChanged: true },
    });
    expect((await declared.listResources()).resources).toEqual([]);
    expect((await declared.listPrompts()).prompts).toEqual([]);
    await Promise.all([toolsOnly.close(), bare.close(), declared.close()]);
  });

  it("should list a tool()'s own input schema to any client, and the MCP library's for tools registered on instance", async () => {
    const add = tool('add', 'Adds', { a: z.number().describe('first'), b: z.number().optional() }, ok);
    const config = createSdkMcpServer({ name: 'calc', tools: [add] });
    config.instance.registerTool('late', { description: 'Late', inputSchema: { n: z.number() } }, ok);
    const client = await connectDirectly(config.instance);
    const { tools } = await client.listTools();
    expect(tools.map((t) => [t.name, t.inputSchema.properties])).toEqual([
      ['add', { a: { type: 'number', description: 'first' }, b: { type: 'number' } }],
      ['late', { n: { type: 'number' } }],
    ]);
    expect(tools[0]?.inputSchema.required).toEqual(['a']);
    const result = await client.callTool({ name: 'add', arguments: { a: 1 } });
    expect(result.content).toEqual([{ type: 'text', text: 'ok' }]);
    await client.close();
  });
});

describe('a tool whose input schema has no JSON Schema form', () => {
  /** The process warnings `make` gives, emitted on the next turns of the event loop. */
  async function warningsOf(make: () => unknown): Promise<{ code: string | undefined; message: string }[]> {
    const warnings: Error[] = [];
    const onWarning = (warning: Error) => warnings.push(warning);
    process.on('warning', onWarning);
    try {
      make();
      await new Promise((resolve) => setImmediate(resolve));
    } finally {
      process.off('warning', onWarning);
    }
    return warnings.map((warning) => ({
      code: (warning as { code?: string }).code,
      message: warning.message,
    }));
  }

  it('should be made by tool() without a throw, then registered disabled, with a warning naming it', async () => {
    const dated = tool('dated', 'Dated', { at: z.date(), note: z.string() }, ok);
    const listed = tool('listed', 'Listed', { n: z.number() }, ok);
    let config: ReturnType<typeof createSdkMcpServer> | undefined;
    const warnings = await warningsOf(() => {
      config = createSdkMcpServer({ name: 'cal', tools: [dated, listed] });
    });
    expect(warnings).toEqual([
      {
        code: UNLISTABLE_TOOL_WARNING_CODE,
        message: expect.stringMatching(/^Tool "dated" of SDK MCP server "cal" is disabled.*\(Date cannot/),
      },
    ]);
    expect(UNLISTABLE_TOOL_WARNING_CODE).toBe('CLAUDE_SDK_MCP_TOOL_SCHEMA_UNCONVERTIBLE');
    const client = await connectDirectly(config!.instance);
    expect((await client.listTools()).tools.map((t) => t.name)).toEqual(['listed']);
    // Refused by the MCP library before any handler runs, in its words, as the official's.
    expect(await client.callTool({ name: 'dated', arguments: { note: 'x' } })).toEqual({
      content: [{ type: 'text', text: 'MCP error -32602: Tool dated disabled' }],
      isError: true,
    });
    expect((await client.callTool({ name: 'listed', arguments: { n: 1 } })).content).toEqual([
      { type: 'text', text: 'ok' },
    ]);
    await client.close();
  });

  it('should disable it wherever the type sits: nested, in an array or a union, in a whole object', async () => {
    const tools = [
      tool('nested', 'N', { o: z.object({ at: z.date() }) }, ok),
      tool('listOf', 'L', { at: z.array(z.bigint()) }, ok),
      tool('either', 'E', { at: z.union([z.string(), z.map(z.string(), z.number())]) }, ok),
      tool('whole', 'W', z.object({ at: z.custom<string>((v) => typeof v === 'string') }), ok),
    ];
    let config: ReturnType<typeof createSdkMcpServer> | undefined;
    const warnings = await warningsOf(() => {
      config = createSdkMcpServer({ name: 'odd', tools });
    });
    expect(warnings.map(({ message }) => /^Tool "(\w+)"/.exec(message)?.[1])).toEqual([
      'nested',
      'listOf',
      'either',
      'whole',
    ]);
    const client = await connectDirectly(config!.instance);
    expect((await client.listTools()).tools).toEqual([]);
    await client.close();
  });

  it('should still throw for a value that is not a schema at all', () => {
    expect(() => tool('x', 'd', { a: 'nope' } as never, ok)).toThrow(/property "a" is not a schema/);
  });
});

describe("a shape's listing, as the MCP library lists it for the official SDK", () => {
  it('should list a zod 3 shape whole: a schema used twice as a $ref, a field with no JSON form left out', async () => {
    const day = z3.string().describe('a day');
    const span = tool('span', 'S', { from: day, to: day, days: z3.array(day), onDone: z3.function() }, ok);
    const client = await connectDirectly(createSdkMcpServer({ name: 's', tools: [span] }).instance);
    const raw = await client.request({ method: 'tools/list', params: {} }, ListToolsResultSchema);
    expect(raw.tools[0]?.inputSchema).toEqual({
      type: 'object',
      properties: {
        from: { type: 'string', description: 'a day' },
        to: { $ref: '#/properties/from' },
        days: { type: 'array', items: { $ref: '#/properties/from' } },
      },
      required: ['from', 'to', 'days'],
      additionalProperties: false,
      $schema: 'http://json-schema.org/draft-07/schema#',
    });
    await client.close();
  });

  it('should require a zod 4 key unless its input is optional (optional, default, catch), z.any() too', async () => {
    const loose = tool(
      'loose',
      'L',
      { any: z.any(), unknown: z.unknown(), n: z.number().default(1), s: z.string().optional() },
      ok,
    );
    const client = await connectDirectly(createSdkMcpServer({ name: 'l', tools: [loose] }).instance);
    expect((await client.listTools()).tools[0]?.inputSchema.required).toEqual(['any', 'unknown']);
    // And a call without them is refused, as zod refuses a missing key in an object (the official's check).
    const refused = await client.callTool({ name: 'loose', arguments: {} });
    expect(refused.isError).toBe(true);
    expect(JSON.stringify(refused.content)).toMatch(/expected nonoptional/);
    expect((await client.callTool({ name: 'loose', arguments: { any: 1, unknown: null } })).content).toEqual([
      { type: 'text', text: 'ok' },
    ]);
    await client.close();
  });
});

describe('names the model API would refuse', () => {
  it('should take any string as a tool or server name, as the official SDK does, and list it as given', async () => {
    const warned: unknown[] = [];
    const warn = console.warn;
    console.warn = (...args: unknown[]) => warned.push(args[0]);
    let config: ReturnType<typeof createSdkMcpServer>;
    try {
      const names = ['get.weather', 'my tool', 'météo'];
      config = createSdkMcpServer({ name: 'my server', tools: names.map((name) => tool(name, 'd', {}, ok)) });
    } finally {
      console.warn = warn;
    }
    // The MCP library's own warning for names outside the MCP naming standard (a dot is inside it).
    const headings = warned.filter((line) => String(line).startsWith('Tool name validation warning'));
    expect(headings).toEqual([expect.stringContaining('"my tool"'), expect.stringContaining('"météo"')]);
    const client = await connectDirectly(config.instance);
    expect(client.getServerVersion()?.name).toBe('my server');
    expect((await client.listTools()).tools.map((t) => t.name)).toEqual(['get.weather', 'my tool', 'météo']);
    expect((await client.callTool({ name: 'get.weather', arguments: {} })).content).toEqual([
      { type: 'text', text: 'ok' },
    ]);
    await client.close();
  });
});

describe('isSdkMcpServerConfig', () => {
  it('should accept configs holding an MCP server, made by createSdkMcpServer or by hand', () => {
    const config = createSdkMcpServer({ name: 's' });
    expect(isSdkMcpServerConfig(config)).toBe(true);
    expect(isSdkMcpServerConfig({ ...config })).toBe(true);
    const handBuilt = new McpServer({ name: 'h', version: '1.0.0' });
    expect(isSdkMcpServerConfig({ type: 'sdk', name: 'h', instance: handBuilt })).toBe(true);
    expect(isSdkMcpServerConfig({ type: 'sdk', name: 's' })).toBe(false);
    expect(isSdkMcpServerConfig({ type: 'sdk', name: 's', instance: {} })).toBe(false);
    expect(isSdkMcpServerConfig({ ...config, type: 'stdio' })).toBe(false);
    expect(isSdkMcpServerConfig({ ...config, name: 1 })).toBe(false);
    expect(isSdkMcpServerConfig(null)).toBe(false);
    expect(isSdkMcpServerConfig('sdk')).toBe(false);
  });
});
