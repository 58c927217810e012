import type { SDKMessage, SDKUserMessage } from '@ccsdk/control-protocol';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Query } from '../query/query-types.js';
import { BrowserSdkError } from './browser-error.js';
import type { BrowserQueryOptions } from './browser-types.js';
import { query } from './query.js';
import {
  getCcrEvent,
  getSseDropCounts,
  getSseLastSequenceNum,
  resumeSseStream,
  suspendSseStream,
} from './sse-helpers.js';
import { FakeSseServer } from './sse-test-server.test-support.js';

let server: FakeSseServer;
const queries: Query[] = [];

beforeEach(async () => {
  server = new FakeSseServer();
  await server.listen();
});

afterEach(async () => {
  for (const q of queries.splice(0)) q.close();
  await server.close();
});

/** A scripted CLI behind the fake server: answers initialize, turns a user message into a reply. */
function scriptCli(options: { askPermission?: boolean; afterAsk?: () => void } = {}): void {
  let turn = 0;
  server.onPost = (body) => {
    if (body['end_of_input'] === true) {
      setTimeout(() => server.end(1000), 5);
      return;
    }
    const payload = body['payload'] as Record<string, unknown>;
    if (payload['type'] === 'control_request') {
      const request = payload['request'] as Record<string, unknown>;
      const answer =
        request['subtype'] === 'initialize'
          ? { commands: [], models: [], agents: [], account: {} }
          : { commands: [], agents: [], plugins: [], mcpServers: [], error_count: 0 };
      server.append('worker', {
        type: 'control_response',
        response: { subtype: 'success', request_id: payload['request_id'], response: answer },
      });
      return;
    }
    if (payload['type'] === 'control_response') {
      reply(`allowed:${JSON.stringify((payload['response'] as { response?: unknown }).response)}`);
      return;
    }
    if (payload['type'] !== 'user') return;
    turn += 1;
    server.append('worker', { type: 'system', subtype: 'init', session_id: 's1', turn });
    if (options.askPermission === true) {
      server.append('worker', {
        type: 'control_request',
        request_id: `cli-${turn}`,
        request: { subtype: 'can_use_tool', tool_name: 'Bash', input: { command: 'ls' }, tool_use_id: 'tu1' },
      });
      options.afterAsk?.();
      return;
    }
    reply(`hello ${turn}`);
  };
}

function reply(text: string): void {
  server.append('worker', {
    type: 'assistant',
    message: { role: 'assistant', content: [{ type: 'text', text }] },
    session_id: 's1',
  });
  server.append('worker', {
    type: 'result',
    subtype: 'success',
    is_error: false,
    result: text,
    session_id: 's1',
  });
}

async function* prompts(...texts: string[]): AsyncGenerator<SDKUserMessage> {
  for (const text of texts) {
    yield {
      type: 'user',
      message: { role: 'user', content: text },
      parent_tool_use_id: null,
      session_id: '',
    } as SDKUserMessage;
  }
}

function sseQuery(extra: Partial<BrowserQueryOptions> = {}, texts: string[] = ['hi']): Query {
  const q = query({
    prompt: prompts(...texts),
    sse: { streamUrl: server.streamUrl, sendUrl: server.sendUrl, sessionId: server.sessionId },
    ...extra,
  } as BrowserQueryOptions);
  queries.push(q);
  return q;
}

describe('the browser query() over SSE', () => {
  it('runs a turn, yields each message once with its envelope, and ends with the session', async () => {
    scriptCli();
    const q = sseQuery();
    const seen: { message: SDKMessage; cursor: number | undefined }[] = [];
    for await (const message of q) seen.push({ message, cursor: getSseLastSequenceNum(q) });
    expect(seen.map((s) => s.message.type)).toEqual(['system', 'assistant', 'result']);
    for (const { message, cursor } of seen) {
      const envelope = getCcrEvent(q, message);
      expect(envelope?.source).toBe('worker');
      expect(cursor).toBe(envelope?.sequence_num);
    }
    // The initialize answer (a control frame, consumed internally) and the prompt's echo are not yielded.
    expect(getSseLastSequenceNum(q)).toBe(getCcrEvent(q, seen[2]!.message)?.sequence_num);
    expect(getCcrEvent(q, { ...seen[2]!.message })).toBeUndefined();
    expect(getSseDropCounts(q)).toEqual({});
    expect(server.taken.at(-1)).toMatchObject({ end_of_input: true });
  });

  it('does not move the cursor past messages the consumer was not handed', async () => {
    scriptCli();
    const q = sseQuery();
    let first: SDKMessage | undefined;
    for await (const message of q) {
      first = message;
      // Let the rest of the turn arrive and sit in the buffer.
      await new Promise((resolve) => setTimeout(resolve, 50));
      break;
    }
    expect(first?.type).toBe('system');
    expect(getSseLastSequenceNum(q)).toBe(getCcrEvent(q, first!)?.sequence_num);
    expect(suspendSseStream(q)).toBe(false);
  });

  it('answers a permission prompt exactly once across a cut and a suspend while it waits', async () => {
    let asks = 0;
    scriptCli({ askPermission: true, afterAsk: () => setTimeout(() => server.cutAll(), 1) });
    const q = sseQuery({
      canUseTool: async () => {
        asks += 1;
        await new Promise((resolve) => setTimeout(resolve, 30));
        return { behavior: 'allow', updatedInput: { command: 'ls' } };
      },
    });
    const types: string[] = [];
    for await (const message of q) {
      types.push(message.type);
      if (message.type === 'system') {
        expect(suspendSseStream(q)).toBe(true);
        setTimeout(() => resumeSseStream(q), 40);
      }
    }
    expect(types).toEqual(['system', 'assistant', 'result']);
    expect(asks).toBe(1);
    const answers = server.taken.filter(
      (b) => (b['payload'] as { type?: string } | undefined)?.type === 'control_response',
    );
    expect(answers).toHaveLength(1);
    expect(answers[0]?.['payload']).toMatchObject({ response: { request_id: 'cli-1', subtype: 'success' } });
  });

  it('surfaces a refused stream as a typed error from the iterator', async () => {
    server.refuseStreams = { status: 403, code: 'origin_not_allowed' };
    const q = sseQuery();
    const error = await q.next().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BrowserSdkError);
    expect(error).toMatchObject({ code: 'SSE_REFUSED', serverCode: 'origin_not_allowed' });
  });

  it('refuses the control methods that need the local machine, and sends the others', async () => {
    scriptCli();
    // A prompt that stays open: the control channel keeps its input.
    const q = query({
      prompt: { [Symbol.asyncIterator]: () => ({ next: () => new Promise<never>(() => {}) }) },
      sse: { streamUrl: server.streamUrl, sendUrl: server.sendUrl, sessionId: server.sessionId },
    });
    queries.push(q);
    await expect(q.seedReadState('/a', 1)).rejects.toMatchObject({ code: 'NOT_SUPPORTED_IN_BROWSER' });
    await expect(q.reloadPlugins({ addPlugins: [{ type: 'local', path: '/p' }] })).rejects.toMatchObject({
      code: 'NOT_SUPPORTED_IN_BROWSER',
    });
    await expect(q.reloadPlugins()).resolves.toMatchObject({ error_count: 0 });
    const sent = server.taken.map(
      (b) => (b['payload'] as { request?: { subtype?: string } })?.request?.subtype,
    );
    expect(sent).toContain('reload_plugins');
    expect(sent).not.toContain('seed_read_state');
  });
});

describe('the control methods of a browser query', () => {
  it('send every method that does not need the local machine over the control channel', async () => {
    scriptCli();
    const q = query({
      prompt: { [Symbol.asyncIterator]: () => ({ next: () => new Promise<never>(() => {}) }) },
      sse: { streamUrl: server.streamUrl, sendUrl: server.sendUrl, sessionId: server.sessionId },
    });
    queries.push(q);
    const calls: [string, () => Promise<unknown>][] = [
      ['interrupt', () => q.interrupt()],
      ['set_permission_mode', () => q.setPermissionMode('plan')],
      ['set_model', () => q.setModel('m')],
      ['set_max_thinking_tokens', () => q.setMaxThinkingTokens(100)],
      ['mcp_status', () => q.mcpServerStatus()],
      ['get_context_usage', () => q.getContextUsage()],
      ['rewind_files', () => q.rewindFiles('u1')],
      ['mcp_reconnect', () => q.reconnectMcpServer('s')],
      ['mcp_toggle', () => q.toggleMcpServer('s', false)],
      ['mcp_set_servers', () => q.setMcpServers({})],
      ['stop_task', () => q.stopTask('t')],
      ['read_file', () => q.readFile('a.txt')],
      ['mcp_read_resource', () => q.readMcpResource('s', 'ui://x')],
      ['reload_skills', () => q.reloadSkills()],
      ['reload_output_styles', () => q.reloadOutputStyles()],
      ['apply_flag_settings', () => q.applyFlagSettings({})],
      ['update_settings', () => q.updateSettings('localSettings', {})],
      ['background_tasks', () => q.backgroundTasks()],
      ['set_mcp_permission_mode_override', () => q.setMcpPermissionModeOverride('s', null)],
      ['get_usage', () => q.usage_EXPERIMENTAL_MAY_CHANGE_DO_NOT_RELY_ON_THIS_API_YET()],
      ['initialize', () => q.reinitialize()],
    ];
    for (const [, call] of calls) await call();
    const sent = server.taken.map(
      (b) => (b['payload'] as { request?: { subtype?: string } })?.request?.subtype,
    );
    for (const [subtype] of calls) expect(sent, subtype).toContain(subtype);
  });
});

describe('the browser query() options', () => {
  it('takes exactly one transport', () => {
    const sse = { streamUrl: '/s', sendUrl: '/e', sessionId: 'x' };
    const both = { prompt: prompts(), sse, websocket: { url: 'ws://x' } } as unknown as BrowserQueryOptions;
    expect(() => query(both)).toThrow(expect.objectContaining({ code: 'CONFLICTING_TRANSPORTS' }));
    const neither = { prompt: prompts() } as unknown as BrowserQueryOptions;
    expect(() => query(neither)).toThrow(expect.objectContaining({ code: 'NO_TRANSPORT' }));
  });

  it('refuses a bad fromSequenceNum or sessionId', () => {
    const sse = { streamUrl: '/s', sendUrl: '/e', sessionId: 'x' };
    for (const bad of [
      { ...sse, fromSequenceNum: -1 },
      { ...sse, fromSequenceNum: 1.5 },
      { ...sse, sessionId: '' },
    ]) {
      expect(() => query({ prompt: prompts(), sse: bad })).toThrow(TypeError);
    }
  });

  it('answers the SSE helpers with undefined and false for a WebSocket query', async () => {
    const q = query({ prompt: prompts(), websocket: { url: 'ws://127.0.0.1:1' } });
    queries.push(q);
    expect(getSseDropCounts(q)).toBeUndefined();
    expect(getSseLastSequenceNum(q)).toBeUndefined();
    expect(getCcrEvent(q, { type: 'assistant' } as SDKMessage)).toBeUndefined();
    expect(suspendSseStream(q)).toBe(false);
    expect(resumeSseStream(q)).toBe(false);
    await q.next().catch(() => undefined);
  });
});
