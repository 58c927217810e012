import { describe, expect, it } from 'vitest';
import { createSdkMcpServer, tool } from '../index.js';
import type { McpServerConfig } from '../mcp/mcp-server-config.js';
import { query } from '../query/query.js';
import { FakeCliTransport } from '../testing/fake-cli-transport.js';

type Call = [method: string, args: unknown[], subtype: string, payload: Record<string, unknown>];

const CALLS: Call[] = [
  ['interrupt', [], 'interrupt', {}],
  ['setPermissionMode', ['acceptEdits'], 'set_permission_mode', { mode: 'acceptEdits' }],
  ['setModel', ['claude-other'], 'set_model', { model: 'claude-other' }],
  ['setModel', [], 'set_model', {}],
  ['setMaxThinkingTokens', [2048], 'set_max_thinking_tokens', { max_thinking_tokens: 2048 }],
  ['setMaxThinkingTokens', [null], 'set_max_thinking_tokens', { max_thinking_tokens: null }],
  [
    'setMaxThinkingTokens',
    [1024, 'omitted'],
    'set_max_thinking_tokens',
    { max_thinking_tokens: 1024, thinking_display: 'omitted' },
  ],
  ['mcpServerStatus', [], 'mcp_status', {}],
  ['getContextUsage', [], 'get_context_usage', {}],
  ['getContextUsage', [{ detail: 'full' }], 'get_context_usage', { detail: 'full' }],
  ['getContextUsage', [{ detail: 'summary' }], 'get_context_usage', { detail: 'summary' }],
  ['rewindFiles', ['u-1', { dryRun: true }], 'rewind_files', { user_message_id: 'u-1', dry_run: true }],
  ['reconnectMcpServer', ['docs'], 'mcp_reconnect', { serverName: 'docs' }],
  ['toggleMcpServer', ['docs', false], 'mcp_toggle', { serverName: 'docs', enabled: false }],
  [
    'setMcpServers',
    [{ docs: { type: 'http', url: 'http://127.0.0.1:1/mcp' } }],
    'mcp_set_servers',
    { servers: { docs: { type: 'http', url: 'http://127.0.0.1:1/mcp' } } },
  ],
  ['stopTask', ['task-9'], 'stop_task', { task_id: 'task-9' }],
  // ExtendedQuery's methods the official query has but does not declare, as the official writes them.
  [
    'generateSessionTitle',
    ['Fix the flaky build', { persist: true }],
    'generate_session_title',
    { description: 'Fix the flaky build', persist: true },
  ],
  [
    'generateSessionTitle',
    ['Fix the flaky build', { persist: false }],
    'generate_session_title',
    { description: 'Fix the flaky build', persist: false },
  ],
  [
    'generateSessionTitle',
    ['Fix the flaky build'],
    'generate_session_title',
    { description: 'Fix the flaky build' },
  ],
  ['generateSessionTitle', [''], 'generate_session_title', { description: '' }],
  ['getSettings', [], 'get_settings', {}],
  ['enableRemoteControl', [true, 'laptop'], 'remote_control', { enabled: true, name: 'laptop' }],
  ['enableRemoteControl', [true], 'remote_control', { enabled: true }],
  ['enableRemoteControl', [false], 'remote_control', { enabled: false }],
  ['mcpAuthenticate', ['docs'], 'mcp_authenticate', { serverName: 'docs' }],
  ['request', ['future_subtype', { a: 1 }], 'future_subtype', { a: 1 }],
];

describe('Query control methods', () => {
  it.each(CALLS)('%s(%j) should send %s with its payload', async (method, args, subtype, payload) => {
    const transport = new FakeCliTransport();
    transport.replies.set(subtype, {});
    const run = query({ prompt: 'go', options: { transport } });
    const call = (run as unknown as Record<string, (...a: unknown[]) => Promise<unknown>>)[method];
    await call?.apply(run, args);
    const sent = transport.controlRequests(subtype);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.['request']).toEqual({ subtype, ...payload });
    await run.close();
  });

  it('should resolve interrupt() and setPermissionMode() with the CLI answer, as the official types say', async () => {
    const transport = new FakeCliTransport();
    transport.replies.set('interrupt', { still_queued: ['u-2'], cancelled: [] });
    transport.replies.set('set_permission_mode', { mode: 'plan' });
    const run = query({ prompt: 'go', options: { transport } });
    await expect(run.interrupt()).resolves.toEqual({ still_queued: ['u-2'], cancelled: [] });
    await expect(run.setPermissionMode('plan')).resolves.toEqual({ mode: 'plan' });
    // An older CLI answers interrupt with an empty body: there is no report to give.
    transport.replies.set('interrupt', {});
    await expect(run.interrupt()).resolves.toBeUndefined();
    await run.close();
  });

  it('should send nothing before initialize answered, then everything after', async () => {
    const transport = new FakeCliTransport();
    transport.unanswered.add('initialize');
    transport.replies.set('interrupt', {});
    const run = query({ prompt: 'go', options: { transport } });
    const interrupted = run.interrupt();
    const init = await transport.waitForSent(
      (m) => (m['request'] as { subtype?: string })?.subtype === 'initialize',
    );
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(transport.controlRequests('interrupt')).toHaveLength(0);
    transport.emit({
      type: 'control_response',
      response: { subtype: 'success', request_id: init['request_id'], response: { commands: [] } },
    });
    await interrupted;
    expect(transport.controlRequests('interrupt')).toHaveLength(1);
    await run.close();
  });

  it('should read commands, models, agents and account from the initialize answer', async () => {
    const transport = new FakeCliTransport();
    transport.replies.set('initialize', {
      commands: [{ name: 'review', description: 'Review' }],
      models: [{ value: 'default', displayName: 'Default', description: 'd' }],
      agents: [{ name: 'Explore', description: 'e' }],
      account: { apiKeySource: 'ANTHROPIC_API_KEY' },
    });
    const run = query({ prompt: 'go', options: { transport } });
    expect((await run.supportedCommands()).map((c) => c.name)).toEqual(['review']);
    expect((await run.supportedModels()).map((m) => m.value)).toEqual(['default']);
    expect((await run.supportedAgents()).map((a) => a.name)).toEqual(['Explore']);
    expect(await run.accountInfo()).toEqual({ apiKeySource: 'ANTHROPIC_API_KEY' });
    expect(transport.sent.filter((m) => m['type'] === 'control_request')).toHaveLength(1);
    await run.close();
  });

  it('should reject with the CLI error for a refused request', async () => {
    const transport = new FakeCliTransport();
    const run = query({ prompt: 'go', options: { transport } });
    await run.initializationResult();
    const pending = run.request('nope');
    const request = await transport.waitForSent(
      (m) => (m['request'] as { subtype?: string })?.subtype === 'nope',
    );
    transport.emit({
      type: 'control_response',
      response: {
        subtype: 'error',
        request_id: request['request_id'],
        error: 'Unsupported control request subtype: nope',
      },
    });
    await expect(pending).rejects.toMatchObject({ code: 'CONTROL_ERROR_RESPONSE' });
    await run.close();
  });

  it('should refuse bad arguments without sending', async () => {
    const transport = new FakeCliTransport();
    const run = query({ prompt: 'go', options: { transport } });
    await expect(run.setMaxThinkingTokens(-1)).rejects.toThrow(TypeError);
    const inProcess = { type: 'sdk', name: 'calc' } as unknown as McpServerConfig;
    expect(() => run.setMcpServers({ calc: inProcess })).toThrow(TypeError);
    expect(transport.controlRequests('set_max_thinking_tokens')).toHaveLength(0);
    await run.close();
  });

  it('should serve in-process servers given to setMcpServers, send them without their instance, and put them back when the CLI refuses', async () => {
    const transport = new FakeCliTransport();
    let said = 0;
    const echo = createSdkMcpServer({
      name: 'echo-server',
      tools: [
        tool('say', 'Says hi', {}, async () => ({ content: [{ type: 'text', text: `hi ${++said}` }] })),
      ],
    });
    transport.replies.set('mcp_set_servers', { added: ['echo'], removed: [], errors: {} });
    const run = query({ prompt: 'go', options: { transport } });
    await expect(
      run.setMcpServers({ echo, docs: { type: 'http', url: 'http://127.0.0.1:1/mcp' } }),
    ).resolves.toEqual({ added: ['echo'], removed: [], errors: {} });
    expect(transport.controlRequests('mcp_set_servers')[0]?.['request']).toEqual({
      subtype: 'mcp_set_servers',
      servers: {
        echo: { type: 'sdk', name: 'echo-server' },
        docs: { type: 'http', url: 'http://127.0.0.1:1/mcp' },
      },
    });
    const ask = async (id: string, message: Record<string, unknown>) => {
      transport.emit({
        type: 'control_request',
        request_id: id,
        request: { subtype: 'mcp_message', server_name: 'echo', message },
      });
      const answer = await transport.waitForSent(
        (m) =>
          m['type'] === 'control_response' && (m['response'] as { request_id?: string }).request_id === id,
      );
      return ((answer['response'] as Record<string, unknown>)['response'] as Record<string, unknown>)[
        'mcp_response'
      ];
    };
    const initialize = {
      protocolVersion: '2025-06-18',
      capabilities: {},
      clientInfo: { name: 'cli', version: '0' },
    };
    await ask('m1', { jsonrpc: '2.0', id: 1, method: 'initialize', params: initialize });
    await expect(
      ask('m2', { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'say', arguments: {} } }),
    ).resolves.toMatchObject({ result: { content: [{ type: 'text', text: 'hi 1' }] } });
    // A refused call leaves the servers as they were: echo still answers.
    transport.replies.delete('mcp_set_servers');
    const refused = run.setMcpServers({});
    const sent = await transport.waitForSent(
      (m) =>
        m['type'] === 'control_request' &&
        (m['request'] as { servers?: unknown }).servers !== undefined &&
        Object.keys((m['request'] as { servers: object }).servers).length === 0,
    );
    transport.emit({
      type: 'control_response',
      response: { subtype: 'error', request_id: sent['request_id'], error: 'no' },
    });
    await expect(refused).rejects.toMatchObject({ code: 'CONTROL_ERROR_RESPONSE' });
    await expect(
      ask('m3', { jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'say', arguments: {} } }),
    ).resolves.toMatchObject({ result: { content: [{ type: 'text', text: 'hi 2' }] } });
    await run.close();
  });

  it('should stream more input with streamInput', async () => {
    const transport = new FakeCliTransport();
    const run = query({
      prompt: (async function* () {
        yield {
          type: 'user' as const,
          session_id: '',
          message: { role: 'user' as const, content: 'one' },
          parent_tool_use_id: null,
        };
        await new Promise((resolve) => setTimeout(resolve, 50));
      })(),
      options: { transport },
    });
    await run.streamInput(
      (async function* () {
        yield {
          type: 'user' as const,
          session_id: '',
          message: { role: 'user' as const, content: 'two' },
          parent_tool_use_id: null,
        };
      })(),
    );
    const contents = transport.sent
      .filter((m) => m['type'] === 'user')
      .map((m) => (m['message'] as { content: string }).content);
    expect(contents).toEqual(expect.arrayContaining(['one', 'two']));
    await run.close();
  });
});
