import { describe, expect, it } from 'vitest';
import { createSdkMcpServer } from '../index.js';
import { query } from '../query/query.js';
import type { Query } from '../query/query-types.js';
import { FakeCliTransport } from '../testing/fake-cli-transport.js';

type Call = [method: string, args: unknown[], subtype: string, payload: Record<string, unknown>];

/** The subtypes and payloads recorded from the official SDK 0.3.332 against CLI 2.1.332. */
const CALLS: Call[] = [
  [
    'readFile',
    ['a.txt', { maxBytes: 10, encoding: 'base64' }],
    'read_file',
    { path: 'a.txt', max_bytes: 10, encoding: 'base64' },
  ],
  ['readFile', ['a.txt'], 'read_file', { path: 'a.txt' }],
  ['readMcpResource', ['srv', 'ui://x'], 'mcp_read_resource', { serverName: 'srv', uri: 'ui://x' }],
  ['reloadSkills', [], 'reload_skills', {}],
  [
    'reloadPlugins',
    [{ holdOnCacheImpact: true, refuseIfBusy: true }],
    'reload_plugins',
    { hold_on_cache_impact: true, refuse_if_busy: true },
  ],
  ['reloadOutputStyles', [], 'reload_output_styles', {}],
  [
    'applyFlagSettings',
    [{ effortLevel: 'high' }],
    'apply_flag_settings',
    { settings: { effortLevel: 'high' } },
  ],
  [
    'updateSettings',
    ['localSettings', { outputStyle: 'x' }],
    'update_settings',
    { source: 'localSettings', settings: { outputStyle: 'x' } },
  ],
  ['backgroundTasks', ['toolu_1'], 'background_tasks', { tool_use_id: 'toolu_1' }],
  ['backgroundTasks', [], 'background_tasks', {}],
  ['seedReadState', ['a.txt', 1234], 'seed_read_state', { path: 'a.txt', mtime: 1234 }],
  [
    'setMcpPermissionModeOverride',
    ['srv', 'default'],
    'set_mcp_permission_mode_override',
    { serverName: 'srv', mode: 'default' },
  ],
  [
    'setMcpPermissionModeOverride',
    ['srv', null],
    'set_mcp_permission_mode_override',
    { serverName: 'srv', mode: null },
  ],
  [
    'usage_EXPERIMENTAL_MAY_CHANGE_DO_NOT_RELY_ON_THIS_API_YET',
    [{ skipBehaviors: true }],
    'get_usage',
    { skip_behaviors: true },
  ],
];

function call(run: unknown, method: string, args: unknown[]): Promise<unknown> {
  const fn = (run as Record<string, (...a: unknown[]) => Promise<unknown>>)[method];
  if (fn === undefined) throw new Error(`no method ${method}`);
  return fn.apply(run, args);
}

describe('session control methods', () => {
  it.each(CALLS)('%s(%j) should send %s with its payload', async (method, args, subtype, payload) => {
    const transport = new FakeCliTransport();
    transport.replies.set(subtype, { backgrounded: true });
    const run = query({ prompt: 'go', options: { transport } });
    await call(run, method, args);
    expect(transport.controlRequests(subtype).map((m) => m['request'])).toEqual([{ subtype, ...payload }]);
    await run.close();
  });

  it('reinitialize() should send the first initialize payload again and resolve with the new answer', async () => {
    const transport = new FakeCliTransport();
    let answers = 0;
    transport.replies.set('initialize', () => ({ commands: [], answer: ++answers, hooks_applied: true }));
    const run = query({
      prompt: 'go',
      options: { transport, title: 'T', hooks: { Stop: [{ hooks: [async () => ({})] }] } },
    });
    await run.initializationResult();
    const again = await run.reinitialize();
    expect(again).toMatchObject({ answer: 2, hooks_applied: true });
    const sent = transport.controlRequests('initialize').map((m) => m['request']);
    expect(sent).toHaveLength(2);
    expect(sent[1]).toEqual(sent[0]);
    expect(sent[1]).toMatchObject({ title: 'T', hooks: { Stop: [expect.any(Object)] } });
    await run.close();
  });

  it('reinitialize() should name the in-process servers served now, after setMcpServers() replaced them', async () => {
    const transport = new FakeCliTransport();
    transport.replies.set('mcp_set_servers', { added: ['late'], removed: ['calc'], errors: {} });
    const calc = createSdkMcpServer({ name: 'calc', tools: [] });
    const late = createSdkMcpServer({ name: 'late', tools: [] });
    const run = query({ prompt: 'go', options: { transport, mcpServers: { calc } } });
    await run.initializationResult();
    expect(transport.controlRequests('initialize')[0]?.['request']).toMatchObject({
      sdkMcpServers: ['calc'],
    });
    await run.setMcpServers({ late });
    await run.reinitialize();
    expect(transport.controlRequests('initialize')[1]?.['request']).toMatchObject({
      sdkMcpServers: ['late'],
    });
    await run.close();
  });

  it('readFile() should resolve null when the CLI refuses, and the content otherwise', async () => {
    const transport = new FakeCliTransport();
    transport.unanswered.add('read_file');
    const run = query({ prompt: 'go', options: { transport } });
    const denied = run.readFile('secret.txt');
    const request = await transport.waitForSent(
      (m) => (m['request'] as { subtype?: string })?.subtype === 'read_file',
    );
    transport.emit({
      type: 'control_response',
      response: { subtype: 'error', request_id: request['request_id'], error: 'read denied: secret.txt' },
    });
    expect(await denied).toBeNull();
    await run.close();
    await expect(run.readFile('a.txt')).rejects.toMatchObject({ code: 'CONNECTION_CLOSED' });
  });

  it('applyFlagSettings() should take flag settings typed as the settings are, and send them as given', async () => {
    const transport = new FakeCliTransport();
    transport.replies.set('apply_flag_settings', {});
    const run: Query = query({ prompt: 'hi', options: { transport } });
    await run.applyFlagSettings({ effortLevel: 'max', model: null, permissions: { deny: ['Bash'] } });
    expect(transport.controlRequests('apply_flag_settings').map((m) => m['request'])).toEqual([
      {
        subtype: 'apply_flag_settings',
        settings: { effortLevel: 'max', model: null, permissions: { deny: ['Bash'] } },
      },
    ]);
    // Checked by tsc, never run: a wrongly typed value does not compile.
    const wronglyTyped = (q: Query) => [
      // @ts-expect-error: `model` names a model, not a number
      q.applyFlagSettings({ model: 42 }),
      // @ts-expect-error: `effortLevel` takes a level
      q.applyFlagSettings({ effortLevel: 'extreme' }),
    ];
    expect(wronglyTyped).toBeTypeOf('function');
    await run.close();
  });

  it("backgroundTasks() should resolve the CLI's backgrounded flag", async () => {
    const transport = new FakeCliTransport();
    transport.replies.set('background_tasks', { backgrounded: false });
    const run = query({ prompt: 'go', options: { transport } });
    expect(await run.backgroundTasks('toolu_x')).toBe(false);
    await run.close();
  });

  it.each([
    ['readFile', [''], 'read_file', { path: '' }],
    [
      'readFile',
      ['a', { maxBytes: -1, encoding: 'latin1' }],
      'read_file',
      { max_bytes: -1, encoding: 'latin1' },
    ],
    ['seedReadState', ['', 1.5], 'seed_read_state', { path: '', mtime: 1.5 }],
    ['seedReadState', ['a', -5], 'seed_read_state', { mtime: -5 }],
    ['backgroundTasks', [''], 'background_tasks', {}],
    ['setMcpPermissionModeOverride', ['', null], 'set_mcp_permission_mode_override', { serverName: '' }],
    ['reloadPlugins', [null], 'reload_plugins', {}],
  ])(
    '%s(%j) should be sent to the CLI, as the official SDK sends it',
    async (method, args, subtype, payload) => {
      const transport = new FakeCliTransport();
      const run = query({ prompt: 'go', options: { transport } });
      await run.initializationResult();
      void Promise.resolve(call(run, method, args)).catch(() => {});
      const sent = await transport.waitForSent(
        (m) =>
          (m['request'] as { subtype?: string })?.subtype !== 'initialize' && m['type'] === 'control_request',
      );
      expect(sent['request']).toMatchObject(payload);
      expect((sent['request'] as { subtype: string }).subtype).toBe(subtype);
      await run.closeAndWait();
    },
  );

  it.each([
    ['readFile', [42], /path/],
    ['readMcpResource', ['srv', 42], /uri/],
    ['applyFlagSettings', [null], /settings/],
    ['updateSettings', ['projectSettings', {}], /"projectSettings"/],
    ['seedReadState', ['a', Number.NaN], /NaN/],
    ['reloadPlugins', ['all'], /"all"/],
    ['setMcpPermissionModeOverride', ['srv', 'bypassPermissions'], /"bypassPermissions"/],
  ])(
    '%s(%j) should throw a TypeError quoting the bad argument before sending',
    async (method, args, pattern) => {
      const transport = new FakeCliTransport();
      const run = query({ prompt: 'go', options: { transport } });
      await run.initializationResult();
      const before = transport.sent.length;
      expect(() => call(run, method, args)).toThrow(pattern);
      await run.close();
      expect(transport.sent.slice(before).filter((m) => m['type'] === 'control_request')).toEqual([]);
    },
  );
});
