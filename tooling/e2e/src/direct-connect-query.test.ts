import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { DirectConnectError } from '@ccsdk/direct-connect';
import { isSDKResultMessage, isSDKSystemInitMessage, query, type SDKMessage } from '@ccsdk/sdk';
import { isMessagesRequest, reply, text, toolUse } from '@ccsdk/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { type DirectConnectRig, startDirectConnectRig } from './direct-connect-rig.js';
import { assistantTexts, collect } from './support/collect.js';
import { waitForNoProcessesWithEnv } from './support/process-table.js';
import { PromptStream } from './support/prompt-stream.js';

let dc: DirectConnectRig | undefined;
afterEach(async () => {
  await dc?.dispose();
  dc = undefined;
});

describe('query() over Direct Connect, through our server and the real CLI', () => {
  it('should stream init, the scripted text and a success result, then end the session', async () => {
    dc = await startDirectConnectRig({ script: [reply(text('Hello over Direct Connect.'))] });
    const transport = dc.transport();
    const messages = await collect(query({ prompt: 'Say hello, marker-dc-1', options: { transport } }));

    expect(messages.find(isSDKSystemInitMessage)?.cwd).toBe(dc.rig.sandbox.cwd);
    expect(assistantTexts(messages)).toContain('Hello over Direct Connect.');
    const result = messages.at(-1);
    expect(isSDKResultMessage(result) ? result.subtype : result).toBe('success');
    expect(dc.rig.fake.mainRequests().some((r) => r.lastUserText.includes('marker-dc-1'))).toBe(true);
    expect(transport.workDir).toBe(dc.rig.sandbox.cwd);
    expect(await waitForNoProcessesWithEnv(dc.rig.processMarker, 10_000)).toEqual([]);
    const events = dc.logs.map((entry) => entry.event);
    expect(events).toEqual(expect.arrayContaining(['session.created', 'session.attached', 'session.ended']));
  });

  it('should warn that CLI options set next to the transport stay here, and run the session with the server CLI', async () => {
    dc = await startDirectConnectRig({ script: [reply(text('Ran with the server model.'))] });
    const warnings: Error[] = [];
    const messages = await collect(
      query({
        prompt: 'hello',
        options: {
          transport: dc.transport(),
          model: 'claude-not-sent',
          allowedTools: ['Bash'],
          onWarning: (warning) => warnings.push(warning),
        },
      }),
    );
    expect(warnings).toEqual([expect.objectContaining({ code: 'OPTIONS_NOT_SENT' })]);
    expect(warnings[0]?.message).toContain('model, allowedTools');
    // The model the fake saw is the server CLI's, not the option.
    expect(dc.rig.fake.mainRequests().every((request) => request.model !== 'claude-not-sent')).toBe(true);
    expect(assistantTexts(messages)).toContain('Ran with the server model.');
  });

  it("should carry the client's system prompt to the server's CLI in initialize, without a warning", async () => {
    dc = await startDirectConnectRig({ script: [reply(text('Prompted remotely.'))] });
    const warnings: Error[] = [];
    await collect(
      query({
        prompt: 'hello',
        options: {
          transport: dc.transport(),
          systemPrompt: ['dc-system-block-7a3', 'second-block-1f8'],
          onWarning: (warning) => warnings.push(warning),
        },
      }),
    );
    expect(warnings).toEqual([]);
    const system = dc.rig.fake.mainRequests()[0]?.systemText ?? '';
    expect(system).toContain('dc-system-block-7a3');
    expect(system).toContain('second-block-1f8');
  });

  it("should give the server CLI its operator's system prompt, past argv's 128 KiB, when the client names none", async () => {
    // On the CLI's command line a prompt this long fails to spawn (E2BIG): it travels in initialize.
    const operatorPrompt = `operator-prompt-5d2 ${'O'.repeat(200_000)}`;
    dc = await startDirectConnectRig(
      { script: [reply(text('Operator prompt.')), reply(text('Client prompt.'))] },
      { cli: { systemPrompt: operatorPrompt } },
    );
    const messages = await collect(query({ prompt: 'hello', options: { transport: dc.transport() } }));
    expect(messages.at(-1)).toMatchObject({ type: 'result', subtype: 'success' });
    expect(dc.rig.fake.mainRequests()[0]?.systemText).toContain(operatorPrompt);
    // A client that names a prompt keeps it, as over a prompt given on the command line.
    await collect(
      query({ prompt: 'hello', options: { transport: dc.transport(), systemPrompt: 'client-prompt-8e6' } }),
    );
    const second = dc.rig.fake.mainRequests()[1]?.systemText ?? '';
    expect(second).toContain('client-prompt-8e6');
    expect(second).not.toContain('operator-prompt-5d2');
  });

  it('should answer canUseTool from the client and run the allowed tool on the server', async () => {
    dc = await startDirectConnectRig({
      script: [
        reply(toolUse('Bash', { command: 'touch dc-allowed.txt', description: 'create a file' })),
        reply(text('Created remotely.')),
      ],
    });
    const asked: string[] = [];
    const messages = await collect(
      query({
        prompt: 'Create the file',
        options: {
          transport: dc.transport(),
          canUseTool: async (tool, input) => {
            asked.push(`${tool}:${String(input['command'])}`);
            return { behavior: 'allow' };
          },
        },
      }),
    );
    expect(asked).toEqual(['Bash:touch dc-allowed.txt']);
    expect(existsSync(join(dc.rig.sandbox.cwd, 'dc-allowed.txt'))).toBe(true);
    expect(assistantTexts(messages)).toContain('Created remotely.');
    expect(dc.rig.fake.mainRequests().flatMap((r) => r.toolResults)).toEqual([
      expect.objectContaining({ isError: false }),
    ]);
  });

  it('should deny through canUseTool over the wire', async () => {
    dc = await startDirectConnectRig({
      script: [
        reply(toolUse('Bash', { command: 'touch dc-denied.txt', description: 'create a file' })),
        reply(text('Understood.')),
      ],
    });
    await collect(
      query({
        prompt: 'Create the file',
        options: {
          transport: dc.transport(),
          canUseTool: async () => ({ behavior: 'deny', message: 'No.' }),
        },
      }),
    );
    expect(existsSync(join(dc.rig.sandbox.cwd, 'dc-denied.txt'))).toBe(false);
    expect(dc.rig.fake.mainRequests().flatMap((r) => r.toolResults)).toEqual([
      expect.objectContaining({ isError: true }),
    ]);
  });

  it('should run hook callbacks of the client for the remote CLI', async () => {
    dc = await startDirectConnectRig({
      script: [
        reply(toolUse('Bash', { command: 'echo dc-hook-marker', description: 'say something' })),
        reply(text('Hooked.')),
      ],
    });
    const seen: string[] = [];
    const messages = await collect(
      query({
        prompt: 'Run echo',
        options: {
          transport: dc.transport(),
          hooks: {
            PreToolUse: [
              {
                matcher: 'Bash',
                hooks: [
                  async (input) => {
                    const toolInput =
                      'tool_input' in input ? (input.tool_input as { command?: string }) : undefined;
                    seen.push(`${input.hook_event_name}:${String(toolInput?.command)}`);
                    return {};
                  },
                ],
              },
            ],
          },
        },
      }),
    );
    expect(seen).toEqual(['PreToolUse:echo dc-hook-marker']);
    expect(assistantTexts(messages)).toContain('Hooked.');
  });

  it('should give initializationResult() over the wire', async () => {
    dc = await startDirectConnectRig({ script: [reply(text('ok'))] });
    const run = query({ prompt: 'hi', options: { transport: dc.transport() } });
    const init = await run.initializationResult();
    expect(init).toHaveProperty('commands');
    await collect(run);
  });

  it('should answer control methods and interrupt a slow turn over the wire, then go on', async () => {
    dc = await startDirectConnectRig({
      script: [
        { ...reply(text('This reply streams very slowly and will be interrupted.')), chunkDelayMs: 1_500 },
        reply(text('Second turn over Direct Connect.')),
      ],
    });
    const prompts = new PromptStream();
    const run = query({ prompt: prompts, options: { transport: dc.transport() } });
    expect((await run.supportedModels()).length).toBeGreaterThan(0);
    await run.setPermissionMode('acceptEdits');
    prompts.push('First, slowly');
    await dc.rig.fake.waitForRequest((r) => isMessagesRequest(r) && r.isMain, 30_000);
    await run.interrupt();
    const results: SDKMessage[] = [];
    const texts: string[] = [];
    for await (const message of run) {
      texts.push(...assistantTexts([message]));
      if (isSDKResultMessage(message)) {
        results.push(message);
        if (results.length === 1) prompts.push('Second, please');
        else prompts.end();
      }
    }
    expect(results).toHaveLength(2);
    expect(texts).toContain('Second turn over Direct Connect.');
  });

  it('should remove the session on the server when the client closes with deleteSessionOnClose', async () => {
    dc = await startDirectConnectRig({ script: [reply(text('first')), reply(text('second'))] });
    const transport = dc.transport({ deleteSessionOnClose: true });
    const run = query({
      prompt: 'hi',
      options: { transport, canUseTool: async () => ({ behavior: 'allow' }) },
    });
    for await (const message of run) {
      if (isSDKResultMessage(message)) break;
    }
    const sessionId = transport.sessionId;
    expect(sessionId).toBeDefined();
    await expect
      .poll(() => dc?.server.sessions().map((s) => s.sessionId), { timeout: 10_000 })
      .not.toContain(sessionId);
    expect(dc.logs).toContainEqual(expect.objectContaining({ event: 'session.delete_requested', sessionId }));
    expect(await waitForNoProcessesWithEnv(dc.rig.processMarker, 10_000)).toEqual([]);
  });

  it('should keep the session on the server without deleteSessionOnClose, until the server shuts down', async () => {
    dc = await startDirectConnectRig({ script: [reply(text('kept'))] });
    const transport = dc.transport();
    const run = query({
      prompt: 'hi',
      options: { transport, canUseTool: async () => ({ behavior: 'allow' }) },
    });
    for await (const message of run) {
      if (isSDKResultMessage(message)) break;
    }
    expect(dc.server.sessions().map((s) => s.sessionId)).toContain(transport.sessionId);
    await dc.server.close();
    expect(dc.server.sessions()).toEqual([]);
    expect(await waitForNoProcessesWithEnv(dc.rig.processMarker, 10_000)).toEqual([]);
  });

  it('should fail with a typed error when the remote CLI exits non-zero', async () => {
    dc = await startDirectConnectRig({ script: [] }, { cli: { extraArgs: { 'no-such-flag-ccsdk': null } } });
    const error = await collect(query({ prompt: 'hi', options: { transport: dc.transport() } })).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(DirectConnectError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ code: 'SESSION_EXITED', exitCode: 1 });
  });
});
