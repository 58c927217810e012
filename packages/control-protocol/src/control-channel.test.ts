import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ControlChannelOptions } from './channel-options.js';
import { ControlChannel } from './control-channel.js';
import { ControlProtocolError } from './errors.js';
import { createLinkedTransportPair } from './in-memory-transport.js';
import { ANSWERED_REQUEST_IDS_KEPT, DEFAULT_CONTROL_REQUEST_TIMEOUT_MS } from './limits.js';
import type { Transport } from './transport.js';

/** Lets queued microtasks (in-memory delivery, handler promises) run. */
async function settle(): Promise<void> {
  for (let i = 0; i < 30; i++) await Promise.resolve();
}

interface Rig {
  channel: ControlChannel;
  cli: Transport;
  fromSdk: Record<string, unknown>[];
  messages: unknown[];
  errors: Error[];
  closes: unknown[];
}

async function rig(
  options: Partial<ControlChannelOptions> = {},
  wrap?: (t: Transport) => Transport,
): Promise<Rig> {
  const [sdkSide, cli] = createLinkedTransportPair();
  const fromSdk: Record<string, unknown>[] = [];
  const messages: unknown[] = [];
  const errors: Error[] = [];
  const closes: unknown[] = [];
  cli.onmessage = (message) => fromSdk.push(message as Record<string, unknown>);
  await cli.start();
  const channel = new ControlChannel(wrap ? wrap(sdkSide) : sdkSide, {
    onMessage: (message) => messages.push(message),
    onError: (error) => errors.push(error),
    onClose: (info) => closes.push(info),
    ...options,
  });
  await channel.start();
  return { channel, cli, fromSdk, messages, errors, closes };
}

function requestIdOf(sent: Record<string, unknown> | undefined): string {
  const id = sent?.request_id;
  if (typeof id !== 'string') throw new Error(`no request id in ${JSON.stringify(sent)}`);
  return id;
}

const success = (requestId: string, response?: unknown) => ({
  type: 'control_response',
  response: { subtype: 'success', request_id: requestId, ...(response === undefined ? {} : { response }) },
});

const inbound = (requestId: string, subtype: string, fields: Record<string, unknown> = {}) => ({
  type: 'control_request',
  request_id: requestId,
  request: { subtype, ...fields },
});

afterEach(() => {
  vi.useRealTimers();
});

describe('ControlChannel outbound requests', () => {
  it('should send the envelope with ids req_<n>_<8 hex>, counting from 0', async () => {
    const { channel, fromSdk } = await rig();
    void channel.request('interrupt').catch(() => {});
    void channel.request('set_model', { model: 'x', subtype: 'ignored' }).catch(() => {});
    await settle();
    expect(fromSdk).toHaveLength(2);
    expect(fromSdk[0]).toEqual({
      type: 'control_request',
      request_id: expect.any(String),
      request: { subtype: 'interrupt' },
    });
    expect(requestIdOf(fromSdk[0])).toMatch(/^req_0_[0-9a-f]{8}$/);
    expect(requestIdOf(fromSdk[1])).toMatch(/^req_1_[0-9a-f]{8}$/);
    expect(fromSdk[1]?.request).toEqual({ subtype: 'set_model', model: 'x' });
    expect(Object.keys(fromSdk[1]?.request as object)[0]).toBe('subtype');
    await channel.close();
  });

  it('should resolve with the reply payload, or {} when it is absent or null', async () => {
    const { channel, cli, fromSdk } = await rig();
    const first = channel.request('mcp_status');
    const second = channel.request('interrupt');
    const third = channel.request('interrupt');
    await settle();
    await cli.send(success(requestIdOf(fromSdk[0]), { mcpServers: [] }));
    await cli.send(success(requestIdOf(fromSdk[1])));
    await cli.send(success(requestIdOf(fromSdk[2]), null));
    await expect(first).resolves.toEqual({ mcpServers: [] });
    await expect(second).resolves.toEqual({});
    await expect(third).resolves.toEqual({});
  });

  it('should correlate replies that arrive out of order', async () => {
    const { channel, cli, fromSdk } = await rig();
    const replies = [0, 1, 2, 3].map((n) => channel.request('echo', { n }));
    await settle();
    for (const index of [2, 0, 3, 1]) {
      const sent = fromSdk[index];
      await cli.send(success(requestIdOf(sent), { n: (sent?.request as { n: number } | undefined)?.n }));
    }
    await expect(Promise.all(replies)).resolves.toEqual([{ n: 0 }, { n: 1 }, { n: 2 }, { n: 3 }]);
  });

  it('should reject an error reply with CONTROL_ERROR_RESPONSE: the subtype on the error, the CLI text as its message', async () => {
    const { channel, cli, fromSdk } = await rig();
    const reply = channel.request('rewind_files', { user_message_id: 'u' });
    await settle();
    await cli.send({
      type: 'control_response',
      response: {
        subtype: 'error',
        request_id: requestIdOf(fromSdk[0]),
        error: 'File checkpointing is off',
        error_code: 'x',
      },
    });
    const error = await reply.catch((e: unknown) => e);
    expect(ControlProtocolError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ code: 'CONTROL_ERROR_RESPONSE', subtype: 'rewind_files' });
    // The CLI's words alone, as the official SDK's message is: a program may show them to a person.
    expect((error as Error).message).toBe('File checkpointing is off');
    expect((error as { cause?: unknown }).cause).toMatchObject({ error_code: 'x' });
  });

  it('should say which request was refused when the error reply has no text', async () => {
    const { channel, cli, fromSdk } = await rig();
    const reply = channel.request('rewind_files', { user_message_id: 'u' });
    await settle();
    await cli.send({
      type: 'control_response',
      response: { subtype: 'error', request_id: requestIdOf(fromSdk[0]), error: '  ' },
    });
    const error = await reply.catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'CONTROL_ERROR_RESPONSE', subtype: 'rewind_files' });
    expect((error as Error).message).toBe(
      'The CLI refused control request "rewind_files" without saying why',
    );
  });

  it('should time out after the default 60 s with REQUEST_TIMEOUT, and clear its timer', async () => {
    vi.useFakeTimers();
    const { channel } = await rig();
    const reply = channel.request('initialize');
    const outcome = reply.catch((e: unknown) => e);
    expect(vi.getTimerCount()).toBe(1);
    await vi.advanceTimersByTimeAsync(DEFAULT_CONTROL_REQUEST_TIMEOUT_MS - 1);
    await expect(Promise.race([outcome, Promise.resolve('pending')])).resolves.toBe('pending');
    await vi.advanceTimersByTimeAsync(1);
    await expect(outcome).resolves.toMatchObject({ code: 'REQUEST_TIMEOUT', subtype: 'initialize' });
    expect(vi.getTimerCount()).toBe(0);
  });

  it('should honour defaultTimeoutMs and a per-request timeoutMs', async () => {
    vi.useFakeTimers();
    const { channel } = await rig({ defaultTimeoutMs: 1000 });
    const short = channel.request('a', {}, { timeoutMs: 10 }).catch((e: unknown) => e);
    const byDefault = channel.request('b').catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(10);
    await expect(short).resolves.toMatchObject({ code: 'REQUEST_TIMEOUT' });
    await vi.advanceTimersByTimeAsync(989);
    await expect(Promise.race([byDefault, Promise.resolve('pending')])).resolves.toBe('pending');
    await vi.advanceTimersByTimeAsync(1);
    await expect(byDefault).resolves.toMatchObject({ code: 'REQUEST_TIMEOUT' });
  });

  it('should clear the timer when the reply arrives', async () => {
    vi.useFakeTimers();
    const { channel, cli, fromSdk } = await rig();
    const reply = channel.request('interrupt');
    await settle();
    await cli.send(success(requestIdOf(fromSdk[0])));
    await expect(reply).resolves.toEqual({});
    expect(vi.getTimerCount()).toBe(0);
  });

  it('should drop a late reply to a timed-out request quietly, but report an unknown id', async () => {
    vi.useFakeTimers();
    const { channel, cli, fromSdk, errors } = await rig();
    const reply = channel.request('slow', {}, { timeoutMs: 5 }).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(5);
    await expect(reply).resolves.toMatchObject({ code: 'REQUEST_TIMEOUT' });
    await cli.send(success(requestIdOf(fromSdk[0])));
    await settle();
    expect(errors).toEqual([]);
    await cli.send(success('req_99_00000000'));
    await settle();
    expect(errors.map((e) => (e as ControlProtocolError).code)).toEqual(['STRAY_RESPONSE']);
  });

  it('should reject with REQUEST_ABORTED and the signal reason when aborted in flight', async () => {
    const { channel, errors } = await rig();
    const controller = new AbortController();
    const reply = channel.request('interrupt', {}, { signal: controller.signal }).catch((e: unknown) => e);
    const reason = new Error('user gave up');
    controller.abort(reason);
    const error = await reply;
    expect(error).toMatchObject({ code: 'REQUEST_ABORTED', subtype: 'interrupt' });
    expect((error as Error).cause).toBe(reason);
    expect(errors).toEqual([]);
  });

  it('should reject an already-aborted signal without sending anything', async () => {
    const { channel, fromSdk } = await rig();
    const reason = new Error('before');
    const error = await channel
      .request('interrupt', {}, { signal: AbortSignal.abort(reason) })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'REQUEST_ABORTED' });
    expect((error as Error).cause).toBe(reason);
    await settle();
    expect(fromSdk).toEqual([]);
  });

  it('should reject with the transport error when sending fails', async () => {
    const failing = (t: Transport): Transport => ({
      ...t,
      start: () => t.start(),
      endInput: () => t.endInput(),
      close: () => t.close(),
      send: async () => {
        throw new ControlProtocolError({ code: 'TRANSPORT_CLOSED', message: 'pipe broke' });
      },
    });
    const { channel } = await rig({}, failing);
    await expect(channel.request('interrupt')).rejects.toMatchObject({ code: 'TRANSPORT_CLOSED' });
  });

  it('should reject bad arguments with a TypeError quoting the value', async () => {
    const { channel } = await rig();
    await expect(channel.request('')).rejects.toThrow(/""/);
    await expect(channel.request('x', [] as never)).rejects.toThrow(TypeError);
    await expect(channel.request('x', {}, { timeoutMs: 0 })).rejects.toThrow(/timeoutMs.*0/);
    await expect(channel.request('x', {}, { timeoutMs: Number.POSITIVE_INFINITY })).rejects.toThrow(
      TypeError,
    );
    await expect(channel.request('x', {}, { signal: 'no' as never })).rejects.toThrow(/"no"/);
    expect(() => channel.setHandler('x', 42 as never)).toThrow(TypeError);
  });
});

describe('ControlChannel close', () => {
  it('should reject every pending request with CONNECTION_CLOSED on close(), then call onClose once', async () => {
    const { channel, closes } = await rig();
    const replies = [channel.request('a'), channel.request('b')].map((p) => p.catch((e: unknown) => e));
    await channel.close();
    await channel.close();
    for (const error of await Promise.all(replies))
      expect(error).toMatchObject({ code: 'CONNECTION_CLOSED' });
    expect(closes).toEqual([{}]);
    expect(channel.isClosed).toBe(true);
    await expect(channel.request('c')).rejects.toMatchObject({ code: 'CONNECTION_CLOSED' });
    await expect(channel.send({ type: 'user' })).rejects.toMatchObject({ code: 'CONNECTION_CLOSED' });
  });

  it('should reject pending requests when the peer closes the transport', async () => {
    const { channel, cli, closes } = await rig();
    const reply = channel.request('initialize').catch((e: unknown) => e);
    await settle();
    await cli.close();
    await expect(reply).resolves.toMatchObject({ code: 'CONNECTION_CLOSED', subtype: 'initialize' });
    expect(closes).toHaveLength(1);
    expect(channel.isClosed).toBe(true);
  });

  it('should keep the failure of the transport as the cause', async () => {
    const [sdkSide] = createLinkedTransportPair();
    const closes: unknown[] = [];
    const channel = new ControlChannel(sdkSide, {
      onMessage: () => {},
      onClose: (info) => closes.push(info),
    });
    await channel.start();
    const reply = channel.request('x').catch((e: unknown) => e);
    const failure = new Error('CLI exited with code 1');
    sdkSide.onclose?.({ error: failure });
    const error = await reply;
    expect(error).toMatchObject({ code: 'CONNECTION_CLOSED' });
    expect((error as Error).cause).toBe(failure);
    expect(closes).toEqual([{ error: failure }]);
  });

  it('should abort in-flight inbound handlers and send no reply', async () => {
    const { channel, cli, fromSdk } = await rig();
    let seen: AbortSignal | undefined;
    channel.setHandler('can_use_tool', (_request, { signal }) => {
      seen = signal;
      return new Promise((resolve) => signal.addEventListener('abort', () => resolve({ behavior: 'allow' })));
    });
    await cli.send(inbound('cli_1', 'can_use_tool'));
    await settle();
    expect(seen?.aborted).toBe(false);
    await channel.close();
    expect(seen?.aborted).toBe(true);
    expect(seen?.reason).toMatchObject({ code: 'CONNECTION_CLOSED' });
    await settle();
    expect(fromSdk).toEqual([]);
  });
});

describe('ControlChannel inbound requests', () => {
  it('should answer with the handler result, passing the request and its context', async () => {
    const { channel, cli, fromSdk } = await rig();
    const handler = vi.fn(async (request: { subtype: string; [key: string]: unknown }) => ({
      behavior: 'allow',
      updatedInput: request.input,
    }));
    channel.setHandler('can_use_tool', handler);
    await cli.send(inbound('cli_7', 'can_use_tool', { tool_name: 'Bash', input: { command: 'ls' } }));
    await settle();
    expect(handler).toHaveBeenCalledWith(
      { subtype: 'can_use_tool', tool_name: 'Bash', input: { command: 'ls' } },
      { requestId: 'cli_7', signal: expect.any(AbortSignal) },
    );
    expect(fromSdk).toEqual([
      {
        type: 'control_response',
        response: {
          subtype: 'success',
          request_id: 'cli_7',
          response: { behavior: 'allow', updatedInput: { command: 'ls' } },
        },
      },
    ]);
  });

  it('should answer {} for a handler that returns undefined, and treat id "0" and "" as real ids', async () => {
    const { channel, cli, fromSdk } = await rig();
    channel.setHandler('hook_callback', () => undefined);
    await cli.send(inbound('0', 'hook_callback'));
    await cli.send(inbound('', 'hook_callback'));
    await settle();
    expect(fromSdk.map((m) => m.response)).toEqual([
      { subtype: 'success', request_id: '0', response: {} },
      { subtype: 'success', request_id: '', response: {} },
    ]);
  });

  it('should drop the CLI echoing our own replies quietly, for the last ANSWERED_REQUEST_IDS_KEPT answers only', async () => {
    const { channel, cli, fromSdk, errors } = await rig();
    channel.setHandler('hook_callback', () => ({ continue: true }));
    const ids = Array.from({ length: ANSWERED_REQUEST_IDS_KEPT + 1 }, (_, i) => `cli-${i}`);
    for (const id of ids) await cli.send(inbound(id, 'hook_callback'));
    await settle();
    expect(fromSdk).toHaveLength(ids.length);
    // With --replay-user-messages the CLI sends each of our control_responses back.
    for (const reply of fromSdk.slice(1)) await cli.send(reply);
    await settle();
    expect(errors).toEqual([]);
    // The oldest answer is forgotten (bounded memory), and an id never seen is still reported.
    await cli.send(fromSdk[0]);
    await cli.send(success('never-asked'));
    await settle();
    expect(errors.map((e) => (e as ControlProtocolError).code)).toEqual(['STRAY_RESPONSE', 'STRAY_RESPONSE']);
  });

  it("should answer with a thrown error's replyText when it has one, and report its message", async () => {
    const { channel, cli, fromSdk, errors } = await rig();
    channel.setHandler('hook_callback', () => {
      throw Object.assign(new Error('The Stop hook callback hook_0 failed: db down'), {
        replyText: 'db down',
      });
    });
    channel.setHandler('mcp_message', () => {
      throw Object.assign(new Error('plain'), { replyText: 42 });
    });
    await cli.send(inbound('r1', 'hook_callback'));
    await cli.send(inbound('r2', 'mcp_message'));
    await settle();
    expect(fromSdk.map((m) => m.response)).toEqual([
      { subtype: 'error', request_id: 'r1', error: 'db down' },
      { subtype: 'error', request_id: 'r2', error: 'plain' },
    ]);
    expect((errors[0] as Error).message).toContain('The Stop hook callback hook_0 failed: db down');
  });

  it('should answer an error and report HANDLER_FAILED when the handler throws', async () => {
    const { channel, cli, fromSdk, errors } = await rig();
    channel.setHandler('mcp_message', () => {
      throw new Error('server exploded');
    });
    channel.setHandler('hook_callback', async () => 'not an object' as never);
    await cli.send(inbound('r1', 'mcp_message'));
    await cli.send(inbound('r2', 'hook_callback'));
    await settle();
    expect(fromSdk.map((m) => m.response)).toEqual([
      { subtype: 'error', request_id: 'r1', error: 'server exploded' },
      { subtype: 'error', request_id: 'r2', error: expect.stringContaining('not an object') },
    ]);
    expect(errors.map((e) => (e as ControlProtocolError).code)).toEqual(['HANDLER_FAILED', 'HANDLER_FAILED']);
    expect((errors[0] as ControlProtocolError).subtype).toBe('mcp_message');
  });

  it('should answer an unknown subtype with an error reply', async () => {
    const { channel, cli, fromSdk } = await rig();
    channel.setHandler('elicitation', () => ({}));
    channel.setHandler('elicitation', undefined);
    await cli.send(inbound('r9', 'elicitation'));
    await settle();
    expect(fromSdk.map((m) => m.response)).toEqual([
      { subtype: 'error', request_id: 'r9', error: 'Unsupported control request subtype: elicitation' },
    ]);
  });

  it('should abort the handler and suppress its reply on control_cancel_request', async () => {
    const { channel, cli, fromSdk, errors } = await rig();
    let seen: AbortSignal | undefined;
    channel.setHandler('can_use_tool', async (_request, { signal }) => {
      seen = signal;
      await new Promise((resolve) => signal.addEventListener('abort', resolve));
      throw signal.reason;
    });
    channel.setHandler('hook_callback', async () => ({ done: true }));
    await cli.send(inbound('slow', 'can_use_tool'));
    await settle();
    await cli.send({ type: 'control_cancel_request', request_id: 'slow' });
    await cli.send({ type: 'control_cancel_request', request_id: 'never-existed' });
    await cli.send(inbound('fast', 'hook_callback'));
    await settle();
    expect(seen?.aborted).toBe(true);
    expect(seen?.reason).toMatchObject({ code: 'REQUEST_ABORTED' });
    expect(fromSdk.map((m) => (m.response as { request_id: string }).request_id)).toEqual(['fast']);
    expect(errors).toEqual([]);
  });

  it('should run handlers concurrently, each in its own promise', async () => {
    const { channel, cli, fromSdk } = await rig();
    const gates: Record<string, (value: Record<string, unknown>) => void> = {};
    channel.setHandler(
      'wait',
      (request) => new Promise((resolve) => (gates[String(request.name)] = resolve)),
    );
    await cli.send(inbound('first', 'wait', { name: 'a' }));
    await cli.send(inbound('second', 'wait', { name: 'b' }));
    await settle();
    gates.b?.({ n: 2 });
    await settle();
    gates.a?.({ n: 1 });
    await settle();
    expect(fromSdk.map((m) => (m.response as { request_id: string }).request_id)).toEqual([
      'second',
      'first',
    ]);
  });

  it('should report a reply that cannot be sent to onError', async () => {
    const brokenReplies = (t: Transport): Transport => ({
      start: () => t.start(),
      endInput: () => t.endInput(),
      close: () => t.close(),
      send: async () => {
        throw new ControlProtocolError({ code: 'TRANSPORT_CLOSED', message: 'stdin is gone' });
      },
      set onmessage(fn) {
        t.onmessage = fn;
      },
      get onmessage() {
        return t.onmessage;
      },
      set onclose(fn) {
        t.onclose = fn;
      },
      get onclose() {
        return t.onclose;
      },
      set onerror(fn) {
        t.onerror = fn;
      },
      get onerror() {
        return t.onerror;
      },
    });
    const { channel, cli, errors } = await rig({}, brokenReplies);
    channel.setHandler('hook_callback', () => ({}));
    await cli.send(inbound('r1', 'hook_callback'));
    await cli.send(inbound('r2', 'unknown_one'));
    await settle();
    expect(errors.map((e) => (e as ControlProtocolError).code)).toEqual([
      'TRANSPORT_CLOSED',
      'TRANSPORT_CLOSED',
    ]);
  });
});

describe('ControlChannel messages and malformed input', () => {
  it('should pass every non-control message to onMessage in order', async () => {
    const { channel, cli, messages } = await rig();
    channel.setHandler('hook_callback', () => ({}));
    const stream = [
      { type: 'system', subtype: 'init', session_id: 's' },
      inbound('r1', 'hook_callback'),
      { type: 'keep_alive' },
      { type: 'transcript_mirror', filePath: '/x.jsonl', entries: [] },
      { type: 'control_cancel_request', request_id: 'r0' },
      { type: 'assistant', message: { content: [] } },
      { type: 'brand_new_type', whatever: 1 },
      42,
      { no_type: true },
      { type: 'result', subtype: 'future_subtype' },
    ];
    for (const message of stream) await cli.send(message);
    await settle();
    expect(messages).toEqual([
      stream[0],
      stream[2],
      stream[3],
      stream[5],
      stream[6],
      42,
      stream[8],
      stream[9],
    ]);
  });

  it('should report malformed control frames to onError and never crash', async () => {
    const { channel, cli, fromSdk, errors, messages } = await rig();
    const pending = channel.request('interrupt').catch((e: unknown) => e);
    await settle();
    const pendingId = requestIdOf(fromSdk[0]);
    const frames = [
      { type: 'control_request', request: { subtype: 'can_use_tool' } },
      { type: 'control_request', request_id: 'r1' },
      { type: 'control_request', request_id: 'r2', request: { subtype: 7 } },
      { type: 'control_response' },
      { type: 'control_response', response: { subtype: 'success' } },
      { type: 'control_response', response: { subtype: 'maybe', request_id: pendingId } },
      { type: 'control_cancel_request' },
      { type: 'control_request', request_id: 5, request: null },
    ];
    for (const frame of frames) await cli.send(frame);
    await cli.send({ type: 'assistant', after: true });
    await settle();
    expect(errors).toHaveLength(frames.length);
    for (const error of errors) expect(error).toMatchObject({ code: 'MALFORMED_MESSAGE' });
    expect(fromSdk.slice(1).map((m) => m.response)).toEqual([
      { subtype: 'error', request_id: 'r1', error: expect.stringContaining('Malformed control request') },
      { subtype: 'error', request_id: 'r2', error: expect.stringContaining('Malformed control request') },
    ]);
    await expect(pending).resolves.toMatchObject({ code: 'CONTROL_ERROR_RESPONSE', subtype: 'interrupt' });
    expect(messages).toEqual([{ type: 'assistant', after: true }]);
  });

  it('should report a duplicate in-flight request id instead of running it twice', async () => {
    const { channel, cli, fromSdk, errors } = await rig();
    const handler = vi.fn(() => new Promise<undefined>(() => {}));
    channel.setHandler('can_use_tool', handler);
    await cli.send(inbound('same', 'can_use_tool'));
    await cli.send(inbound('same', 'can_use_tool'));
    await settle();
    expect(handler).toHaveBeenCalledTimes(1);
    expect(errors.map((e) => (e as ControlProtocolError).code)).toEqual(['MALFORMED_MESSAGE']);
    expect(fromSdk).toEqual([]);
  });

  it('should report an onMessage that throws and keep delivering', async () => {
    const seen: unknown[] = [];
    const { cli, errors } = await rig({
      onMessage: (message) => {
        if ((message as { bad?: boolean }).bad) throw new Error('consumer bug');
        seen.push(message);
      },
    });
    await cli.send({ type: 'x', bad: true });
    await cli.send({ type: 'y' });
    await settle();
    expect(seen).toEqual([{ type: 'y' }]);
    expect(errors.map((e) => (e as ControlProtocolError).code)).toEqual(['HANDLER_FAILED']);
  });

  it('should forward transport errors to onError', async () => {
    const [sdkSide] = createLinkedTransportPair();
    const errors: Error[] = [];
    const channel = new ControlChannel(sdkSide, { onMessage: () => {}, onError: (e) => errors.push(e) });
    await channel.start();
    const problem = new Error('a line that is not JSON');
    sdkSide.onerror?.(problem);
    expect(errors).toEqual([problem]);
  });

  it('should never throw and keep non-control order for arbitrary JSON from the peer', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.jsonValue({ maxDepth: 3 }), { maxLength: 20 }), async (values) => {
        const { cli, messages, channel } = await rig();
        const stream = values.flatMap((v) => [
          v,
          { type: 'control_response', response: v },
          { type: 'x', v },
        ]);
        for (const value of stream) await cli.send(value);
        await settle();
        const isControl = (v: unknown) =>
          typeof v === 'object' &&
          v !== null &&
          !Array.isArray(v) &&
          String((v as { type?: unknown }).type).startsWith('control_');
        expect(messages).toEqual(
          stream.filter((v) => !isControl(v)).map((v) => JSON.parse(JSON.stringify(v))),
        );
        await channel.close();
      }),
      { numRuns: 60 },
    );
  });
});

describe('ControlChannel construction and plumbing', () => {
  it('should refuse bad options with a TypeError quoting the value', () => {
    const [t] = createLinkedTransportPair();
    expect(() => new ControlChannel(t, {} as never)).toThrow(/onMessage/);
    expect(() => new ControlChannel(t, { onMessage: () => {}, defaultTimeoutMs: -5 })).toThrow(/-5/);
    expect(() => new ControlChannel(t, { onMessage: () => {}, onError: 'log' as never })).toThrow(/"log"/);
    expect(() => new ControlChannel({} as never, { onMessage: () => {} })).toThrow(TypeError);
  });

  it('should make start() idempotent and pass send() and endInput() through', async () => {
    const { channel, cli, fromSdk } = await rig();
    const again = channel.start();
    expect(again).toBe(channel.start());
    await again;
    await channel.send({ type: 'user', message: { role: 'user', content: 'hi' } });
    await channel.endInput();
    await expect(channel.send({ type: 'user' })).rejects.toMatchObject({ code: 'TRANSPORT_CLOSED' });
    await settle();
    expect(fromSdk).toEqual([{ type: 'user', message: { role: 'user', content: 'hi' } }]);
    expect(cli).toBeDefined();
  });
});

describe('ControlChannel.rejectPending', () => {
  it('should reject pending requests and refuse new ones while the transport stays open', async () => {
    const [ours, theirs] = createLinkedTransportPair();
    const seen: unknown[] = [];
    theirs.onmessage = (message) => seen.push(message);
    await theirs.start();
    const channel = new ControlChannel(ours, { onMessage: () => {} });
    await channel.start();
    const pending = channel.request('slow');
    channel.rejectPending();
    await expect(pending).rejects.toMatchObject({ code: 'CONNECTION_CLOSED' });
    await expect(channel.request('later')).rejects.toMatchObject({ code: 'CONNECTION_CLOSED' });
    await theirs.send({ type: 'keep_alive' });
    await channel.close();
  });
});
