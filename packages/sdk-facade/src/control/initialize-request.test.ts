import { createSdkMcpServer, tool } from '@ccsdk/mcp-inproc';
import { describe, expect, it } from 'vitest';
import { query } from '../query/query.js';
import { FakeCliTransport } from '../testing/fake-cli-transport.js';
import { buildInitializeRequest } from './initialize-request.js';

describe('the initialize request', () => {
  it('should carry the session fields the official SDK sends there, and no undefined ones', () => {
    expect(
      buildInitializeRequest({
        title: 'My Title',
        toolAliases: { Bash: 'mcp__x__bash' },
        supportedDialogKinds: ['refusal_fallback_prompt'],
        onUserDialog: async () => ({ behavior: 'cancelled' }),
        agentProgressSummaries: true,
        perTaskStopAffordance: false,
      }),
    ).toEqual({
      hooks: null,
      title: 'My Title',
      toolAliases: { Bash: 'mcp__x__bash' },
      supportedDialogKinds: ['refusal_fallback_prompt'],
      agentProgressSummaries: true,
      perTaskStopAffordance: false,
    });
    expect(buildInitializeRequest({ verbatimPrompts: true })).toEqual({ hooks: null });
  });

  it('should mark every user message client_composed with verbatimPrompts', async () => {
    const transport = new FakeCliTransport();
    const run = query({ prompt: 'look at @secret.txt', options: { transport, verbatimPrompts: true } });
    const user = await transport.waitForSent((m) => m['type'] === 'user');
    expect(user).toMatchObject({
      client_composed: true,
      message: { content: [{ type: 'text', text: 'look at @secret.txt' }] },
    });
    await run.close();
    const plain = new FakeCliTransport();
    const run2 = query({ prompt: 'hi', options: { transport: plain } });
    expect(await plain.waitForSent((m) => m['type'] === 'user')).not.toHaveProperty('client_composed');
    await run2.close();
  });

  it('should carry agents without null fields, skills lists and excludeDynamicSections', () => {
    expect(
      buildInitializeRequest({
        agents: {
          reviewer: { description: 'Reviews', prompt: 'Review it', model: undefined, tools: ['Read'] },
        },
        skills: ['pdf'],
        systemPrompt: { type: 'preset', preset: 'claude_code', excludeDynamicSections: true },
      }),
    ).toEqual({
      hooks: null,
      agents: { reviewer: { description: 'Reviews', prompt: 'Review it', tools: ['Read'] } },
      skills: ['pdf'],
      excludeDynamicSections: true,
    });
  });

  it('should send skills only for an explicit list', () => {
    expect(buildInitializeRequest({ skills: 'all' })).toEqual({ hooks: null });
  });

  it('should be the first thing query() sends', async () => {
    const transport = new FakeCliTransport();
    const run = query({
      prompt: 'go',
      options: { transport, agents: { helper: { description: 'Helps', prompt: 'Help' } } },
    });
    await run.initializationResult();
    expect(transport.sent[0]).toMatchObject({
      type: 'control_request',
      request: { subtype: 'initialize', agents: { helper: { description: 'Helps', prompt: 'Help' } } },
    });
    await run.close();
  });

  it('should name in-process servers and carry their handshake results as manifests', async () => {
    const calc = createSdkMcpServer({
      name: 'calc',
      version: '2.0.0',
      tools: [tool('add', 'Adds', {}, async () => ({ content: [] }))],
    });
    const transport = new FakeCliTransport();
    const run = query({
      prompt: 'go',
      options: { transport, mcpServers: { calc, remote: { type: 'http', url: 'http://127.0.0.1:9' } } },
    });
    await run.initializationResult();
    const request = (transport.sent[0] as { request: Record<string, unknown> }).request;
    expect(request['sdkMcpServers']).toEqual(['calc']);
    expect(request['sdkMcpServerManifests']).toEqual({
      calc: {
        initializeResult: expect.objectContaining({ serverInfo: { name: 'calc', version: '2.0.0' } }),
        toolsListResult: { tools: [expect.objectContaining({ name: 'add', description: 'Adds' })] },
      },
    });
    await run.close();
  });

  it('should drop manifests of names that are not in-process servers of the query', () => {
    expect(buildInitializeRequest({}, null, { stray: { initializeResult: {} } })).toEqual({ hooks: null });
  });

  it('should refuse an agent without a prompt synchronously', () => {
    expect(() =>
      query({
        prompt: 'go',
        options: { transport: new FakeCliTransport(), agents: { bad: { description: 'x' } as never } },
      }),
    ).toThrow(/agents\.bad/);
  });
});
