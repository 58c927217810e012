import { describe, expect, it } from 'vitest';
import { AbortError } from '../errors/sdk-error.js';
import { query } from '../query/query.js';
import { FakeCliTransport } from '../testing/fake-cli-transport.js';
import type { ExtendedOptions } from './options.js';
import { validateOptions } from './validate-options.js';

/** Values the official SDK 0.3.332 accepts at run time (run side by side), which ours accepts too. */
describe('options the official SDK accepts', () => {
  it('should take an abort controller that is not this realm’s AbortController, and abort through it', async () => {
    const inner = new AbortController();
    const lookalike = { signal: inner.signal, abort: (reason?: unknown) => inner.abort(reason) };
    const transport = new FakeCliTransport();
    void transport.waitForSent((m) => m['type'] === 'user').then(() => transport.emit({ type: 'system' }));
    const run = query({
      prompt: 'go',
      options: { transport, abortController: lookalike as AbortController },
    });
    expect((await run.next()).value).toMatchObject({ type: 'system' });
    lookalike.abort();
    await expect(run.next()).rejects.toBeInstanceOf(AbortError);
  });

  it('should still refuse an abort controller without a signal', () => {
    expect(() => validateOptions({ abortController: {} as AbortController })).toThrow(/abortController/);
  });

  it('should mark prompts client_composed for a truthy verbatimPrompts that is not `true`', async () => {
    const transport = new FakeCliTransport();
    const run = query({ prompt: 'look at @a.txt', options: { transport, verbatimPrompts: 'yes' as never } });
    expect(await transport.waitForSent((m) => m['type'] === 'user')).toMatchObject({ client_composed: true });
    run.close();
  });

  it.each<[string, ExtendedOptions]>([
    [
      'sessionId with an empty resume (no resume)',
      { sessionId: 'b0a0a0a0-0000-4000-8000-000000000000', resume: '' },
    ],
    [
      'canUseTool with an empty permissionPromptToolName',
      { canUseTool: async () => ({ behavior: 'deny', message: 'no' }), permissionPromptToolName: '' },
    ],
    ['agentProgressSummaries given as 1', { agentProgressSummaries: 1 as never }],
  ])('should accept %s', (_name, options) => {
    expect(() => validateOptions(options)).not.toThrow();
  });

  it('should send a truthy agentProgressSummaries to the CLI as true', async () => {
    const transport = new FakeCliTransport();
    const run = query({ prompt: 'go', options: { transport, agentProgressSummaries: 1 as never } });
    const initialize = await transport.waitForSent(
      (m) => (m['request'] as Record<string, unknown> | undefined)?.['subtype'] === 'initialize',
    );
    expect(initialize).toMatchObject({ request: { agentProgressSummaries: true } });
    run.close();
  });
});
