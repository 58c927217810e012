import { existsSync } from 'node:fs';
import { join } from 'node:path';
import {
  createSdkMcpServer,
  isSDKResultMessage,
  type Options,
  query,
  type SDKMessage,
  type SDKResultMessage,
  tool,
} from '@ccsdk/sdk';
import { isMessagesRequest, reply, text, toolUse } from '@ccsdk/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { PromptStream } from './support/prompt-stream.js';
import { type Rig, startRig } from './support/rig.js';

/** How long a stream may take to end once nothing is left to do; a hang shows up as a failure, not a test timeout. */
const END_WITHIN_MS = 15_000;

let rig: Rig | undefined;
afterEach(async () => {
  await rig?.dispose();
  rig = undefined;
});

function baseOptions(r: Rig): Options {
  return { env: r.env, cwd: r.sandbox.cwd };
}

function calcServer() {
  return createSdkMcpServer({
    name: 'calc',
    version: '1.0.0',
    tools: [
      tool('add', 'Adds two numbers', { a: z.number(), b: z.number() }, async (args) => ({
        content: [{ type: 'text', text: String(args.a + args.b) }],
      })),
    ],
  });
}

/**
 * Drains the stream; `onMessage` sees each message as it comes. Resolves with the messages and
 * how the stream ended, or `'still running'` when it has not ended `END_WITHIN_MS` after `armed()`.
 */
async function drain(
  run: AsyncIterable<SDKMessage>,
  onMessage: (message: SDKMessage, arm: () => void) => void = () => undefined,
): Promise<{ messages: SDKMessage[]; ended: 'done' | 'rejected' | 'still running'; error?: unknown }> {
  const messages: SDKMessage[] = [];
  let arm: () => void = () => undefined;
  const deadline = new Promise<'still running'>((resolve) => {
    arm = () => setTimeout(() => resolve('still running'), END_WITHIN_MS).unref();
  });
  let error: unknown;
  const iterated = (async () => {
    try {
      for await (const message of run) {
        messages.push(message);
        onMessage(message, arm);
      }
      return 'done' as const;
    } catch (caught) {
      error = caught;
      return 'rejected' as const;
    }
  })();
  const ended = await Promise.race([iterated, deadline]);
  return { messages, ended, error };
}

const withCallbacks: Array<[string, Partial<Options>]> = [
  ['an in-process MCP server', { mcpServers: { calc: calcServer() } }],
  ['a hook', { hooks: { PreToolUse: [{ hooks: [async () => ({})] }] } }],
  ['canUseTool', { canUseTool: async () => ({ behavior: 'allow' }) }],
];

describe('the input lifetime through the real CLI', () => {
  it('should interrupt a turn of a string prompt: interrupt() resolves, the turn ends with error_during_execution', async () => {
    rig = await startRig({
      script: [
        { ...reply(text('A slow reply that the interrupt cuts short, word by word.')), chunkDelayMs: 3_000 },
      ],
    });
    const run = query({ prompt: 'a question', options: baseOptions(rig) });
    const drained = drain(run);
    await rig.fake.waitForRequest((r) => isMessagesRequest(r) && r.isMain, 30_000);
    await run.interrupt();
    const { messages, ended } = await drained;
    const result = messages.find(isSDKResultMessage);
    expect(result?.subtype).toBe('error_during_execution');
    // The stream ends after the result (the CLI exits non-zero after an error result), not later.
    expect(ended).not.toBe('still running');
    expect(messages.at(-1)).toBe(result);
  });

  it.each(withCallbacks)(
    'should end the stream at once when the input ends after the result, with %s',
    async (_label, extra) => {
      rig = await startRig({ script: [reply(text('hello back'))] });
      const prompts = new PromptStream();
      prompts.push('hello');
      const run = query({ prompt: prompts, options: { ...baseOptions(rig), ...extra } });
      const { messages, ended } = await drain(run, (message, arm) => {
        if (isSDKResultMessage(message)) {
          prompts.end();
          arm();
        }
      });
      expect(ended).toBe('done');
      expect(messages.filter(isSDKResultMessage).map((m) => m.subtype)).toEqual(['success']);
    },
  );

  it('should keep the control channel open for a second turn queued behind the first', async () => {
    rig = await startRig({
      script: [
        { ...reply(text('The first answer, slowly.')), chunkDelayMs: 300 },
        reply(toolUse('Bash', { command: 'touch second.txt', description: 'create a file' })),
        reply(text('Created.')),
      ],
    });
    const asked: string[] = [];
    const prompts = new PromptStream();
    prompts.push('first');
    const run = query({
      prompt: prompts,
      options: {
        ...baseOptions(rig),
        canUseTool: async (toolName) => {
          asked.push(toolName);
          return { behavior: 'allow' };
        },
      },
    });
    const drained = drain(run);
    await rig.fake.waitForRequest((r) => isMessagesRequest(r) && r.isMain, 30_000);
    // The second message is queued while the first turn runs, and then the input ends.
    prompts.push('second: create the file');
    prompts.end();
    const { messages, ended } = await drained;
    expect(ended).toBe('done');
    const results = messages.filter((m): m is SDKResultMessage => isSDKResultMessage(m));
    expect(results.map((m) => m.subtype)).toEqual(['success', 'success']);
    expect(asked).toEqual(['Bash']);
    expect(existsSync(join(rig.sandbox.cwd, 'second.txt'))).toBe(true);
  });

  it('should end the stream when a message sent while a tool runs is folded into that turn', async () => {
    rig = await startRig({
      script: [
        reply(toolUse('Bash', { command: 'sleep 2', description: 'wait a little' })),
        reply(text('Both handled in one turn.')),
      ],
    });
    const prompts = new PromptStream();
    prompts.push('first');
    const run = query({
      prompt: prompts,
      options: { ...baseOptions(rig), canUseTool: async () => ({ behavior: 'allow' }) },
    });
    const { messages, ended } = await drain(run, (message, arm) => {
      // The tool is running: this message joins the running turn, which ends with one result.
      if (message.type === 'assistant') {
        prompts.push('second, sent mid-turn');
        prompts.end();
        arm();
      }
    });
    expect(ended).toBe('done');
    expect(messages.filter(isSDKResultMessage).map((m) => m.subtype)).toEqual(['success']);
    expect(rig.fake.mainRequests().at(-1)?.lastUserText).toContain('second, sent mid-turn');
  });

  it('should show an in-process MCP server connected to control requests made right after query()', async () => {
    rig = await startRig({ script: [reply(text('unused'))] });
    const prompts = new PromptStream();
    const run = query({
      prompt: prompts,
      options: { ...baseOptions(rig), mcpServers: { calc: calcServer() } },
    });
    try {
      const init = await run.initializationResult();
      // The CLI took the handshake results sent in initialize (else it connects over mcp_message, later).
      expect(init['sdk_mcp_manifests_parked']).toEqual({ calc: 'parked' });
      expect((await run.supportedModels()).length).toBeGreaterThan(0);
      expect((await run.supportedCommands()).length).toBeGreaterThan(0);
      expect(await run.mcpServerStatus()).toContainEqual(
        expect.objectContaining({ name: 'calc', status: 'connected' }),
      );
      const usage = await run.getContextUsage();
      expect(typeof usage['totalTokens']).toBe('number');
    } finally {
      prompts.end();
      await run.close();
    }
  });
});
