import type { SDKMessage } from '@ccsdk/control-protocol';
import { describe, expect, expectTypeOf, it, vi } from 'vitest';
import { AbortError, ResultError } from '../errors/sdk-error.js';
import { FakeCliTransport } from '../testing/fake-cli-transport.js';
import { query } from './query.js';
import type { ExtendedQuery, Query } from './query-types.js';

const INIT = { type: 'system', subtype: 'init', session_id: 's-1', model: 'claude-test' };
const ASSISTANT = {
  type: 'assistant',
  message: { role: 'assistant', content: [{ type: 'text', text: 'hi' }] },
  parent_tool_use_id: null,
  session_id: 's-1',
};
const SUCCESS = { type: 'result', subtype: 'success', is_error: false, result: 'hi', session_id: 's-1' };

async function collect(iterable: AsyncIterable<SDKMessage>): Promise<SDKMessage[]> {
  const out: SDKMessage[] = [];
  for await (const message of iterable) out.push(message);
  return out;
}

/** Plays the CLI: once the prompt arrived, emits the turn; once input ended (after its result), exits. */
function startConversation(transport: FakeCliTransport, messages: Record<string, unknown>[]): void {
  void transport
    .waitForSent((m) => m['type'] === 'user')
    .then(() => {
      for (const message of messages) transport.emit(message);
    })
    .then(() => vi.waitFor(() => expect(transport.inputEnded).toBe(true)))
    .then(() => transport.finish({}));
}

describe('query()', () => {
  it('should send initialize first, then the prompt as a user message, and yield the stream in order', async () => {
    const transport = new FakeCliTransport();
    startConversation(transport, [INIT, { type: 'keep_alive' }, ASSISTANT, SUCCESS]);
    const messages = await collect(query({ prompt: 'hello', options: { transport } }));

    expect(messages.map((m) => m.type)).toEqual(['system', 'assistant', 'result']);
    expect(transport.sent[0]).toMatchObject({ type: 'control_request', request: { subtype: 'initialize' } });
    expect(transport.sent[1]).toEqual({
      type: 'user',
      session_id: '',
      // A string prompt is one text block, as the official SDK writes it.
      message: { role: 'user', content: [{ type: 'text', text: 'hello' }] },
      parent_tool_use_id: null,
    });
    expect(transport.inputEnded).toBe(true);
  });

  it('should not yield transcript_mirror frames', async () => {
    const transport = new FakeCliTransport();
    startConversation(transport, [
      INIT,
      { type: 'transcript_mirror', filePath: '/x.jsonl', entries: [] },
      SUCCESS,
    ]);
    const messages = await collect(query({ prompt: 'hello', options: { transport } }));
    expect(messages.map((m) => m.type)).toEqual(['system', 'result']);
  });

  it('should stream an async iterable prompt and end input once it ended and both turns have their result', async () => {
    const transport = new FakeCliTransport();
    async function* prompts() {
      yield {
        type: 'user' as const,
        session_id: '',
        message: { role: 'user' as const, content: 'one' },
        parent_tool_use_id: null,
      };
      yield {
        type: 'user' as const,
        session_id: '',
        message: { role: 'user' as const, content: 'two' },
        parent_tool_use_id: null,
      };
    }
    const run = query({ prompt: prompts(), options: { transport } });
    await transport.waitForSent((m) => (m['message'] as { content?: string } | undefined)?.content === 'two');
    transport.emit(SUCCESS);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(transport.inputEnded).toBe(false);
    transport.emit(SUCCESS);
    await vi.waitFor(() => expect(transport.inputEnded).toBe(true));
    transport.finish({});
    await collect(run);
    expect(transport.sent.filter((m) => m['type'] === 'user')).toHaveLength(2);
  });

  it('should end input at once when the iterable ends after the last result', async () => {
    const transport = new FakeCliTransport();
    let endPrompts: () => void = () => undefined;
    async function* prompts() {
      yield {
        type: 'user' as const,
        session_id: '',
        message: { role: 'user' as const, content: 'one' },
        parent_tool_use_id: null,
      };
      await new Promise<void>((resolve) => {
        endPrompts = resolve;
      });
    }
    const run = query({
      prompt: prompts(),
      options: { transport, canUseTool: async () => ({ behavior: 'allow' }) },
    });
    await transport.waitForSent((m) => m['type'] === 'user');
    transport.emit(SUCCESS);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(transport.inputEnded).toBe(false);
    endPrompts();
    await vi.waitFor(() => expect(transport.inputEnded).toBe(true));
    transport.finish({});
    expect((await collect(run)).map((m) => m.type)).toEqual(['result']);
  });

  it('should end input at once for an iterable that yields nothing', async () => {
    const transport = new FakeCliTransport();
    async function* prompts(): AsyncGenerator<never> {}
    const run = query({
      prompt: prompts(),
      options: { transport, canUseTool: async () => ({ behavior: 'allow' }) },
    });
    await vi.waitFor(() => expect(transport.inputEnded).toBe(true));
    transport.finish({});
    await collect(run);
  });

  it.each([
    ['no callbacks', {}],
    ['canUseTool', { canUseTool: async () => ({ behavior: 'allow' as const }) }],
  ])(
    'should keep input open for a string prompt with %s until its result, so interrupt() reaches the CLI',
    async (_label, extra) => {
      const transport = new FakeCliTransport();
      transport.replies.set('interrupt', {});
      const run = query({ prompt: 'hello', options: { transport, ...extra } });
      await transport.waitForSent((m) => m['type'] === 'user');
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(transport.inputEnded).toBe(false);
      await run.interrupt();
      expect(transport.controlRequests('interrupt')).toHaveLength(1);
      transport.emit({ ...SUCCESS, subtype: 'error_during_execution', is_error: true });
      await vi.waitFor(() => expect(transport.inputEnded).toBe(true));
      transport.finish({});
      await collect(run);
    },
  );

  it('should keep input open with canUseTool until a result arrives', async () => {
    const transport = new FakeCliTransport();
    const run = query({
      prompt: 'hello',
      options: { transport, canUseTool: async () => ({ behavior: 'allow' }) },
    });
    await transport.waitForSent((m) => m['type'] === 'user');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(transport.inputEnded).toBe(false);
    transport.emit(SUCCESS);
    await vi.waitFor(() => expect(transport.inputEnded).toBe(true));
    transport.finish({});
    await collect(run);
  });

  it('should keep input open while a background task runs past a result', async () => {
    const transport = new FakeCliTransport();
    const run = query({
      prompt: 'hello',
      options: { transport, canUseTool: async () => ({ behavior: 'allow' }) },
    });
    await transport.waitForSent((m) => m['type'] === 'user');
    transport.emit({ type: 'system', subtype: 'task_started', task_id: 't1', task_type: 'local_agent' });
    transport.emit(SUCCESS);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(transport.inputEnded).toBe(false);
    transport.emit({ type: 'system', subtype: 'task_notification', task_id: 't1', status: 'completed' });
    transport.emit(SUCCESS);
    await vi.waitFor(() => expect(transport.inputEnded).toBe(true));
    transport.finish({});
    await collect(run);
  });

  it('should turn an error result followed by a non-zero exit into a ResultError carrying the result', async () => {
    const transport = new FakeCliTransport();
    const errorResult = {
      type: 'result',
      subtype: 'error_max_turns',
      is_error: true,
      errors: ['Reached max turns (1)'],
    };
    void transport
      .waitForSent((m) => m['type'] === 'user')
      .then(() => {
        transport.emit(INIT);
        transport.emit(errorResult);
        queueMicrotask(() =>
          transport.finish({ error: Object.assign(new Error('exit 1'), { exitCode: 1 }) }),
        );
      });
    const seen: SDKMessage[] = [];
    const error = await (async () => {
      for await (const message of query({ prompt: 'go', options: { transport } })) seen.push(message);
    })().catch((e: unknown) => e);
    expect(seen.map((m) => m.type)).toEqual(['system', 'result']);
    expect(error).toBeInstanceOf(ResultError);
    expect((error as ResultError).code).toBe('RESULT_ERROR');
    expect((error as ResultError).result).toMatchObject({ subtype: 'error_max_turns' });
    // Word for word the official SDK's message (seen through the real CLI).
    expect((error as ResultError).message).toBe(
      'Claude Code returned an error result: Reached max turns (1)',
    );
    expect((error as ResultError).exitCode).toBe(1);
  });

  it('should pass other transport failures through unchanged', async () => {
    const transport = new FakeCliTransport();
    const failure = Object.assign(new Error('boom: stderr tail'), { code: 'PROCESS_EXITED', exitCode: 2 });
    void transport.waitForSent((m) => m['type'] === 'user').then(() => transport.finish({ error: failure }));
    await expect(collect(query({ prompt: 'go', options: { transport } }))).rejects.toBe(failure);
  });

  it('should end without an error when the server goes away (1001) after every turn had its result and input ended', async () => {
    const transport = new FakeCliTransport();
    const goingAway = Object.assign(new Error('server draining'), {
      code: 'ABNORMAL_CLOSE',
      closeCode: 1001,
    });
    void transport
      .waitForSent((m) => m['type'] === 'user')
      .then(() => {
        for (const message of [INIT, ASSISTANT, SUCCESS]) transport.emit(message);
      })
      .then(() => vi.waitFor(() => expect(transport.inputEnded).toBe(true)))
      .then(() => transport.finish({ error: goingAway }));
    const messages = await collect(query({ prompt: 'go', options: { transport } }));
    expect(messages.map((m) => m.type)).toEqual(['system', 'assistant', 'result']);
  });

  it('should end without an error when its end of input meets the socket the server is closing (1001) after the result', async () => {
    const goingAway = Object.assign(new Error('server draining'), {
      code: 'ABNORMAL_CLOSE',
      closeCode: 1001,
    });
    class ClosingTransport extends FakeCliTransport {
      override async endInput(): Promise<void> {
        setTimeout(() => this.finish({ error: goingAway }), 5);
        throw Object.assign(new Error('WebSocket is not open: readyState 2 (CLOSING)'), {
          code: 'TRANSPORT_CLOSED',
        });
      }
    }
    const transport = new ClosingTransport();
    void transport
      .waitForSent((m) => m['type'] === 'user')
      .then(() => {
        for (const message of [INIT, ASSISTANT, SUCCESS]) transport.emit(message);
      });
    const messages = await collect(query({ prompt: 'go', options: { transport } }));
    expect(messages.map((m) => m.type)).toEqual(['system', 'assistant', 'result']);
  });

  it('should fail with the going-away close while a turn runs, or while the caller may still send', async () => {
    const goingAway = () =>
      Object.assign(new Error('server draining'), { code: 'ABNORMAL_CLOSE', closeCode: 1001 });
    const midTurn = new FakeCliTransport();
    const failure = goingAway();
    void midTurn
      .waitForSent((m) => m['type'] === 'user')
      .then(() => {
        midTurn.emit(INIT);
        midTurn.emit(ASSISTANT);
        midTurn.finish({ error: failure });
      });
    await expect(collect(query({ prompt: 'go', options: { transport: midTurn } }))).rejects.toBe(failure);

    const open = new FakeCliTransport();
    const later = goingAway();
    let stop: () => void = () => undefined;
    const stopped = new Promise<void>((resolve) => {
      stop = resolve;
    });
    async function* prompt() {
      yield {
        type: 'user' as const,
        message: { role: 'user' as const, content: 'one' },
        parent_tool_use_id: null,
        session_id: '',
      };
      await stopped;
    }
    void open
      .waitForSent((m) => m['type'] === 'user')
      .then(() => {
        for (const message of [INIT, ASSISTANT, SUCCESS]) open.emit(message);
        setTimeout(() => open.finish({ error: later }), 20);
      });
    await expect(collect(query({ prompt: prompt(), options: { transport: open } }))).rejects.toBe(later);
    stop();
  });

  it('should close the transport when the consumer breaks out early', async () => {
    const transport = new FakeCliTransport();
    void transport
      .waitForSent((m) => m['type'] === 'user')
      .then(() => {
        transport.emit(INIT);
        transport.emit(ASSISTANT);
      });
    for await (const message of query({ prompt: 'go', options: { transport } })) {
      if (message.type === 'system') break;
    }
    expect(transport.closed).toBe(true);
  });

  it('should reject with AbortError and close when the abort controller fires', async () => {
    const transport = new FakeCliTransport();
    const abortController = new AbortController();
    void transport.waitForSent((m) => m['type'] === 'user').then(() => transport.emit(INIT));
    const run = query({ prompt: 'go', options: { transport, abortController } });
    const first = await run.next();
    expect(first.value).toMatchObject({ type: 'system' });
    abortController.abort();
    await expect(run.next()).rejects.toBeInstanceOf(AbortError);
    await vi.waitFor(() => expect(transport.closed).toBe(true));
  });

  it('should reject with AbortError without starting when the signal is already aborted', async () => {
    const transport = new FakeCliTransport();
    const abortController = new AbortController();
    abortController.abort();
    await expect(
      collect(query({ prompt: 'go', options: { transport, abortController } })),
    ).rejects.toMatchObject({
      code: 'ABORTED',
    });
    expect(transport.sent).toEqual([]);
  });

  it('should send interrupt as a control request', async () => {
    const transport = new FakeCliTransport();
    transport.replies.set('interrupt', {});
    const run = query({ prompt: 'go', options: { transport } });
    await run.interrupt();
    expect(transport.controlRequests('interrupt')).toHaveLength(1);
    await run.close();
  });

  it('should type close() as the official does (void) and wait for the exit in closeAndWait()', async () => {
    expectTypeOf<Query['close']>().returns.toEqualTypeOf<void>();
    expectTypeOf<ExtendedQuery['closeAndWait']>().returns.toEqualTypeOf<Promise<void>>();
    expectTypeOf(query).returns.toEqualTypeOf<ExtendedQuery>();
    // The extensions are not on Query, so a value typed with the official Query fits a Query parameter.
    expectTypeOf<Query>().not.toHaveProperty('closeAndWait');
    expectTypeOf<Query>().not.toHaveProperty('request');
    const transport = new FakeCliTransport();
    const run = query({ prompt: 'go', options: { transport } });
    await run.initializationResult();
    const waiting = run.closeAndWait();
    expect(transport.closed).toBe(false);
    await waiting;
    expect(transport.closed).toBe(true);
    run.close();
    await expect(run.closeAndWait()).resolves.toBeUndefined();
  });

  it('should expose the initialize answer', async () => {
    const transport = new FakeCliTransport();
    transport.replies.set('initialize', { commands: [{ name: 'help' }], models: [] });
    const run = query({ prompt: 'go', options: { transport } });
    await expect(run.initializationResult()).resolves.toMatchObject({ commands: [{ name: 'help' }] });
    await run.close();
  });
});

describe('query() permission callback', () => {
  function askToolUse(
    transport: FakeCliTransport,
    input: Record<string, unknown>,
  ): Promise<Record<string, unknown>> {
    transport.emit({
      type: 'control_request',
      request_id: 'cli_1',
      request: {
        subtype: 'can_use_tool',
        tool_name: 'Bash',
        input,
        tool_use_id: 'toolu_1',
        permission_suggestions: [],
      },
    });
    return transport
      .waitForSent((m) => m['type'] === 'control_response')
      .then((m) => (m['response'] as { response: Record<string, unknown> }).response);
  }

  it('should answer an allow without updatedInput as it is, with the toolUseID (the CLI keeps the input)', async () => {
    const transport = new FakeCliTransport();
    const canUseTool = vi.fn(async () => ({ behavior: 'allow' as const }));
    const run = query({ prompt: 'go', options: { transport, canUseTool } });
    await run.initializationResult();
    await expect(askToolUse(transport, { command: 'ls' })).resolves.toStrictEqual({
      behavior: 'allow',
      toolUseID: 'toolu_1',
    });
    expect(canUseTool).toHaveBeenCalledWith(
      'Bash',
      { command: 'ls' },
      expect.objectContaining({ toolUseID: 'toolu_1' }),
    );
    await run.close();
  });

  it('should deny with the message and interrupt flag', async () => {
    const transport = new FakeCliTransport();
    const run = query({
      prompt: 'go',
      options: { transport, canUseTool: async () => ({ behavior: 'deny', message: 'no', interrupt: true }) },
    });
    await run.initializationResult();
    await expect(askToolUse(transport, {})).resolves.toEqual({
      behavior: 'deny',
      message: 'no',
      interrupt: true,
      toolUseID: 'toolu_1',
    });
    await run.close();
  });

  it('should answer an error reply (the CLI denies: fail closed) and report when the callback throws', async () => {
    const transport = new FakeCliTransport();
    const onWarning = vi.fn();
    const run = query({
      prompt: 'go',
      options: {
        transport,
        onWarning,
        canUseTool: async () => {
          throw new Error('callback broke');
        },
      },
    });
    await run.initializationResult();
    void askToolUse(transport, {});
    const reply = await transport.waitForSent((m) => m['type'] === 'control_response');
    // As the official SDK: the callback's message in an error reply, which the CLI turns into a denial.
    expect(reply['response']).toEqual({ subtype: 'error', request_id: 'cli_1', error: 'callback broke' });
    expect(onWarning).toHaveBeenCalledWith(
      expect.objectContaining({
        code: 'HANDLER_FAILED',
        cause: expect.objectContaining({ message: 'callback broke' }),
      }),
    );
    await run.close();
  });

  it('should send --permission-prompt-tool stdio only through the default transport', () => {
    expect(() =>
      query({
        prompt: 'go',
        options: { canUseTool: async () => ({ behavior: 'allow' }), permissionPromptToolName: 'x' },
      }),
    ).toThrow(TypeError);
  });
});

describe('query() with options.transport', () => {
  it('should warn once, naming them, about options only a CLI this SDK starts would receive', async () => {
    const warnings: Error[] = [];
    const run = query({
      prompt: 'go',
      options: {
        transport: new FakeCliTransport(),
        model: 'claude-other',
        allowedTools: ['Bash'],
        env: { A: '1' },
        mcpServers: { docs: { type: 'http', url: 'http://127.0.0.1:1/mcp' } },
        onWarning: (error) => warnings.push(error),
      },
    });
    await run.close();
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatchObject({ name: 'SdkError', code: 'OPTIONS_NOT_SENT' });
    for (const name of ['model', 'allowedTools', 'env', 'mcpServers'])
      expect(warnings[0]?.message).toContain(name);
  });

  it('should not warn about what travels on the control channel: hooks, canUseTool, in-process servers', async () => {
    const warnings: Error[] = [];
    const { createSdkMcpServer } = await import('../index.js');
    const run = query({
      prompt: 'go',
      options: {
        transport: new FakeCliTransport(),
        canUseTool: async () => ({ behavior: 'allow', updatedInput: {} }),
        hooks: { Stop: [{ hooks: [async () => ({})] }] },
        mcpServers: { calc: createSdkMcpServer({ name: 'calc', tools: [] }) },
        title: 'T',
        onWarning: (error) => warnings.push(error),
      },
    });
    await run.close();
    expect(warnings).toEqual([]);
  });

  it('should carry the system prompt and its companions to a CLI it did not start, in initialize', async () => {
    const warnings: Error[] = [];
    const transport = new FakeCliTransport();
    const run = query({
      prompt: 'go',
      options: {
        transport,
        systemPrompt: ['You review code.', 'Be brief.'],
        planModeInstructions: 'Plan in three steps.',
        promptSuggestions: true,
        forwardSubagentText: true,
        onWarning: (error) => warnings.push(error),
      },
    });
    await run.initializationResult();
    expect(transport.sent[0]).toMatchObject({
      request: {
        subtype: 'initialize',
        systemPrompt: ['You review code.', 'Be brief.'],
        planModeInstructions: 'Plan in three steps.',
        promptSuggestions: true,
        forwardSubagentText: true,
      },
    });
    await run.close();
    expect(warnings).toEqual([]);
  });
});

describe('query() option validation', () => {
  const transport = new FakeCliTransport();
  it.each([
    [{ resumeSessionAt: 'a0a0a0a0-0000-4000-8000-000000000000' }, /resumeSessionAt/],
    [
      { resume: 'a0a0a0a0-0000-4000-8000-000000000000', sessionId: 'b0a0a0a0-0000-4000-8000-000000000000' },
      /sessionId/,
    ],
    [{ initializeTimeoutMs: -1 }, /initializeTimeoutMs/],
    [{ abortController: {} as AbortController }, /abortController/],
  ])('should reject %j synchronously', (options, message) => {
    expect(() => query({ prompt: 'go', options: { transport, ...options } })).toThrow(message);
  });

  it('should accept sessionId with resume when forking', () => {
    const run = query({
      prompt: 'go',
      options: {
        transport: new FakeCliTransport(),
        resume: 'a0a0a0a0-0000-4000-8000-000000000000',
        sessionId: 'b0a0a0a0-0000-4000-8000-000000000000',
        forkSession: true,
      },
    });
    return run.close();
  });

  it('should reject a prompt that is neither a string nor an async iterable', () => {
    expect(() => query({ prompt: 42 as unknown as string, options: { transport } })).toThrow(TypeError);
  });
});

describe('query() start-up failures', () => {
  it('should surface the transport error, not a generic closed error, when the CLI dies during initialize', async () => {
    const transport = new FakeCliTransport();
    transport.unanswered.add('initialize');
    const exit = Object.assign(new Error('claude exited with code 1: error: unknown option'), {
      code: 'PROCESS_EXITED',
      exitCode: 1,
    });
    void transport
      .waitForSent((m) => m['type'] === 'control_request')
      .then(() => transport.finish({ error: exit }));
    await expect(collect(query({ prompt: 'go', options: { transport } }))).rejects.toBe(exit);
  });
});
