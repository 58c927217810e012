import { afterEach, describe, expect, it } from 'vitest';
import {
  mainTurnBody,
  probeBody,
  titleGenerationBody,
  toolResultTurnBody,
} from '../test/helpers/fixtures.js';
import { messagesBody, postJson } from '../test/helpers/http.js';
import { parseSse, rebuildMessage } from '../test/helpers/sse.js';
import { text, thinking, toolUse } from './blocks.js';
import { TestingError } from './errors.js';
import { type FakeMessagesApi, isMessagesRequest, startFakeMessagesApi } from './fake-messages-api.js';
import type { FakeMessagesApiOptions } from './fake-messages-api-options.js';
import { apiError, reply } from './reply.js';
import { SCRIPT_EXHAUSTED_TEXT } from './script-player.js';

const opened: FakeMessagesApi[] = [];

async function start(options: FakeMessagesApiOptions): Promise<FakeMessagesApi> {
  const api = await startFakeMessagesApi(options);
  opened.push(api);
  return api;
}

afterEach(async () => {
  await Promise.all(opened.splice(0).map((api) => api.close()));
});

describe('startFakeMessagesApi: streaming', () => {
  it('should stream SSE whose deltas rebuild the scripted blocks, with the requested model', async () => {
    const api = await start({
      script: [
        reply(
          thinking('pondering'),
          text('Hello there, tester!'),
          toolUse('Bash', { command: 'echo hi' }, 'toolu_fixed'),
        ),
      ],
    });
    const response = await postJson(`${api.url}/v1/messages?beta=true`, messagesBody('hi', { stream: true }));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const events = parseSse(await response.text());
    expect(events.map((e) => e.event)).toContain('ping');
    const message = rebuildMessage(events);
    expect(message['model']).toBe('claude-test-model');
    expect(message['stop_reason']).toBe('tool_use');
    expect(message.content).toEqual([
      { type: 'thinking', thinking: 'pondering', signature: expect.any(String) },
      { type: 'text', text: 'Hello there, tester!' },
      { type: 'tool_use', id: 'toolu_fixed', name: 'Bash', input: { command: 'echo hi' } },
    ]);
    expect((message.content[0] as { signature: string }).signature.length).toBeGreaterThan(0);
  });

  it('should give each message a fresh msg_ id and generate toolu_ ids', async () => {
    const api = await start({
      script: [reply(toolUse('Read', { file_path: '/a' })), reply(toolUse('Read', {}))],
    });
    const first = rebuildMessage(
      parseSse(await (await postJson(`${api.url}/v1/messages`, messagesBody('a', { stream: true }))).text()),
    );
    const second = rebuildMessage(
      parseSse(await (await postJson(`${api.url}/v1/messages`, messagesBody('b', { stream: true }))).text()),
    );
    expect(first['id']).toMatch(/^msg_/);
    expect(first['id']).not.toBe(second['id']);
    expect(first.content[0]?.['id']).toMatch(/^toolu_[A-Za-z0-9]{24}$/);
    expect(second.content[0]?.['input']).toEqual({});
  });
});

describe('startFakeMessagesApi: JSON replies and other routes', () => {
  it('should answer a non-streaming request with the full message', async () => {
    const api = await start({
      script: [{ content: [text('plain')], stopReason: 'max_tokens', model: 'other-model' }],
    });
    const response = await postJson(`${api.url}/v1/messages`, messagesBody('hi'));
    expect(response.headers.get('request-id')).toMatch(/^req_/);
    const body = (await response.json()) as Record<string, unknown>;
    expect(body).toMatchObject({
      type: 'message',
      role: 'assistant',
      model: 'other-model',
      content: [{ type: 'text', text: 'plain' }],
      stop_reason: 'max_tokens',
      stop_sequence: null,
    });
    expect((body['usage'] as { input_tokens: number }).input_tokens).toBeGreaterThan(0);
  });

  it('should count tokens roughly, more for a bigger body', async () => {
    const api = await start({ script: [] });
    const count = async (prompt: string) =>
      (
        (await (
          await postJson(`${api.url}/v1/messages/count_tokens?beta=true`, messagesBody(prompt))
        ).json()) as { input_tokens: number }
      ).input_tokens;
    const small = await count('hi');
    const big = await count('word '.repeat(1000));
    expect(small).toBeGreaterThan(0);
    expect(big).toBeGreaterThan(small + 900);
    expect(api.requests.map((r) => [r.kind, r.outcome])).toEqual([
      ['count_tokens', 'fixed'],
      ['count_tokens', 'fixed'],
    ]);
    expect(api.messageRequests()).toEqual([]);
  });

  it('should answer HEAD and GET /api/hello with 200 and anything else with a 404 error body, recording all', async () => {
    const api = await start({ script: [] });
    expect((await fetch(`${api.url}/api/hello`, { method: 'HEAD' })).status).toBe(200);
    expect((await fetch(`${api.url}/api/hello`)).status).toBe(200);
    const missing = await fetch(`${api.url}/v2/elsewhere?x=1`);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ type: 'error', error: { type: 'not_found_error' } });
    expect(api.requests.map((r) => `${r.method} ${r.path} ${r.kind} ${r.status}`)).toEqual([
      'HEAD /api/hello other 200',
      'GET /api/hello other 200',
      'GET /v2/elsewhere other 404',
    ]);
    expect(api.requests[2]?.query).toEqual({ x: '1' });
  });
});

describe('startFakeMessagesApi: scripted errors and delays', () => {
  it.each([
    [429, 'rate_limit_error'],
    [500, 'api_error'],
    [529, 'overloaded_error'],
    [503, 'api_error'],
  ])('should answer status %i with the API error shape of type %s', async (status, type) => {
    const api = await start({ script: [apiError(status, { retryAfterSeconds: 3 })] });
    const response = await postJson(`${api.url}/v1/messages`, messagesBody('hi', { stream: true }));
    expect(response.status).toBe(status);
    expect(response.headers.get('retry-after')).toBe('3');
    expect(await response.json()).toEqual({ type: 'error', error: { type, message: expect.any(String) } });
    expect(api.requests[0]?.status).toBe(status);
  });

  it('should keep a custom error type and message', async () => {
    const api = await start({
      script: [{ error: { status: 400, type: 'invalid_request_error', message: 'prompt is too long' } }],
    });
    const response = await postJson(`${api.url}/v1/messages`, messagesBody('hi'));
    expect(response.headers.get('retry-after')).toBeNull();
    expect(await response.json()).toEqual({
      type: 'error',
      error: { type: 'invalid_request_error', message: 'prompt is too long' },
    });
  });

  it('should hold a delayed reply until close() ends it', async () => {
    const api = await start({ script: [{ content: [text('late')], delayMs: 60_000 }] });
    const pending = postJson(`${api.url}/v1/messages`, messagesBody('hi')).then(
      (r) => r.status,
      () => 'failed',
    );
    const seen = await api.waitForRequest((r) => r.kind === 'messages');
    expect(seen.status).toBeUndefined();
    await api.close();
    expect(await pending).toBe('failed');
  });

  it('should pause between events so a client can interrupt mid-reply, and mark the request interrupted', async () => {
    const api = await start({
      script: [{ content: [text('slow reply')], chunkDelayMs: 60_000 }, reply(text('next'))],
    });
    const abort = new AbortController();
    const response = await postJson(`${api.url}/v1/messages`, messagesBody('hi', { stream: true }), {
      signal: abort.signal,
    });
    const reader = response.body!.getReader();
    const first = new TextDecoder().decode((await reader.read()).value);
    expect(first).toMatch(/^event: message_start\n/);
    expect(first).not.toContain('message_stop');
    abort.abort();
    await expect(reader.read()).rejects.toThrow();
    await expect.poll(() => api.requests[0]?.interrupted).toBe(true);
    const next = (await (await postJson(`${api.url}/v1/messages`, messagesBody('again'))).json()) as {
      content: unknown[];
    };
    expect(next.content).toEqual([{ type: 'text', text: 'next' }]);
  });
});

describe('startFakeMessagesApi: bad input', () => {
  it.each([
    ['malformed JSON', '{"model": "x", "messages": [', /malformed JSON/],
    ['an empty body', '', /empty/],
    ['a non-object body', '[1,2,3]', /JSON object/],
    ['a body without messages', '{"model":"x"}', /messages/],
  ])('should answer %s with a 400 in the API error shape and record it', async (_label, body, reason) => {
    const api = await start({ script: [reply(text('unused'))] });
    const response = await postJson(`${api.url}/v1/messages`, body);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ type: 'error', error: { type: 'invalid_request_error' } });
    const [record] = api.messageRequests();
    expect(record?.bodyError).toMatch(reason);
    expect(record?.outcome).toBe('rejected');
    expect(record?.rawBody).toBe(body);
    expect(record?.isMain).toBe(false);
    expect(api.remainingReplies).toBe(1);
    expect(
      (await (await postJson(`${api.url}/v1/messages`, messagesBody('fine'))).json()) as object,
    ).toMatchObject({
      content: [{ text: 'unused' }],
    });
  });

  it('should refuse a body over the size limit with 413 request_too_large', async () => {
    const api = await start({ script: [], maxRequestBodyBytes: 1000 });
    const response = await postJson(`${api.url}/v1/messages/count_tokens`, messagesBody('x'.repeat(5000)));
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({ error: { type: 'request_too_large' } });
    expect(api.requests[0]).toMatchObject({ kind: 'count_tokens', outcome: 'rejected', rawBody: '' });
  });

  it('should refuse bad options eagerly with a TypeError quoting the value', async () => {
    await expect(startFakeMessagesApi({ script: 'nope' as never })).rejects.toThrow(/"nope"/);
    await expect(
      startFakeMessagesApi({ script: [reply(text('ok')), { content: 'x' } as never] }),
    ).rejects.toThrow(/options\.script\[1\] needs a content array/);
    await expect(
      startFakeMessagesApi({ script: [{ content: [{ type: 'image' }] } as never] }),
    ).rejects.toThrow(TypeError);
    await expect(startFakeMessagesApi({ script: [], port: 70000 })).rejects.toThrow(/70000/);
    await expect(
      startFakeMessagesApi({ script: [], sideReply: { error: { status: 200 } } as never }),
    ).rejects.toThrow(/200/);
    await expect(startFakeMessagesApi({ script: [], maxRequestBodyBytes: 0 })).rejects.toThrow(TypeError);
    await expect(startFakeMessagesApi({ script: [{ content: [], delayMs: -1 }] })).rejects.toThrow(/-1/);
  });

  it('should fail with LISTEN_FAILED when the port is taken', async () => {
    const api = await start({ script: [] });
    const error = await startFakeMessagesApi({ script: [], port: api.port }).catch((e: unknown) => e);
    expect(TestingError.isInstance(error) && error.code).toBe('LISTEN_FAILED');
  });
});

describe('startFakeMessagesApi: scripts and the side-request rule', () => {
  it('should consume an array script only with main requests and answer side requests with the side reply', async () => {
    const api = await start({ script: [reply(text('turn one')), reply(text('turn two'))] });
    const title = (await (
      await postJson(`${api.url}/v1/messages`, { ...titleGenerationBody, stream: false })
    ).json()) as {
      content: { text: string }[];
    };
    expect(JSON.parse(title.content[0]!.text)).toEqual({ title: 'Scripted session' });
    const probe = (await (await postJson(`${api.url}/v1/messages`, probeBody)).json()) as {
      content: { text: string }[];
    };
    expect(probe.content[0]?.text).toBe('OK');
    const turn = (await (
      await postJson(`${api.url}/v1/messages`, { ...mainTurnBody, stream: false })
    ).json()) as {
      content: { text: string }[];
    };
    expect(turn.content[0]?.text).toBe('turn one');
    expect(api.remainingReplies).toBe(1);
    expect(api.messageRequests().map((r) => [r.isMain, r.outcome])).toEqual([
      [false, 'side'],
      [false, 'side'],
      [true, 'script'],
    ]);
    expect(api.mainRequests()).toHaveLength(1);
  });

  it('should answer "(script exhausted)" once the array runs out and raise the flag', async () => {
    const api = await start({ script: [reply(text('only'))] });
    await postJson(`${api.url}/v1/messages`, messagesBody('one'));
    expect(api.scriptExhausted).toBe(false);
    const body = (await (
      await postJson(`${api.url}/v1/messages`, messagesBody('two', { stream: true }))
    ).text()) as string;
    expect(rebuildMessage(parseSse(body)).content).toEqual([{ type: 'text', text: SCRIPT_EXHAUSTED_TEXT }]);
    expect(api.scriptExhausted).toBe(true);
    expect(api.requests[1]?.outcome).toBe('exhausted');
  });

  it('should call a function script with the recorded request and its helpers', async () => {
    const api = await start({
      script: async (request) => {
        if (request.toolResults.length > 0) return reply(text(`tool said ${request.toolResults[0]?.text}`));
        return reply(text(`you said ${request.lastUserText} to ${request.model}`));
      },
    });
    const first = (await (
      await postJson(`${api.url}/v1/messages`, { ...mainTurnBody, stream: false })
    ).json()) as {
      content: { text: string }[];
    };
    expect(first.content[0]?.text).toBe('you said hi to claude-opus-5-5');
    const second = (await (
      await postJson(`${api.url}/v1/messages`, { ...toolResultTurnBody, stream: false })
    ).json()) as {
      content: { text: string }[];
    };
    expect(second.content[0]?.text).toBe('tool said hi');
    expect(api.remainingReplies).toBeUndefined();
  });

  it('should answer 500 and record the error when a function script throws or returns a bad reply', async () => {
    let call = 0;
    const api = await start({
      script: () => {
        call += 1;
        if (call === 1) throw new Error('script broke');
        return { content: [{ type: 'text', text: 7 }] } as never;
      },
    });
    const first = await postJson(`${api.url}/v1/messages`, messagesBody('a'));
    const second = await postJson(`${api.url}/v1/messages`, messagesBody('b'));
    expect([first.status, second.status]).toEqual([500, 500]);
    expect(await first.json()).toMatchObject({
      error: { type: 'api_error', message: expect.stringContaining('script broke') },
    });
    expect(api.scriptErrors.map((e) => e.message)).toEqual([
      'script broke',
      expect.stringContaining('script(request).content[0].text'),
    ]);
    expect(api.requests.map((r) => r.outcome)).toEqual(['script_error', 'script_error']);
  });

  it('should let isMainRequest and sideReply be overridden', async () => {
    const api = await start({
      script: [reply(text('main'))],
      isMainRequest: (request) => request.lastUserText.includes('MAIN'),
      sideReply: (request) => reply(text(`side for ${request.lastUserText}`)),
    });
    const side = (await (await postJson(`${api.url}/v1/messages`, messagesBody('other'))).json()) as {
      content: { text: string }[];
    };
    const main = (await (await postJson(`${api.url}/v1/messages`, messagesBody('MAIN'))).json()) as {
      content: { text: string }[];
    };
    expect([side.content[0]?.text, main.content[0]?.text]).toEqual(['side for other', 'main']);
  });
});

describe('startFakeMessagesApi: recording and waiting', () => {
  it('should record method, path, query, lower-case headers, body and helpers in arrival order', async () => {
    const api = await start({ script: [reply(text('a')), reply(text('b'))] });
    await postJson(
      `${api.url}/v1/messages?beta=true`,
      { ...mainTurnBody, stream: false },
      { headers: { 'X-Custom': 'One' } },
    );
    await postJson(`${api.url}/v1/messages`, { ...toolResultTurnBody, stream: false });
    const [first, second] = api.messageRequests();
    expect(first).toMatchObject({
      index: 0,
      method: 'POST',
      path: '/v1/messages',
      url: '/v1/messages?beta=true',
      query: { beta: 'true' },
      kind: 'messages',
      model: 'claude-opus-5-5',
      stream: false,
      maxTokens: 128000,
      hasTools: true,
      toolNames: ['Bash', 'Read'],
      lastUserText: 'hi',
      toolResults: [],
      isMain: true,
    });
    expect(first?.headers['x-custom']).toBe('One');
    expect(first?.systemText).toContain("built on Anthropic's Claude Agent SDK");
    expect(first?.body).toEqual({ ...mainTurnBody, stream: false });
    expect(second?.lastUserText).toBe('');
    expect(second?.toolResults).toEqual([
      { toolUseId: 'toolu_01abc', isError: false, text: 'hi', content: 'hi' },
    ]);
    expect(api.requests.every((r, i) => r.index === i && isMessagesRequest(r))).toBe(true);
  });

  it('should resolve waitForRequest with a past or a future request', async () => {
    const api = await start({ script: () => reply(text('x')) });
    await postJson(`${api.url}/v1/messages`, messagesBody('early'));
    const past = await api.waitForRequest((r) => isMessagesRequest(r) && r.lastUserText === 'early');
    expect(past.index).toBe(0);
    const future = api.waitForRequest((r) => isMessagesRequest(r) && r.lastUserText === 'late');
    await postJson(`${api.url}/v1/messages`, messagesBody('other'));
    await postJson(`${api.url}/v1/messages`, messagesBody('late'));
    expect((await future).index).toBe(2);
  });

  it('should reject waitForRequest with WAIT_TIMEOUT, SERVER_CLOSED, or the predicate error', async () => {
    const api = await start({ script: [] });
    const timeout = await api.waitForRequest(() => false, 1).catch((e: unknown) => e);
    expect(TestingError.isInstance(timeout) && timeout.code).toBe('WAIT_TIMEOUT');
    const throwing = api
      .waitForRequest(() => {
        throw new Error('bad predicate');
      })
      .catch((e: unknown) => e);
    await fetch(`${api.url}/api/hello`);
    expect(await throwing).toMatchObject({ message: 'bad predicate' });
    const closing = api.waitForRequest(() => false).catch((e: unknown) => e);
    await api.close();
    const closed = await closing;
    expect(TestingError.isInstance(closed) && closed.code).toBe('SERVER_CLOSED');
    await expect(api.waitForRequest(() => true)).resolves.toMatchObject({ path: '/api/hello' });
    await expect(api.waitForRequest(() => false)).rejects.toMatchObject({ code: 'SERVER_CLOSED' });
    await expect(api.waitForRequest('x' as never)).rejects.toThrow(TypeError);
  });

  it('should close idempotently, ending open streams, and also through Symbol.asyncDispose', async () => {
    const api = await startFakeMessagesApi({
      script: [{ content: [text('never ends')], chunkDelayMs: 60_000 }],
    });
    const response = await postJson(`${api.url}/v1/messages`, messagesBody('hi', { stream: true }));
    const reader = response.body!.getReader();
    await reader.read();
    const first = api.close();
    expect(api.close()).toBe(first);
    await first;
    await api[Symbol.asyncDispose]();
    const after = await reader.read().then(
      (r) => (r.done ? 'ended' : 'more data'),
      () => 'ended with an error',
    );
    expect(after).not.toBe('more data');
    await expect(fetch(`${api.url}/api/hello`)).rejects.toThrow();
  });
});
