import { createSdkMcpServer, isSDKResultMessage, isSDKSystemInitMessage, query, tool } from '@ccsdk/sdk';
import { reply, text, toolUse } from '@ccsdk/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { collect } from './support/collect.js';
import { type Rig, startRig } from './support/rig.js';

let rig: Rig | undefined;
afterEach(async () => {
  await rig?.dispose();
  rig = undefined;
});

function calcServer(calls: Array<{ a: number; b: number }>) {
  return createSdkMcpServer({
    name: 'calc',
    version: '1.0.0',
    tools: [
      tool('add', 'Adds two numbers', { a: z.number(), b: z.number() }, async (args) => {
        calls.push(args);
        return { content: [{ type: 'text', text: String(args.a + args.b) }] };
      }),
      tool('explode', 'Always fails', {}, async () => {
        throw new Error('the calculator exploded');
      }),
    ],
  });
}

describe('in-process MCP servers through the real CLI', () => {
  it('should run a typed handler for mcp__calc__add and return its output to the model', async () => {
    rig = await startRig({
      script: [reply(toolUse('mcp__calc__add', { a: 2, b: 40 })), reply(text('The sum is 42.'))],
    });
    const calls: Array<{ a: number; b: number }> = [];
    const messages = await collect(
      query({
        prompt: 'Add 2 and 40',
        options: {
          env: rig.env,
          cwd: rig.sandbox.cwd,
          mcpServers: { calc: calcServer(calls) },
          allowedTools: ['mcp__calc__add'],
        },
      }),
    );

    const init = messages.find(isSDKSystemInitMessage);
    expect(init?.mcp_servers).toContainEqual(expect.objectContaining({ name: 'calc', status: 'connected' }));
    expect(init?.tools).toContain('mcp__calc__add');
    expect(calls).toEqual([{ a: 2, b: 40 }]);
    const results = rig.fake.mainRequests().flatMap((r) => r.toolResults);
    expect(results).toContainEqual(expect.objectContaining({ isError: false, text: '42' }));
    const result = messages.at(-1);
    expect(isSDKResultMessage(result) && result.subtype).toBe('success');
  });

  it('should turn a throwing handler into an error tool_result and finish the turn', async () => {
    rig = await startRig({ script: [reply(toolUse('mcp__calc__explode', {})), reply(text('It failed.'))] });
    const messages = await collect(
      query({
        prompt: 'Explode',
        options: {
          env: rig.env,
          cwd: rig.sandbox.cwd,
          mcpServers: { calc: calcServer([]) },
          allowedTools: ['mcp__calc__explode'],
        },
      }),
    );
    const results = rig.fake.mainRequests().flatMap((r) => r.toolResults);
    expect(results).toContainEqual(expect.objectContaining({ isError: true }));
    expect(results.find((r) => r.isError)?.text).toContain('the calculator exploded');
    const result = messages.at(-1);
    expect(isSDKResultMessage(result) && result.subtype).toBe('success');
  });

  it('should answer input that fails the schema with an error naming the field', async () => {
    rig = await startRig({
      script: [reply(toolUse('mcp__calc__add', { a: 'two', b: 3 })), reply(text('Bad input.'))],
    });
    const calls: Array<{ a: number; b: number }> = [];
    await collect(
      query({
        prompt: 'Add two and 3',
        options: {
          env: rig.env,
          cwd: rig.sandbox.cwd,
          mcpServers: { calc: calcServer(calls) },
          allowedTools: ['mcp__calc__add'],
        },
      }),
    );
    expect(calls).toEqual([]);
    const failed = rig.fake
      .mainRequests()
      .flatMap((r) => r.toolResults)
      .find((r) => r.isError);
    expect(failed?.text).toMatch(/\ba\b/);
  });

  it('should serve two SDK servers in one query', async () => {
    rig = await startRig({
      script: [
        reply(toolUse('mcp__calc__add', { a: 1, b: 1 }), toolUse('mcp__greet__hello', { name: 'Ada' })),
        reply(text('Both done.')),
      ],
    });
    const greet = createSdkMcpServer({
      name: 'greet',
      tools: [
        tool('hello', 'Greets', { name: z.string() }, async ({ name }) => ({
          content: [{ type: 'text', text: `Hello, ${name}!` }],
        })),
      ],
    });
    await collect(
      query({
        prompt: 'Add and greet',
        options: {
          env: rig.env,
          cwd: rig.sandbox.cwd,
          mcpServers: { calc: calcServer([]), greet },
          allowedTools: ['mcp__calc__add', 'mcp__greet__hello'],
        },
      }),
    );
    const texts = rig.fake.mainRequests().flatMap((r) => r.toolResults.map((t) => t.text));
    expect(texts).toEqual(expect.arrayContaining(['2', 'Hello, Ada!']));
  });

  it('should work next to canUseTool: the MCP tool allowed, a Bash write denied', async () => {
    rig = await startRig({
      script: [
        reply(
          toolUse('mcp__calc__add', { a: 5, b: 5 }),
          toolUse('Bash', { command: 'touch forbidden.txt', description: 'write a file' }),
        ),
        reply(text('Done.')),
      ],
    });
    const asked: string[] = [];
    const messages = await collect(
      query({
        prompt: 'Add and write',
        options: {
          env: rig.env,
          cwd: rig.sandbox.cwd,
          mcpServers: { calc: calcServer([]) },
          canUseTool: async (toolName) => {
            asked.push(toolName);
            return toolName === 'Bash'
              ? { behavior: 'deny', message: 'No writes in this test.' }
              : { behavior: 'allow' };
          },
        },
      }),
    );
    expect(asked).toEqual(expect.arrayContaining(['mcp__calc__add', 'Bash']));
    const results = rig.fake.mainRequests().flatMap((r) => r.toolResults);
    expect(results).toContainEqual(expect.objectContaining({ isError: false, text: '10' }));
    expect(results.find((r) => r.isError)?.text).toContain('No writes in this test.');
    const result = messages.at(-1);
    expect(isSDKResultMessage(result) && result.permission_denials.map((d) => d.tool_name)).toEqual(['Bash']);
  });
});
