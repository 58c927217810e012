import {
  type ExtendedOptions,
  type HookCallback,
  type HookInput,
  type HookJSONOutput,
  type PostToolUseHookInput,
  type PreToolUseHookInput,
  query,
  type UserPromptSubmitHookInput,
} from '@ccsdk/sdk';
import { reply, text, toolUse } from '@ccsdk/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { collect } from './support/collect.js';
import { type Rig, startRig } from './support/rig.js';

let rig: Rig | undefined;
afterEach(async () => {
  await rig?.dispose();
  rig = undefined;
});

function baseOptions(r: Rig, warnings: Error[] = []): ExtendedOptions {
  return { env: r.env, cwd: r.sandbox.cwd, onWarning: (e) => warnings.push(e) };
}

/** A hook that records its inputs and answers `output`. */
function recorder(output: Awaited<ReturnType<HookCallback>> = {}) {
  const calls: Array<{ input: HookInput; toolUseID: string | undefined }> = [];
  const hook: HookCallback = async (input, toolUseID) => {
    calls.push({ input, toolUseID });
    return output;
  };
  return { hook, calls };
}

/** The tool results the fake received, over all main requests. */
function toolResults(r: Rig) {
  return r.fake.mainRequests().flatMap((request) => request.toolResults);
}

const ECHO = { command: 'echo hook-e2e-ran', description: 'print a marker' };

describe('hooks through the real CLI', () => {
  it('should call a PreToolUse hook with the tool input and block the tool with its reason', async () => {
    rig = await startRig({ script: [reply(toolUse('Bash', ECHO)), reply(text('Understood.'))] });
    const pre = recorder({
      hookSpecificOutput: {
        hookEventName: 'PreToolUse',
        permissionDecision: 'deny',
        permissionDecisionReason: 'blocked-by-hook-7c1',
      },
    });
    await collect(
      query({
        prompt: 'Run it',
        options: { ...baseOptions(rig), hooks: { PreToolUse: [{ hooks: [pre.hook] }] } },
      }),
    );

    expect(pre.calls).toHaveLength(1);
    const input = pre.calls[0]?.input as PreToolUseHookInput;
    expect(input.hook_event_name).toBe('PreToolUse');
    expect(input.tool_name).toBe('Bash');
    expect(input.tool_input).toMatchObject({ command: ECHO.command });
    expect(pre.calls[0]?.toolUseID).toBe(input.tool_use_id);
    const results = toolResults(rig);
    expect(results).toHaveLength(1);
    expect(results[0]?.isError).toBe(true);
    expect(results[0]?.text).toContain('blocked-by-hook-7c1');
    expect(results[0]?.text).not.toContain('hook-e2e-ran');
  });

  it('should call a UserPromptSubmit hook with the prompt and pass its added context to the model', async () => {
    rig = await startRig({ script: [reply(text('Noted.'))] });
    const submit = recorder({
      hookSpecificOutput: { hookEventName: 'UserPromptSubmit', additionalContext: 'ctx-from-hook-91d' },
    });
    await collect(
      query({
        prompt: 'Hello marker-ups-5',
        options: { ...baseOptions(rig), hooks: { UserPromptSubmit: [{ hooks: [submit.hook] }] } },
      }),
    );
    expect(submit.calls).toHaveLength(1);
    const input = submit.calls[0]?.input as UserPromptSubmitHookInput | undefined;
    expect(input?.prompt).toBe('Hello marker-ups-5');
    const [first] = rig.fake.mainRequests();
    expect(JSON.stringify(first?.messages)).toContain('ctx-from-hook-91d');
  });

  it('should show a PostToolUse hook the tool response', async () => {
    rig = await startRig({ script: [reply(toolUse('Bash', ECHO)), reply(text('Done.'))] });
    const post = recorder();
    await collect(
      query({
        prompt: 'Run it',
        options: { ...baseOptions(rig), hooks: { PostToolUse: [{ hooks: [post.hook] }] } },
      }),
    );
    expect(post.calls).toHaveLength(1);
    const input = post.calls[0]?.input as PostToolUseHookInput;
    expect(input.tool_name).toBe('Bash');
    expect(input.tool_response).toMatchObject({ stdout: 'hook-e2e-ran' });
    expect(toolResults(rig)[0]?.text).toBe('hook-e2e-ran');
  });

  it('should call only the hooks whose matcher fits the tool', async () => {
    rig = await startRig({ script: [reply(toolUse('Bash', ECHO)), reply(text('Done.'))] });
    const forRead = recorder();
    const forBash = recorder();
    const forAll = recorder();
    await collect(
      query({
        prompt: 'Run it',
        options: {
          ...baseOptions(rig),
          hooks: {
            PreToolUse: [
              { matcher: 'Read', hooks: [forRead.hook] },
              { matcher: 'Bash', hooks: [forBash.hook] },
              { hooks: [forAll.hook] },
            ],
          },
        },
      }),
    );
    expect(forRead.calls).toHaveLength(0);
    expect(forBash.calls).toHaveLength(1);
    expect(forAll.calls).toHaveLength(1);
    expect(toolResults(rig)[0]?.text).toBe('hook-e2e-ran');
  });

  it('should abort a PreToolUse hook at its timeoutMs, warn, and leave the tool blocked', async () => {
    rig = await startRig({ script: [reply(toolUse('Bash', ECHO)), reply(text('Done.'))] });
    const warnings: Error[] = [];
    let aborted: unknown;
    const started = Date.now();
    let abortedAfterMs = -1;
    const slow: HookCallback = (_input, _id, { signal }) =>
      new Promise((resolve) => {
        signal.addEventListener('abort', () => {
          aborted = signal.reason;
          abortedAfterMs = Date.now() - started;
          resolve({});
        });
      });
    await collect(
      query({
        prompt: 'Run it',
        options: {
          ...baseOptions(rig, warnings),
          hooks: { PreToolUse: [{ hooks: [slow], timeoutMs: 1500 }] },
        },
      }),
    );
    // The SDK and the CLI both enforce the timeout (it is sent in initialize); whichever timer fires
    // first aborts the callback: our HOOK_TIMEOUT (also reported as a warning) or the CLI's cancel.
    const reason = (aborted as { code?: string } | undefined)?.code;
    expect(['HOOK_TIMEOUT', 'REQUEST_ABORTED']).toContain(reason);
    if (reason === 'HOOK_TIMEOUT') {
      expect(warnings.map((w) => (w as { code?: string }).code)).toContain('HOOK_TIMEOUT');
    }
    expect(abortedAfterMs).toBeGreaterThanOrEqual(1500);
    const results = toolResults(rig);
    expect(results[0]?.isError).toBe(true);
    expect(results[0]?.text).not.toContain('hook-e2e-ran');
  });

  it('should report a throwing hook; the tool goes ahead by default and is blocked with onFailure block', async () => {
    const failing: HookCallback = async () => {
      throw new Error('hook exploded 3f9');
    };
    rig = await startRig({ script: [reply(toolUse('Bash', ECHO)), reply(text('Done.'))] });
    const warnings: Error[] = [];
    await collect(
      query({
        prompt: 'Run it',
        options: { ...baseOptions(rig, warnings), hooks: { PreToolUse: [{ hooks: [failing] }] } },
      }),
    );
    expect(toolResults(rig)[0]?.text).toBe('hook-e2e-ran');
    expect(warnings.some((w) => String(w.message).includes('hook exploded 3f9'))).toBe(true);
    await rig.dispose();

    rig = await startRig({ script: [reply(toolUse('Bash', ECHO)), reply(text('Done.'))] });
    await collect(
      query({
        prompt: 'Run it',
        options: { ...baseOptions(rig), hooks: { PreToolUse: [{ hooks: [failing], onFailure: 'block' }] } },
      }),
    );
    expect(toolResults(rig)[0]?.isError).toBe(true);
    expect(toolResults(rig)[0]?.text).not.toContain('hook-e2e-ran');
  });

  it('should send continue_: false as continue: false, which stops the session after the tool', async () => {
    rig = await startRig({ script: [reply(toolUse('Bash', ECHO)), reply(text('Should not be asked.'))] });
    // The Python spelling, not in the official type, still taken at run time.
    const post = recorder({ continue_: false, stopReason: 'stopped-by-hook-2a' } as HookJSONOutput);
    const messages = await collect(
      query({
        prompt: 'Run it',
        options: { ...baseOptions(rig), hooks: { PostToolUse: [{ hooks: [post.hook] }] } },
      }),
    );
    expect(post.calls).toHaveLength(1);
    expect(rig.fake.mainRequests()).toHaveLength(1);
    expect(messages.at(-1)?.type).toBe('result');
  });

  it('should refuse an unknown hook event synchronously', () => {
    expect(() =>
      query({ prompt: 'hi', options: { hooks: { PreToolUze: [{ hooks: [async () => ({})] }] } as never } }),
    ).toThrow(TypeError);
  });
});
