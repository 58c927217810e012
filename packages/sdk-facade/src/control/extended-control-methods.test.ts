import { describe, expect, it } from 'vitest';
import { query } from '../query/query.js';
import { FakeCliTransport } from '../testing/fake-cli-transport.js';

/** Calls `method` on a query by name, as a program that checked `typeof query[method]` does. */
function callByName(run: unknown, method: string, args: unknown[]): Promise<unknown> {
  const fn = (run as Record<string, unknown>)[method];
  if (typeof fn !== 'function') throw new Error(`the query has no ${method}()`);
  return (fn as (...a: unknown[]) => Promise<unknown>).apply(run, args);
}

// The request each one writes is checked with the other control methods (control-methods.test.ts).
describe('the undeclared control methods of ExtendedQuery', () => {
  it('should resolve generateSessionTitle() with the title, or null when the CLI made none', async () => {
    const transport = new FakeCliTransport();
    const run = query({ prompt: 'go', options: { transport } });
    transport.replies.set('generate_session_title', { title: 'Flaky build fix' });
    await expect(run.generateSessionTitle('Fix the flaky build', { persist: true })).resolves.toBe(
      'Flaky build fix',
    );
    transport.replies.set('generate_session_title', { title: null });
    await expect(run.generateSessionTitle('hi')).resolves.toBeNull();
    // An answer without a title (an older CLI) or with one that is not text is no title.
    transport.replies.set('generate_session_title', {});
    await expect(run.generateSessionTitle('hi')).resolves.toBeNull();
    transport.replies.set('generate_session_title', { title: 42 });
    await expect(run.generateSessionTitle('hi')).resolves.toBeNull();
    await run.closeAndWait();
  });

  it('should pass on the CLI answer of getSettings(), mcpAuthenticate() and enableRemoteControl()', async () => {
    const transport = new FakeCliTransport();
    const run = query({ prompt: 'go', options: { transport } });
    const report = { effective: { model: 'x' }, sources: [], applied: { ultracodeAvailable: true } };
    transport.replies.set('get_settings', report);
    await expect(run.getSettings()).resolves.toEqual(report);
    transport.replies.set('mcp_authenticate', {
      requiresUserAction: true,
      authUrl: 'http://127.0.0.1:1/authorize',
    });
    await expect(run.mcpAuthenticate('docs')).resolves.toEqual({
      requiresUserAction: true,
      authUrl: 'http://127.0.0.1:1/authorize',
    });
    transport.replies.set('remote_control', { session_url: 'https://claude.ai/code/session_1' });
    await expect(run.enableRemoteControl(true)).resolves.toEqual({
      session_url: 'https://claude.ai/code/session_1',
    });
    // The CLI's bare success (how it answers a disconnect) resolves undefined, as the official does.
    transport.replies.set('remote_control', {});
    await expect(run.enableRemoteControl(false)).resolves.toBeUndefined();
    await run.closeAndWait();
  });

  it("should reject with the CLI's refusal", async () => {
    const transport = new FakeCliTransport();
    const run = query({ prompt: 'go', options: { transport } });
    const refused = run.mcpAuthenticate('nosuch');
    const sent = await transport.waitForSent(
      (m) =>
        m['type'] === 'control_request' &&
        (m['request'] as Record<string, unknown>)['subtype'] === 'mcp_authenticate',
    );
    transport.emit({
      type: 'control_response',
      response: { subtype: 'error', request_id: sent['request_id'], error: 'Server not found: nosuch' },
    });
    await expect(refused).rejects.toMatchObject({
      code: 'CONTROL_ERROR_RESPONSE',
      message: expect.stringContaining('Server not found: nosuch'),
    });
    await run.closeAndWait();
  });

  it.each([
    ['generateSessionTitle', [42]],
    ['generateSessionTitle', [undefined]],
    ['generateSessionTitle', ['t', null]],
    ['generateSessionTitle', ['t', { persist: 'yes' }]],
    ['enableRemoteControl', ['on']],
    ['enableRemoteControl', [true, 7]],
    ['mcpAuthenticate', [null]],
  ])('%s(%j) should throw a TypeError and send nothing', async (method, args) => {
    const transport = new FakeCliTransport();
    const run = query({ prompt: 'go', options: { transport } });
    await expect(callByName(run, method, args)).rejects.toBeInstanceOf(TypeError);
    for (const subtype of ['generate_session_title', 'remote_control', 'mcp_authenticate']) {
      expect(transport.controlRequests(subtype)).toHaveLength(0);
    }
    await run.closeAndWait();
  });
});
