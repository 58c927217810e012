import { describe, expect, it, vi } from 'vitest';
import { FakeCliTransport } from '../testing/fake-cli-transport.js';
import { startup } from './warm-query.js';

describe('startup()', () => {
  it('should initialize before any prompt and send the prompt on query()', async () => {
    const transport = new FakeCliTransport();
    transport.replies.set('initialize', { commands: [{ name: 'x', description: '' }], models: [] });
    const warm = await startup({ options: { transport } });
    expect(warm.initialization.commands).toHaveLength(1);
    expect(transport.sent.filter((m) => m['type'] === 'user')).toHaveLength(0);
    const run = warm.query('hello');
    await transport.waitForSent((m) => m['type'] === 'user');
    transport.emit({ type: 'result', subtype: 'success', is_error: false, result: 'ok' });
    transport.finish({});
    const types: string[] = [];
    for await (const message of run) types.push(message.type);
    expect(types).toEqual(['result']);
  });

  it('should throw on a second query() and after close()', async () => {
    const transport = new FakeCliTransport();
    const warm = await startup({ options: { transport } });
    const run = warm.query('one');
    expect(() => warm.query('two')).toThrow(expect.objectContaining({ code: 'QUERY_CLOSED' }));
    await run.close();
    const other = await startup({ options: { transport: new FakeCliTransport() } });
    await other.close();
    expect(() => other.query('late')).toThrow(expect.objectContaining({ code: 'QUERY_CLOSED' }));
  });

  it('should close the session when query() throws', async () => {
    const transport = new FakeCliTransport();
    const warm = await startup({ options: { transport } });
    expect(() => warm.query(42 as unknown as string)).toThrow(TypeError);
    await vi.waitFor(() => expect(transport.closed).toBe(true));
  });

  it('should close the session with await using', async () => {
    const transport = new FakeCliTransport();
    {
      await using warm = await startup({ options: { transport } });
      expect(warm.initialization).toBeDefined();
    }
    expect(transport.closed).toBe(true);
  });

  it('should reject and stop the CLI when initialize times out', async () => {
    const transport = new FakeCliTransport();
    transport.unanswered.add('initialize');
    await expect(startup({ options: { transport }, initializeTimeoutMs: 30 })).rejects.toMatchObject({
      code: 'REQUEST_TIMEOUT',
    });
    expect(transport.closed).toBe(true);
  });

  it('should refuse a bad initializeTimeoutMs', async () => {
    await expect(
      startup({ options: { transport: new FakeCliTransport() }, initializeTimeoutMs: 0 }),
    ).rejects.toThrow(TypeError);
  });
});
