import { existsSync } from 'node:fs';
import { join } from 'node:path';
import {
  AbortError,
  isSDKAssistantMessage,
  isSDKResultMessage,
  isSDKResultSuccess,
  isSDKSystemInitMessage,
  query,
  type SDKMessage,
  startup,
} from '@ccsdk/sdk';
import { isMessagesRequest, reply, text, toolUse } from '@ccsdk/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { collect } from './support/collect.js';
import { waitForNoProcessesWithEnv } from './support/process-table.js';
import { PromptStream } from './support/prompt-stream.js';
import { type Rig, startRig } from './support/rig.js';

let rig: Rig | undefined;
afterEach(async () => {
  await rig?.dispose();
  rig = undefined;
});

function baseOptions(r: Rig) {
  return { env: r.env, cwd: r.sandbox.cwd };
}

describe('canUseTool through the real CLI', () => {
  it('should run an allowed Bash write and send its result to the model', async () => {
    rig = await startRig({
      script: [
        reply(toolUse('Bash', { command: 'touch allowed.txt', description: 'create a file' })),
        reply(text('Created.')),
      ],
    });
    const asked: Array<{ tool: string; input: Record<string, unknown> }> = [];
    const messages = await collect(
      query({
        prompt: 'Create the file',
        options: {
          ...baseOptions(rig),
          canUseTool: async (tool, input) => {
            asked.push({ tool, input });
            return { behavior: 'allow' };
          },
        },
      }),
    );
    expect(asked).toEqual([
      { tool: 'Bash', input: expect.objectContaining({ command: 'touch allowed.txt' }) },
    ]);
    expect(existsSync(join(rig.sandbox.cwd, 'allowed.txt'))).toBe(true);
    const results = rig.fake.mainRequests().flatMap((r) => r.toolResults);
    expect(results).toEqual([expect.objectContaining({ isError: false })]);
    expect(isSDKResultMessage(messages.at(-1)) && messages.at(-1)).toMatchObject({ subtype: 'success' });
  });

  it('should deny with a message the model sees and list the denial on the result', async () => {
    rig = await startRig({
      script: [
        reply(toolUse('Bash', { command: 'touch denied.txt', description: 'create a file' })),
        reply(text('OK.')),
      ],
    });
    const messages = await collect(
      query({
        prompt: 'Create the file',
        options: {
          ...baseOptions(rig),
          canUseTool: async () => ({ behavior: 'deny', message: 'Denied by the test.' }),
        },
      }),
    );
    expect(existsSync(join(rig.sandbox.cwd, 'denied.txt'))).toBe(false);
    const denied = rig.fake.mainRequests().flatMap((r) => r.toolResults);
    expect(denied).toEqual([
      expect.objectContaining({ isError: true, text: expect.stringContaining('Denied by the test.') }),
    ]);
    const result = messages.at(-1);
    expect(isSDKResultMessage(result) && result.permission_denials).toEqual([
      expect.objectContaining({
        tool_name: 'Bash',
        tool_input: expect.objectContaining({ command: 'touch denied.txt' }),
      }),
    ]);
  });

  it('should deny when the callback throws (fail closed)', async () => {
    rig = await startRig({
      script: [
        reply(toolUse('Bash', { command: 'touch thrown.txt', description: 'create a file' })),
        reply(text('OK.')),
      ],
    });
    const warnings: Error[] = [];
    await collect(
      query({
        prompt: 'Create the file',
        options: {
          ...baseOptions(rig),
          onWarning: (e) => warnings.push(e),
          canUseTool: async () => {
            throw new Error('policy service down');
          },
        },
      }),
    );
    expect(existsSync(join(rig.sandbox.cwd, 'thrown.txt'))).toBe(false);
    const results = rig.fake.mainRequests().flatMap((r) => r.toolResults);
    expect(results).toEqual([
      expect.objectContaining({ isError: true, text: expect.stringContaining('policy service down') }),
    ]);
    // The callback's own error, as the cause of the channel's HANDLER_FAILED warning.
    expect(warnings.map((w) => (w.cause as Error | undefined)?.message)).toContain('policy service down');
  });
});

describe('control methods through the real CLI', () => {
  it('should apply setModel to the next request of the same turn', async () => {
    rig = await startRig({
      script: [
        reply(toolUse('Bash', { command: 'touch model.txt', description: 'create a file' })),
        reply(text('Done.')),
      ],
    });
    let target: { value: string; resolvedModel?: string } | undefined;
    const run = query({
      prompt: 'Create the file',
      options: {
        ...baseOptions(rig),
        canUseTool: async () => {
          const current = rig?.fake.mainRequests()[0]?.model;
          target = (await run.supportedModels()).find((m) => m.resolvedModel && m.resolvedModel !== current);
          await run.setModel(target?.value);
          return { behavior: 'allow' };
        },
      },
    });
    await collect(run);
    const [first, second] = rig.fake.mainRequests();
    expect(target?.resolvedModel).toBeDefined();
    expect(first?.model).not.toBe(target?.resolvedModel);
    expect(second?.model).toBe(target?.resolvedModel);
    expect(second?.toolResults).toHaveLength(1);
  });

  it('should go back to the default model with setModel() and no model', async () => {
    rig = await startRig({
      script: [
        reply(toolUse('Bash', { command: 'touch a.txt', description: 'create a file' })),
        reply(toolUse('Bash', { command: 'touch b.txt', description: 'create a file' })),
        reply(text('Done.')),
      ],
    });
    let target: { value: string; resolvedModel?: string } | undefined;
    let calls = 0;
    const run = query({
      prompt: 'Create the files',
      options: {
        ...baseOptions(rig),
        canUseTool: async () => {
          calls += 1;
          if (calls === 1) {
            const current = rig?.fake.mainRequests()[0]?.model;
            target = (await run.supportedModels()).find(
              (m) => m.resolvedModel && m.resolvedModel !== current,
            );
            await run.setModel(target?.value);
          } else {
            await run.setModel();
          }
          return { behavior: 'allow' };
        },
      },
    });
    await collect(run);
    const [first, second, third] = rig.fake.mainRequests();
    expect(target?.resolvedModel).toBeDefined();
    expect(second?.model).toBe(target?.resolvedModel);
    expect(third?.model).toBe(first?.model);
  });

  it('should return the CLI answers for models, commands, MCP status and context usage', async () => {
    rig = await startRig({ script: [reply(text('hi'))] });
    const prompts = new PromptStream();
    const run = query({ prompt: prompts, options: baseOptions(rig) });
    const models = await run.supportedModels();
    const commands = await run.supportedCommands();
    const status = await run.mcpServerStatus();
    const usage = await run.getContextUsage();
    expect(models.length).toBeGreaterThan(0);
    expect(models.every((m) => typeof m.value === 'string' && typeof m.displayName === 'string')).toBe(true);
    expect(commands.map((c) => c.name)).toEqual(expect.arrayContaining(['compact']));
    expect(status).toEqual([]);
    expect(typeof usage['totalTokens']).toBe('number');
    expect(typeof usage['maxTokens']).toBe('number');
    prompts.end();
    await run.close();
  });

  it('should interrupt a slow reply and go on with the next message', async () => {
    rig = await startRig({
      script: [
        {
          ...reply(text('This reply streams very slowly and will be interrupted before it ends.')),
          chunkDelayMs: 1_500,
        },
        reply(text('Second turn answered.')),
      ],
    });
    const prompts = new PromptStream();
    prompts.push('First, slowly');
    const run = query({ prompt: prompts, options: baseOptions(rig) });
    const results: SDKMessage[] = [];
    const texts: string[] = [];
    await rig.fake.waitForRequest((r) => isMessagesRequest(r) && r.isMain, 30_000);
    await run.interrupt();
    for await (const message of run) {
      if (isSDKAssistantMessage(message)) {
        for (const block of message.message.content)
          if (block.type === 'text') texts.push(String(block['text']));
      }
      if (isSDKResultMessage(message)) {
        results.push(message);
        if (results.length === 1) prompts.push('Second, please');
        else prompts.end();
      }
    }
    expect(results).toHaveLength(2);
    expect(texts).toContain('Second turn answered.');
    expect(rig.fake.mainRequests().some((r) => r.lastUserText.includes('Second, please'))).toBe(true);
  });
});

describe('abort, startup and session continuation through the real CLI', () => {
  it('should reject with AbortError mid-turn and leave no CLI process', async () => {
    rig = await startRig({
      script: [{ ...reply(text('A very slow answer that never finishes.')), chunkDelayMs: 5_000 }],
    });
    const abortController = new AbortController();
    const run = query({ prompt: 'Answer slowly', options: { ...baseOptions(rig), abortController } });
    await rig.fake.waitForRequest((r) => isMessagesRequest(r) && r.isMain, 30_000);
    setTimeout(() => abortController.abort(), 50);
    await expect(collect(run)).rejects.toBeInstanceOf(AbortError);
    expect(await waitForNoProcessesWithEnv(rig.processMarker, 12_000)).toEqual([]);
  });

  it('should serve one query from startup() and refuse a second', async () => {
    rig = await startRig({ script: [reply(text('Warm hello.'))] });
    const warm = await startup({ options: baseOptions(rig) });
    expect(warm.initialization.commands.length).toBeGreaterThan(0);
    const messages = await collect(warm.query('Hello, warm session'));
    expect(messages.some(isSDKSystemInitMessage)).toBe(true);
    expect(isSDKResultMessage(messages.at(-1)) && messages.at(-1)).toMatchObject({ subtype: 'success' });
    expect(() => warm.query('again')).toThrow(expect.objectContaining({ code: 'QUERY_CLOSED' }));
    await warm.close();
  });

  it('should resume a session and fork it, with the earlier turns sent to the model', async () => {
    rig = await startRig({
      script: [
        reply(text('First answer, alpha.')),
        reply(text('Resumed answer.')),
        reply(text('Forked answer.')),
      ],
    });
    const first = await collect(query({ prompt: 'Remember the word alpha', options: baseOptions(rig) }));
    const sessionId = String(first.find(isSDKSystemInitMessage)?.session_id);

    const resumed = await collect(
      query({ prompt: 'What was the word?', options: { ...baseOptions(rig), resume: sessionId } }),
    );
    expect(resumed.find(isSDKSystemInitMessage)?.session_id).toBe(sessionId);
    const resumedRequest = rig.fake.mainRequests().find((r) => r.lastUserText.includes('What was the word?'));
    expect(JSON.stringify(resumedRequest?.body)).toContain('Remember the word alpha');
    expect(JSON.stringify(resumedRequest?.body)).toContain('First answer, alpha.');

    const forked = await collect(
      query({ prompt: 'Fork it', options: { ...baseOptions(rig), resume: sessionId, forkSession: true } }),
    );
    const forkedId = forked.find(isSDKSystemInitMessage)?.session_id;
    expect(forkedId).toBeDefined();
    expect(forkedId).not.toBe(sessionId);
    const forkRequest = rig.fake.mainRequests().find((r) => r.lastUserText.includes('Fork it'));
    expect(JSON.stringify(forkRequest?.body)).toContain('Remember the word alpha');
  });

  it('should offer an agent defined in options.agents', async () => {
    rig = await startRig({ script: [reply(text('hi'))] });
    const run = query({
      prompt: 'hi',
      options: {
        ...baseOptions(rig),
        agents: {
          'ccsdk-reviewer': { description: 'Reviews diffs for ccsdk tests', prompt: 'You review diffs.' },
        },
      },
    });
    const agents = await run.supportedAgents();
    const messages = await collect(run);
    expect(agents.map((a) => a.name)).toContain('ccsdk-reviewer');
    expect(messages.find(isSDKSystemInitMessage)?.agents).toContain('ccsdk-reviewer');
  });

  it('should yield structured_output on the result for an outputFormat schema', async () => {
    rig = await startRig({
      script: [reply(toolUse('StructuredOutput', { answer: 42 })), reply(text('Done.'))],
    });
    const messages = await collect(
      query({
        prompt: 'What is the answer?',
        options: {
          ...baseOptions(rig),
          outputFormat: {
            type: 'json_schema',
            schema: { type: 'object', properties: { answer: { type: 'number' } }, required: ['answer'] },
          },
        },
      }),
    );
    const result = messages.at(-1);
    expect(isSDKResultSuccess(result) && result.structured_output).toEqual({ answer: 42 });
  });
});
