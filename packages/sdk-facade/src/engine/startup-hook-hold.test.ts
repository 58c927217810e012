import { afterEach, describe, expect, it, vi } from 'vitest';
import { INITIALIZE_TIMEOUT_MS, STARTUP_HOOKS_MAX_HOLD_MS } from '../query/limits.js';
import { query } from '../query/query.js';
import { startup } from '../query/warm-query.js';
import { FakeCliTransport } from '../testing/fake-cli-transport.js';

afterEach(() => {
  vi.useRealTimers();
});

/** The `system` messages the CLI (2.1.332) writes around a SessionStart command hook. */
function hookMessage(
  subtype: 'hook_started' | 'hook_response',
  id: string,
  event: string,
): Record<string, unknown> {
  return {
    type: 'system',
    subtype,
    hook_id: id,
    hook_name: `${event}:startup`,
    hook_event: event,
    ...(subtype === 'hook_response' ? { outcome: 'success' } : {}),
  };
}
const hookStarted = (id: string, event = 'SessionStart') => hookMessage('hook_started', id, event);
const hookResponse = (id: string, event = 'SessionStart') => hookMessage('hook_response', id, event);

/** A CLI that answers initialize only when the test says so. */
function slowCli(): { transport: FakeCliTransport; answer: () => Promise<void> } {
  const transport = new FakeCliTransport();
  transport.unanswered.add('initialize');
  return {
    transport,
    answer: async () => {
      const init = await transport.waitForSent(
        (m) => (m['request'] as { subtype?: string })?.subtype === 'initialize',
      );
      transport.emit({
        type: 'control_response',
        response: { subtype: 'success', request_id: init['request_id'], response: { commands: [] } },
      });
    },
  };
}

const pending = Symbol('pending');

describe('the initialize deadline and start-up hooks', () => {
  it('should not count the time a SessionStart or Setup hook runs against the default timeout', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const { transport, answer } = slowCli();
    const run = query({ prompt: 'go', options: { transport } });
    const init = run.initializationResult().catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(10_000);
    transport.emit(hookStarted('h1'));
    transport.emit(hookStarted('h2', 'Setup'));
    await vi.advanceTimersByTimeAsync(INITIALIZE_TIMEOUT_MS * 3);
    transport.emit(hookResponse('h1'));
    await vi.advanceTimersByTimeAsync(INITIALIZE_TIMEOUT_MS * 2);
    transport.emit(hookResponse('h2', 'Setup'));
    await vi.advanceTimersByTimeAsync(INITIALIZE_TIMEOUT_MS - 10_000 - 1);
    expect(await Promise.race([init, Promise.resolve(pending)])).toBe(pending);
    await answer();
    await expect(init).resolves.toMatchObject({ commands: [] });
    await run.close();
  });

  it('should count a hook of another event, and time past the hold budget', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const other = slowCli();
    const run = query({ prompt: 'go', options: { transport: other.transport } });
    const init = run.initializationResult().catch((e: unknown) => e);
    other.transport.emit(hookStarted('u1', 'UserPromptSubmit'));
    await vi.advanceTimersByTimeAsync(INITIALIZE_TIMEOUT_MS);
    expect(await init).toMatchObject({ code: 'REQUEST_TIMEOUT', subtype: 'initialize' });
    await run.close();

    const endless = slowCli();
    const run2 = query({ prompt: 'go', options: { transport: endless.transport } });
    const init2 = run2.initializationResult().catch((e: unknown) => e);
    endless.transport.emit(hookStarted('s1'));
    await vi.advanceTimersByTimeAsync(STARTUP_HOOKS_MAX_HOLD_MS + INITIALIZE_TIMEOUT_MS - 1);
    expect(await Promise.race([init2, Promise.resolve(pending)])).toBe(pending);
    await vi.advanceTimersByTimeAsync(1);
    const error = (await init2) as Error;
    expect(error).toMatchObject({ code: 'REQUEST_TIMEOUT' });
    expect(error.message).toContain(`besides ${STARTUP_HOOKS_MAX_HOLD_MS} ms on hold`);
    await run2.close();
  });

  it('should count every moment against a timeout that was passed, as the official SDK does', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const byOption = slowCli();
    const run = query({
      prompt: 'go',
      options: { transport: byOption.transport, initializeTimeoutMs: 5000 },
    });
    const init = run.initializationResult().catch((e: unknown) => e);
    byOption.transport.emit(hookStarted('h1'));
    await vi.advanceTimersByTimeAsync(5000);
    expect(await init).toMatchObject({ code: 'REQUEST_TIMEOUT' });
    await run.close();

    const byParam = slowCli();
    const warm = startup({
      options: { transport: byParam.transport, onWarning: () => {} },
      initializeTimeoutMs: 5000,
    });
    const outcome = warm.catch((e: unknown) => e);
    byParam.transport.emit(hookStarted('h1'));
    await vi.advanceTimersByTimeAsync(5000);
    expect(await outcome).toMatchObject({ code: 'REQUEST_TIMEOUT' });
  });
});
