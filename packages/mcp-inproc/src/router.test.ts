import { McpError } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { calcServer } from '../test/fixtures.js';
import { connectClient } from '../test/router-client.js';
import { createSdkMcpServer, SdkMcpRouter, tool } from './index.js';

let router: SdkMcpRouter | undefined;
afterEach(async () => {
  await router?.close();
  router = undefined;
});

async function calcClient() {
  const calc = calcServer();
  router = new SdkMcpRouter({ calc: calc.config });
  const { client, transport } = await connectClient(router, 'calc');
  return { ...calc, client, transport, router };
}

describe('SdkMcpRouter with a real MCP client', () => {
  it('should answer initialize from the MCP library and acknowledge the initialized notification', async () => {
    const { client, transport } = await calcClient();
    expect(client.getServerVersion()).toEqual({ name: 'calc', version: '3.1.4' });
    expect(client.getServerCapabilities()).toMatchObject({ tools: {}, resources: {}, prompts: {} });
    expect(client.getInstructions()).toBe('Use add for sums.');
    // A notification's ack carries id 0, as the official SDK's does.
    expect(transport.acks).toEqual([{ jsonrpc: '2.0', result: {}, id: 0 }]);
    await expect(client.ping()).resolves.toEqual({});
  });

  it('should list tools with their JSON schemas, annotations and _meta', async () => {
    const { client } = await calcClient();
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toEqual(['add', 'fail', 'stats']);
    expect(tools[0]).toEqual({
      name: 'add',
      description: 'Add two numbers',
      inputSchema: {
        type: 'object',
        properties: {
          a: { type: 'number', description: 'first addend' },
          b: { type: 'number', description: 'second addend' },
        },
        required: ['a', 'b'],
        $schema: 'http://json-schema.org/draft-07/schema#',
      },
      annotations: { readOnlyHint: true },
      // The MCP library's own field: tool() tools run as plain calls, not tasks.
      execution: { taskSupport: 'forbidden' },
      _meta: { 'anthropic/alwaysLoad': true },
    });
    expect(tools[2]?.outputSchema).toMatchObject({ type: 'object', required: ['mean'] });
  });

  it('should call a tool with validated arguments and return its result', async () => {
    const { client, calls } = await calcClient();
    const result = await client.callTool({ name: 'add', arguments: { a: 2, b: 40 } });
    expect(result).toEqual({ content: [{ type: 'text', text: '42' }] });
    expect(calls).toEqual(['add']);
  });

  it('should turn a throwing handler into an isError result keeping message and data', async () => {
    const { client } = await calcClient();
    const result = await client.callTool({ name: 'fail', arguments: {} });
    expect(result).toEqual({
      content: [
        { type: 'text', text: 'the disk is full' },
        { type: 'text', text: '{"free":0}' },
      ],
      isError: true,
    });
  });

  it('should answer input that fails the schema with isError naming the field, without running the handler', async () => {
    const { client, calls } = await calcClient();
    const result = await client.callTool({ name: 'add', arguments: { a: 1, b: 'two' } });
    expect(result.isError).toBe(true);
    // A zod shape's tool answers in the MCP library's words, as the official SDK's tools do.
    const issues = z.object({ a: z.number(), b: z.number() }).safeParse({ a: 1, b: 'two' }).error?.issues;
    expect(result.content).toEqual([
      {
        type: 'text',
        text: `MCP error -32602: Input validation error: Invalid arguments for tool add: ${JSON.stringify(issues, null, 2)}`,
      },
    ]);
    const missing = await client.callTool({ name: 'add', arguments: { a: 1 } });
    expect(JSON.stringify(missing.content)).toMatch(/received undefined/);
    expect(calls).toEqual([]);
  });

  it('should check structuredContent against the output schema', async () => {
    const { client } = await calcClient();
    const good = await client.callTool({ name: 'stats', arguments: { values: [1, 2, 3] } });
    expect(good).toEqual({ content: [{ type: 'text', text: '{"mean":2}' }], structuredContent: { mean: 2 } });
    const bad = await client.callTool({ name: 'stats', arguments: { values: [] } });
    expect(bad.isError).toBe(true);
    expect(JSON.stringify(bad.content)).toMatch(/invalid structuredContent: mean: /);
  });

  it('should answer an unknown tool as the MCP library does: an isError result naming it', async () => {
    const { client } = await calcClient();
    const result = await client.callTool({ name: 'divide', arguments: {} });
    expect(result.isError).toBe(true);
    expect(JSON.stringify(result.content)).toMatch(/Tool divide not found/);
  });

  it('should serve fixed resources, templates and their listing', async () => {
    const { client } = await calcClient();
    const { resources } = await client.listResources();
    expect(resources.map((r) => r.uri).sort()).toEqual(['calc://constants', 'calc://table/2']);
    const { resourceTemplates } = await client.listResourceTemplates();
    expect(resourceTemplates).toEqual([
      { name: 'table', uriTemplate: 'calc://table/{n}', description: 'Multiplication table of n' },
    ]);
    const constants = await client.readResource({ uri: 'calc://constants' });
    expect(constants.contents).toEqual([{ uri: 'calc://constants', text: '{"pi":3.14159}' }]);
    const table = await client.readResource({ uri: 'calc://table/7' });
    expect(table.contents).toEqual([{ uri: 'calc://table/7', text: 'table of 7' }]);
    await expect(client.readResource({ uri: 'calc://nothing' })).rejects.toBeInstanceOf(McpError);
  });

  it('should list prompts with their arguments and render one', async () => {
    const { client } = await calcClient();
    const { prompts } = await client.listPrompts();
    expect(prompts).toEqual([
      {
        name: 'explain',
        description: 'Explain a number',
        arguments: [{ name: 'n', description: 'the number', required: true }],
      },
    ]);
    const rendered = await client.getPrompt({ name: 'explain', arguments: { n: '42' } });
    expect(rendered.messages).toEqual([{ role: 'user', content: { type: 'text', text: 'Explain 42' } }]);
    await expect(client.getPrompt({ name: 'explain', arguments: {} })).rejects.toBeInstanceOf(McpError);
  });

  it('should pass on a handler result that is not a CallToolResult for the client to refuse, and turn one with no JSON form into isError', async () => {
    const wrong = tool('wrong', 'returns a string', {}, async () => 'just text' as never);
    const cyclic = tool('cyclic', 'returns a cycle', {}, async () => {
      const result: Record<string, unknown> = { content: [] };
      result['self'] = result;
      return result as never;
    });
    router = new SdkMcpRouter({ s: createSdkMcpServer({ name: 's', tools: [wrong, cyclic] }) });
    const { client } = await connectClient(router, 's');
    // The client's own refusal, as the CLI's MCP client refuses it from the official SDK's server.
    await expect(client.callTool({ name: 'wrong', arguments: {} })).rejects.toThrow(/expected object/);
    const second = await client.callTool({ name: 'cyclic', arguments: {} });
    expect(second.isError).toBe(true);
    expect(JSON.stringify(second.content)).toMatch(/cannot be serialized as JSON/);
  });
});

describe('SdkMcpRouter.handle with raw messages', () => {
  it('should answer an unknown server with a -32601 reply carrying the id, not a throw', async () => {
    router = new SdkMcpRouter({ calc: calcServer().config });
    const reply = await router.handle('nope', { jsonrpc: '2.0', id: 'r1', method: 'tools/list' });
    expect(reply).toEqual({
      jsonrpc: '2.0',
      id: 'r1',
      error: { code: -32601, message: `Server "nope" not found` },
    });
  });

  it('should answer malformed messages with -32600 and keep serving', async () => {
    router = new SdkMcpRouter({ calc: calcServer().config });
    const bad: unknown[] = [
      null,
      'text',
      [1, 2],
      { id: 1, method: 'ping' },
      { jsonrpc: '1.0', id: 1, method: 'ping' },
      { jsonrpc: '2.0', id: 1, method: 7 },
      { jsonrpc: '2.0', id: { nested: true }, method: 'ping' },
      { jsonrpc: '2.0', id: 1, method: 'ping', params: [1] },
      { jsonrpc: '2.0', id: 1 },
    ];
    for (const message of bad) {
      const reply = (await router.handle('calc', message)) as { error?: { code: number }; id: unknown };
      expect(reply.error?.code).toBe(-32600);
    }
    expect(await router.handle('calc', { jsonrpc: '2.0', id: 0, method: 'ping' })).toEqual({
      jsonrpc: '2.0',
      id: 0,
      result: {},
    });
  });

  it('should answer a request JSON cannot carry with an error reply instead of hanging', async () => {
    router = new SdkMcpRouter({ calc: calcServer().config });
    const params: Record<string, unknown> = {};
    params['self'] = params;
    const reply = (await router.handle('calc', { jsonrpc: '2.0', id: 5, method: 'ping', params })) as {
      id: unknown;
      error?: { code: number };
    };
    expect(reply).toMatchObject({ id: 5, error: { code: -32603 } });
  });

  it('should acknowledge notifications and client responses without a reply of the server', async () => {
    router = new SdkMcpRouter({ calc: calcServer().config });
    // A notification's ack carries id 0, as the official SDK's does; a client response's none.
    const notificationAck = { jsonrpc: '2.0', result: {}, id: 0 };
    expect(await router.handle('calc', { jsonrpc: '2.0', method: 'notifications/initialized' })).toEqual(
      notificationAck,
    );
    expect(await router.handle('calc', { jsonrpc: '2.0', id: 9, result: { roots: [] } })).toEqual({
      jsonrpc: '2.0',
      result: {},
    });
    expect(
      await router.handle('calc', {
        jsonrpc: '2.0',
        method: 'notifications/cancelled',
        params: { requestId: 3 },
      }),
    ).toEqual(notificationAck);
  });

  it('should refuse bad constructor arguments with a TypeError quoting them', () => {
    const { config } = calcServer();
    expect(() => new SdkMcpRouter({ calc: { type: 'sdk', name: 'calc' } as never })).toThrow(
      /server "calc" is not/,
    );
    expect(() => new SdkMcpRouter({ calc: config }, { toolTimeoutMs: 0 })).toThrow(/toolTimeoutMs .* got 0/);
    expect(() => new SdkMcpRouter({ calc: config }, { onError: 'log' as never })).toThrow(
      /onError must be a function, got "log"/,
    );
    expect(() => new SdkMcpRouter(null as never)).toThrow(TypeError);
    expect(new SdkMcpRouter({ calc: config, other: config }).serverNames).toEqual(['calc', 'other']);
  });
});
