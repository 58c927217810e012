import {
  ControlChannel,
  ControlProtocolError,
  createLinkedTransportPair,
  type HookJSONOutput,
  type Transport,
} from '@ccsdk/control-protocol';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HookError } from './hook-error.js';
import type { HookCallback, HooksOption } from './hook-types.js';
import { HOOK_TIMEOUT_REPLY_GRACE_MS } from './limits.js';
import { registerHooks } from './register-hooks.js';

type Json = Record<string, unknown>;

/** The SDK end runs a ControlChannel with the hook handler; the test plays the CLI on the other end. */
async function connect(hooks: HooksOption) {
  const [sdkEnd, cliEnd] = createLinkedTransportPair();
  const warnings: Error[] = [];
  const channelErrors: Error[] = [];
  const registration = registerHooks(hooks, (e) => warnings.push(e));
  const channel = new ControlChannel(sdkEnd, {
    onMessage: () => {},
    onError: (e) => channelErrors.push(e),
  });
  channel.setHandler('hook_callback', registration.handler);
  const fromSdk: Json[] = [];
  const waiters: Array<() => void> = [];
  cliEnd.onmessage = (m) => {
    fromSdk.push(m as Json);
    for (const w of waiters.splice(0)) w();
  };
  await cliEnd.start();
  await channel.start();
  let n = 0;
  const call = async (
    callbackId: string,
    input: Json,
    toolUseId?: string,
  ): Promise<{ id: string; reply: Promise<Json> }> => {
    const id = `cli_req_${n++}`;
    const request: Json = { subtype: 'hook_callback', callback_id: callbackId, input };
    if (toolUseId !== undefined) request['tool_use_id'] = toolUseId;
    await cliEnd.send({ type: 'control_request', request_id: id, request });
    return { id, reply: replyTo(id) };
  };
  const replyTo = async (id: string): Promise<Json> => {
    for (;;) {
      const hit = fromSdk.find((m) => (m['response'] as Json | undefined)?.['request_id'] === id);
      if (hit) return hit['response'] as Json;
      await new Promise<void>((resolve) => waiters.push(resolve));
    }
  };
  return { registration, channel, cliEnd: cliEnd as Transport, call, fromSdk, warnings, channelErrors };
}

/** A callback that never answers and keeps the signal it was given. */
function hangingHook(onAbort?: () => void): { hook: HookCallback; signal: () => AbortSignal | undefined } {
  let seen: AbortSignal | undefined;
  const hook: HookCallback = (_input, _id, { signal }) => {
    seen = signal;
    if (onAbort) signal.addEventListener('abort', onAbort);
    return new Promise(() => {});
  };
  return { hook, signal: () => seen };
}

function causeCode(error: Error | undefined): unknown {
  return (error?.cause as { code?: unknown } | undefined)?.code;
}

const INPUT = {
  session_id: 's',
  transcript_path: '/t',
  cwd: '/c',
  hook_event_name: 'PreToolUse',
  tool_name: 'Bash',
  tool_input: { command: 'ls' },
  tool_use_id: 'toolu_1',
};

/** Lets queued messages and microtasks run; `setImmediate` is not faked in these tests. */
const flush = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

async function until(check: () => boolean): Promise<void> {
  for (let i = 0; i < 100 && !check(); i++) await flush();
  expect(check()).toBe(true);
}

afterEach(() => {
  vi.useRealTimers();
});

describe('registerHooks: the initialize payload', () => {
  it('should number callback ids across all events and carry matcher, timeout in seconds and onFailure', () => {
    const a: HookCallback = async () => ({});
    const { initializeHooks } = registerHooks(
      {
        PreToolUse: [{ matcher: 'Bash', hooks: [a, a], timeoutMs: 2500, onFailure: 'block' }, { hooks: [a] }],
        UserPromptSubmit: [{ hooks: [a], timeout: 30 }],
      },
      () => {},
    );
    expect(initializeHooks).toEqual({
      PreToolUse: [
        { matcher: 'Bash', hookCallbackIds: ['hook_0', 'hook_1'], timeout: 2.5, onFailure: 'block' },
        { hookCallbackIds: ['hook_2'] },
      ],
      UserPromptSubmit: [{ hookCallbackIds: ['hook_3'], timeout: 30 }],
    });
    // A matcher for every call has no matcher key at all, as the official SDK sends it.
    expect(Object.keys(initializeHooks?.['PreToolUse']?.[1] ?? {})).toEqual(['hookCallbackIds']);
  });

  it('should give null without a hooks option, and {} for one without matchers (as the official)', () => {
    expect(registerHooks(undefined, () => {}).initializeHooks).toBeNull();
    expect(registerHooks({}, () => {}).initializeHooks).toEqual({});
    expect(registerHooks({ PreToolUse: [] }, () => {}).initializeHooks).toEqual({});
  });

  it('should throw the validation TypeError synchronously', () => {
    expect(() => registerHooks({ Bogus: [] } as unknown as HooksOption, () => {})).toThrow(TypeError);
  });
});

describe('registerHooks: hook_callback over a control channel', () => {
  it('should call the right callback with input, tool use id and a live signal, and answer its output renamed', async () => {
    const first = vi.fn<HookCallback>(async () => ({ continue: true }));
    // `continue_` (a Python spelling, not in the type) is still renamed at run time.
    const second = vi.fn<HookCallback>(
      async () =>
        ({
          continue_: false,
          stopReason: 'enough',
          hookSpecificOutput: {
            hookEventName: 'PreToolUse',
            permissionDecision: 'deny',
            permissionDecisionReason: 'no',
          },
        }) as unknown as HookJSONOutput,
    );
    const rig = await connect({ PreToolUse: [{ matcher: 'Bash', hooks: [first, second] }] });
    const { reply } = await rig.call('hook_1', INPUT, 'toolu_1');
    expect(await reply).toEqual({
      subtype: 'success',
      request_id: expect.any(String),
      response: {
        stopReason: 'enough',
        hookSpecificOutput: {
          hookEventName: 'PreToolUse',
          permissionDecision: 'deny',
          permissionDecisionReason: 'no',
        },
        continue: false,
      },
    });
    expect(first).not.toHaveBeenCalled();
    expect(second).toHaveBeenCalledTimes(1);
    const [input, toolUseId, options] = second.mock.calls[0] ?? [];
    expect(input).toEqual(INPUT);
    expect(toolUseId).toBe('toolu_1');
    expect(options?.signal.aborted).toBe(false);
    expect(rig.warnings).toEqual([]);
  });

  it('should pass undefined as tool use id when the request has none and answer {} for undefined', async () => {
    const hook = vi.fn<HookCallback>(async () => undefined as never);
    const rig = await connect({ UserPromptSubmit: [{ hooks: [hook] }] });
    const { reply } = await rig.call('hook_0', {
      ...INPUT,
      hook_event_name: 'UserPromptSubmit',
      prompt: 'hi',
    });
    expect((await reply)['response']).toEqual({});
    expect(hook.mock.calls[0]?.[1]).toBeUndefined();
  });

  it('should answer an unknown callback id with an error reply', async () => {
    const rig = await connect({ Stop: [{ hooks: [async () => ({})] }] });
    const { reply } = await rig.call('hook_7', INPUT);
    const answer = await reply;
    expect(answer['subtype']).toBe('error');
    expect(String(answer['error'])).toContain('hook_7');
    const reported = rig.channelErrors[0];
    expect(ControlProtocolError.isInstance(reported) && reported.code).toBe('HANDLER_FAILED');
    expect(causeCode(reported)).toBe('UNKNOWN_HOOK_CALLBACK');
  });

  it('should answer a throwing callback with an error reply and report it', async () => {
    const rig = await connect({
      PreToolUse: [{ hooks: [async () => Promise.reject(new Error('db down'))] }],
    });
    const { reply } = await rig.call('hook_0', INPUT, 'toolu_1');
    const answer = await reply;
    expect(answer['subtype']).toBe('error');
    // The CLI is told the callback's own words, as by the official SDK; the warning says more.
    expect(answer['error']).toBe('db down');
    const cause = rig.channelErrors[0]?.cause;
    expect(cause).toBeInstanceOf(HookError);
    expect(cause).toMatchObject({ code: 'HOOK_CALLBACK_FAILED', event: 'PreToolUse', callbackId: 'hook_0' });
    expect((cause as Error).message).toBe('The PreToolUse hook callback hook_0 failed: db down');
  });

  it('should answer a callback that throws synchronously or resolves to a non-object with an error reply', async () => {
    const rig = await connect({
      Stop: [
        {
          hooks: [
            (() => {
              throw new Error('sync');
            }) as unknown as HookCallback,
            async () => 'yes' as never,
          ],
        },
      ],
    });
    const sync = await (await rig.call('hook_0', INPUT)).reply;
    const bad = await (await rig.call('hook_1', INPUT)).reply;
    expect([sync['subtype'], bad['subtype']]).toEqual(['error', 'error']);
    expect(rig.channelErrors.map(causeCode)).toEqual(['HOOK_CALLBACK_FAILED', 'INVALID_HOOK_OUTPUT']);
  });

  it('should abort the signal on control_cancel_request and send no reply', async () => {
    let resolveSettled: () => void = () => {};
    const settled = new Promise<void>((resolve) => {
      resolveSettled = resolve;
    });
    const hanging = hangingHook(() => resolveSettled());
    const rig = await connect({ PreToolUse: [{ hooks: [hanging.hook] }] });
    const { id } = await rig.call('hook_0', INPUT);
    await until(() => hanging.signal() !== undefined);
    await rig.cliEnd.send({ type: 'control_cancel_request', request_id: id });
    await settled;
    expect(hanging.signal()?.aborted).toBe(true);
    await rig.channel.close();
    expect(rig.fromSdk.filter((m) => m['type'] === 'control_response')).toEqual([]);
    expect(rig.warnings).toEqual([]);
  });

  it('should abort the signal when the channel closes', async () => {
    const hanging = hangingHook();
    const rig = await connect({ Stop: [{ hooks: [hanging.hook] }] });
    await rig.call('hook_0', INPUT);
    await until(() => hanging.signal() !== undefined);
    await rig.channel.close();
    expect(hanging.signal()?.aborted).toBe(true);
  });

  it('should abort the signal at the timeout, warn, and leave the answer to the CLI cancel', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const hanging = hangingHook();
    const rig = await connect({ PreToolUse: [{ hooks: [hanging.hook], timeoutMs: 1000 }] });
    const { id } = await rig.call('hook_0', INPUT);
    await until(() => hanging.signal() !== undefined);
    const seen = hanging.signal();
    await vi.advanceTimersByTimeAsync(999);
    expect(seen?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(seen?.aborted).toBe(true);
    expect(seen?.reason).toMatchObject({ code: 'HOOK_TIMEOUT', callbackId: 'hook_0' });
    expect(rig.warnings.map((w) => (w as HookError).code)).toEqual(['HOOK_TIMEOUT']);
    await rig.cliEnd.send({ type: 'control_cancel_request', request_id: id });
    await vi.advanceTimersByTimeAsync(HOOK_TIMEOUT_REPLY_GRACE_MS);
    expect(rig.fromSdk.filter((m) => m['type'] === 'control_response')).toEqual([]);
    expect(rig.channelErrors).toEqual([]);
  });

  it('should reply with an error once the grace is over when the CLI never cancels a timed-out call', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const rig = await connect({ Stop: [{ hooks: [() => new Promise(() => {})], timeout: 1 }] });
    const { reply } = await rig.call('hook_0', INPUT);
    await vi.advanceTimersByTimeAsync(1000 + HOOK_TIMEOUT_REPLY_GRACE_MS - 1);
    expect(rig.fromSdk.filter((m) => m['type'] === 'control_response')).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    const answer = await reply;
    expect(answer['subtype']).toBe('error');
    expect(causeCode(rig.channelErrors[0])).toBe('HOOK_TIMEOUT');
  });

  it('should answer in time when the callback beats its timeout, and clear the timer', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const rig = await connect({
      Stop: [{ hooks: [async () => ({ decision: 'block', reason: 'r' })], timeoutMs: 50 }],
    });
    const { reply } = await rig.call('hook_0', INPUT);
    expect((await reply)['response']).toEqual({ decision: 'block', reason: 'r' });
    expect(vi.getTimerCount()).toBe(0);
    expect(rig.warnings).toEqual([]);
  });

  it('should answer with an error when the request carries no input object', async () => {
    const hook = vi.fn<HookCallback>(async () => ({}));
    const rig = await connect({ Stop: [{ hooks: [hook] }] });
    const { reply } = await rig.call('hook_0', 'not an object' as unknown as Json);
    expect((await reply)['subtype']).toBe('error');
    expect(hook).not.toHaveBeenCalled();
  });
});
