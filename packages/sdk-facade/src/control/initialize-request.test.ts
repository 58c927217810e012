import { createSdkMcpServer, tool } from '@ccsdk/mcp-inproc';
import { buildCliArgs } from '@ccsdk/transport-subprocess';
import { describe, expect, it } from 'vitest';
import { SYSTEM_PROMPT_DYNAMIC_BOUNDARY } from '../constants.js';
import type { ExtendedOptions } from '../options/options.js';
import { query } from '../query/query.js';
import { FakeCliTransport } from '../testing/fake-cli-transport.js';
import { subprocessOptionsOf } from '../transport/default-transport.js';
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
      systemPrompt: [''],
      title: 'My Title',
      toolAliases: { Bash: 'mcp__x__bash' },
      supportedDialogKinds: ['refusal_fallback_prompt'],
      agentProgressSummaries: true,
      perTaskStopAffordance: false,
    });
    expect(buildInitializeRequest({ verbatimPrompts: true })).toEqual({ systemPrompt: [''] });
    expect(buildInitializeRequest({}, {})).toEqual({ hooks: {}, systemPrompt: [''] });
  });

  it('should carry every system prompt form as the official SDK sends it, and none on argv', () => {
    const rows: Array<[ExtendedOptions['systemPrompt'], Record<string, unknown>]> = [
      [undefined, { systemPrompt: [''] }],
      ['', { systemPrompt: [''] }],
      ['Be brief.', { systemPrompt: ['Be brief.'] }],
      [
        ['static', SYSTEM_PROMPT_DYNAMIC_BOUNDARY, 'dynamic'],
        { systemPrompt: ['static', SYSTEM_PROMPT_DYNAMIC_BOUNDARY, 'dynamic'] },
      ],
      [{ type: 'custom', prompt: ['a', 'b'] }, { systemPrompt: ['a', 'b'] }],
      [
        { type: 'custom', prompt: 'c', snapshot: false },
        { systemPrompt: ['c'], systemPromptSnapshot: false },
      ],
      [{ type: 'preset', preset: 'claude_code' }, {}],
      [{ type: 'preset', preset: 'claude_code', append: '' }, { appendSystemPrompt: '' }],
      [
        { type: 'preset', preset: 'claude_code', append: 'x', snapshot: true, excludeDynamicSections: false },
        { appendSystemPrompt: 'x', systemPromptSnapshot: true, excludeDynamicSections: false },
      ],
    ];
    for (const [systemPrompt, expected] of rows) {
      expect(buildInitializeRequest({ systemPrompt })).toStrictEqual(expected);
      expect(buildCliArgs(subprocessOptionsOf({ systemPrompt })).join(' ')).not.toMatch(
        /system-prompt|dynamic/,
      );
    }
    // A prompt file is read by the CLI itself: no prompt in initialize, the file on argv.
    expect(buildInitializeRequest({ systemPromptFile: '/p.md' })).toStrictEqual({});
    expect(buildCliArgs(subprocessOptionsOf({ systemPromptFile: '/p.md' }))).toContain(
      '--system-prompt-file',
    );
  });

  it('should refuse a system prompt form the official types do not have, synchronously in query()', () => {
    const bad: Array<[unknown, RegExp]> = [
      [42, /Invalid option systemPrompt: expected a string/],
      [['ok', 7], /Invalid option systemPrompt\[1\]/],
      [{ type: 'file', path: '/p.md' }, /a file is systemPromptFile/],
      [{ type: 'preset', preset: 'other' }, /systemPrompt\.preset/],
      [{ type: 'preset', preset: 'claude_code', append: 3 }, /systemPrompt\.append/],
      [{ type: 'custom', prompt: 'x', snapshot: 'yes' }, /systemPrompt\.snapshot/],
    ];
    for (const [systemPrompt, message] of bad) {
      expect(() =>
        query({
          prompt: 'go',
          options: { transport: new FakeCliTransport(), systemPrompt: systemPrompt as never },
        }),
      ).toThrow(message);
    }
    expect(() =>
      query({
        prompt: 'go',
        options: { transport: new FakeCliTransport(), systemPrompt: 'a', systemPromptFile: '/p.md' },
      }),
    ).toThrow(/systemPrompt and systemPromptFile cannot be used together/);
  });

  it('should move plan-mode instructions, suggestions and subagent text off argv, and send the JSON schema in both', () => {
    const options: ExtendedOptions = {
      planModeInstructions: 'Plan it.',
      promptSuggestions: false,
      forwardSubagentText: true,
      outputFormat: { type: 'json_schema', schema: { type: 'object' } },
    };
    expect(buildInitializeRequest(options)).toStrictEqual({
      jsonSchema: { type: 'object' },
      systemPrompt: [''],
      planModeInstructions: 'Plan it.',
      promptSuggestions: false,
      forwardSubagentText: true,
    });
    const argv = buildCliArgs(subprocessOptionsOf(options));
    expect(argv.join(' ')).not.toMatch(/plan-mode|prompt-suggestions|forward-subagent/);
    expect(argv).toContain('--json-schema');
  });

  it('should send process MCP servers and plugins for launch only with initialize delivery', () => {
    const calc = createSdkMcpServer({ name: 'calc', tools: [] });
    const options: ExtendedOptions = {
      mcpServers: { files: { command: 'node', args: ['f.js'], env: { TOKEN: 's3cret' } }, calc },
      plugins: [{ type: 'local', path: '/plug' }],
    };
    expect(buildInitializeRequest(options)).not.toHaveProperty('mcpServers');
    expect(buildInitializeRequest(options)).not.toHaveProperty('plugins');
    const launch: ExtendedOptions = {
      ...options,
      mcpServersDelivery: 'initialize',
      pluginDelivery: 'initialize',
    };
    expect(buildInitializeRequest(launch)).toMatchObject({
      plugins: [{ type: 'local', path: '/plug' }],
      mcpServers: { files: { command: 'node', args: ['f.js'], env: { TOKEN: 's3cret' } } },
    });
    const argv = buildCliArgs(subprocessOptionsOf(launch));
    expect(argv).toContain('--await-initialize');
    expect(argv.join(' ')).not.toMatch(/s3cret|plugin-dir/);
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
      agents: { reviewer: { description: 'Reviews', prompt: 'Review it', tools: ['Read'] } },
      skills: ['pdf'],
      excludeDynamicSections: true,
    });
  });

  it('should send skills only for an explicit list', () => {
    expect(buildInitializeRequest({ skills: 'all' })).toEqual({ systemPrompt: [''] });
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
    expect(buildInitializeRequest({}, null, { stray: { initializeResult: {} } })).toEqual({
      systemPrompt: [''],
    });
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

describe('MCP servers delivered in initialize', () => {
  const options = (transport: FakeCliTransport): ExtendedOptions => ({
    transport,
    mcpServersDelivery: 'initialize',
    mcpServers: { files: { command: 'node', args: ['f.js'] } },
    onWarning: () => {},
  });

  it('should end the query before its prompt when the CLI does not say it read them', async () => {
    const transport = new FakeCliTransport();
    const run = query({ prompt: 'go', options: options(transport) });
    const failure = await run.next().catch((error: unknown) => error);
    expect(failure).toMatchObject({ name: 'SdkError', code: 'MCP_SERVERS_NOT_APPLIED' });
    expect(transport.sent.some((m) => m['type'] === 'user')).toBe(false);
    await run.close();
  });

  it('should send the prompt once the CLI says it read them', async () => {
    const transport = new FakeCliTransport();
    transport.replies.set('initialize', { commands: [], mcp_servers_applied: true });
    const run = query({ prompt: 'go', options: options(transport) });
    await run.initializationResult();
    expect(await transport.waitForSent((m) => m['type'] === 'user')).toMatchObject({ type: 'user' });
    await run.close();
  });
});
