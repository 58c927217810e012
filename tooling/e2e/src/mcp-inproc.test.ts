import {
  createSdkMcpServer,
  isSDKResultMessage,
  isSDKSystemInitMessage,
  query,
  type SDKMessage,
  tool,
} from '@ccsdk/sdk';
import { reply, text, toolUse } from '@ccsdk/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { collect } from './support/collect.js';
import { PromptStream } from './support/prompt-stream.js';
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

  it('should add an in-process server with setMcpServers, run its tool, and drop it again', async () => {
    rig = await startRig({
      script: [reply(toolUse('mcp__late__add', { a: 20, b: 22 })), reply(text('The late sum is 42.'))],
    });
    const prompts = new PromptStream();
    const calls: Array<{ a: number; b: number }> = [];
    const late = createSdkMcpServer({
      name: 'late',
      tools: [
        tool('add', 'Adds two numbers', { a: z.number(), b: z.number() }, async (args) => {
          calls.push(args);
          return { content: [{ type: 'text', text: String(args.a + args.b) }] };
        }),
      ],
    });
    const run = query({
      prompt: prompts,
      options: { env: rig.env, cwd: rig.sandbox.cwd, allowedTools: ['mcp__late__add'] },
    });
    try {
      await run.initializationResult();
      const added = await run.setMcpServers({ late });
      expect(added.added).toEqual(['late']);
      expect(added.errors).toEqual({});
      // The CLI lists it at once ("pending") and connects it over mcp_message right after.
      await expect
        .poll(async () => (await run.mcpServerStatus()).find((server) => server.name === 'late')?.status, {
          timeout: 10_000,
        })
        .toBe('connected');
      prompts.push('add with the late server');
      // Read up to the turn's result without ending the query (a `break` out of `for await` would).
      const messages = run[Symbol.asyncIterator]();
      let next: IteratorResult<SDKMessage>;
      do next = await messages.next();
      while (!next.done && !isSDKResultMessage(next.value));
      expect(next.done).toBe(false);
      expect(calls).toEqual([{ a: 20, b: 22 }]);
      const results = rig.fake.mainRequests().flatMap((r) => r.toolResults);
      expect(results).toContainEqual(expect.objectContaining({ isError: false, text: '42' }));
      const removed = await run.setMcpServers({});
      expect(removed.removed).toEqual(['late']);
      const after = await run.mcpServerStatus();
      expect(after.some((server) => server.name === 'late' && server.status === 'connected')).toBe(false);
    } finally {
      prompts.end();
      await run.close();
    }
  });

  it('should replace the in-process servers passed to query() when setMcpServers names others', async () => {
    rig = await startRig({ script: [reply(toolUse('mcp__calc__add', { a: 1, b: 2 })), reply(text('gone'))] });
    const prompts = new PromptStream();
    const calls: Array<{ a: number; b: number }> = [];
    const run = query({
      prompt: prompts,
      options: {
        env: rig.env,
        cwd: rig.sandbox.cwd,
        mcpServers: { calc: calcServer(calls) },
        allowedTools: ['mcp__calc__add'],
      },
    });
    try {
      await run.initializationResult();
      const greet = createSdkMcpServer({ name: 'greet', tools: [] });
      const result = await run.setMcpServers({ greet });
      expect(result.added).toEqual(['greet']);
      expect(result.removed).toEqual(['calc']);
      prompts.push('add after the swap');
      const messages = run[Symbol.asyncIterator]();
      let next: IteratorResult<SDKMessage>;
      do next = await messages.next();
      while (!next.done && !isSDKResultMessage(next.value));
      // calc is gone: its handler never runs, the model gets an error for the call.
      expect(calls).toEqual([]);
      const results = rig.fake.mainRequests().flatMap((r) => r.toolResults);
      expect(results).toContainEqual(expect.objectContaining({ isError: true }));
    } finally {
      prompts.end();
      await run.close();
    }
  });
});
