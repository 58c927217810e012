import { describe, expect, it, vi } from 'vitest';
import { ControlProtocolError } from './errors.js';
import { createLinkedTransportPair } from './in-memory-transport.js';
import type { Transport } from './transport.js';

function record(transport: Transport): unknown[] {
  const received: unknown[] = [];
  transport.onmessage = (message) => received.push(message);
  return received;
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('createLinkedTransportPair', () => {
  it('should deliver messages in order, queued until the receiver starts', async () => {
    const [a, b] = createLinkedTransportPair();
    const received = record(b);
    await a.start();
    for (let i = 0; i < 5; i++) await a.send({ i });
    await flush();
    expect(received).toEqual([]);
    await b.start();
    await flush();
    expect(received).toEqual([0, 1, 2, 3, 4].map((i) => ({ i })));
  });

  it('should deliver in both directions', async () => {
    const [a, b] = createLinkedTransportPair();
    const atA = record(a);
    const atB = record(b);
    await Promise.all([a.start(), b.start()]);
    await a.send('to b');
    await b.send('to a');
    await flush();
    expect(atA).toEqual(['to a']);
    expect(atB).toEqual(['to b']);
  });

  it('should round-trip every message through JSON', async () => {
    const [a, b] = createLinkedTransportPair();
    const received = record(b);
    await Promise.all([a.start(), b.start()]);
    const sent = { date: new Date(0), gone: undefined, fn: () => 1, nested: { n: Number.NaN } };
    await a.send(sent);
    await flush();
    expect(received).toEqual([{ date: '1970-01-01T00:00:00.000Z', nested: { n: null } }]);
    expect(received[0]).not.toBe(sent);
    await expect(a.send(undefined)).rejects.toBeInstanceOf(TypeError);
    const circular: Record<string, unknown> = {};
    circular.self = circular;
    await expect(a.send(circular)).rejects.toBeInstanceOf(TypeError);
  });

  it('should let the other side see nothing more after endInput()', async () => {
    const [a, b] = createLinkedTransportPair();
    const received = record(b);
    await Promise.all([a.start(), b.start()]);
    await a.send(1);
    await a.endInput();
    await expect(a.send(2)).rejects.toMatchObject({ code: 'TRANSPORT_CLOSED' });
    await b.send('still open the other way');
    await flush();
    expect(received).toEqual([1]);
  });

  it('should fire onclose exactly once on both sides, whichever side closes, however often', async () => {
    const [a, b] = createLinkedTransportPair();
    const closedA = vi.fn();
    const closedB = vi.fn();
    a.onclose = closedA;
    b.onclose = closedB;
    await Promise.all([a.start(), b.start()]);
    await Promise.all([a.close(), b.close(), a.close()]);
    await b.close();
    expect(closedA).toHaveBeenCalledTimes(1);
    expect(closedB).toHaveBeenCalledTimes(1);
    expect(closedA).toHaveBeenCalledWith({});
  });

  it('should deliver what was sent before close() ahead of onclose', async () => {
    const [a, b] = createLinkedTransportPair();
    const events: unknown[] = [];
    b.onmessage = (message) => events.push(message);
    b.onclose = () => events.push('closed');
    await Promise.all([a.start(), b.start()]);
    await a.send('last words');
    await a.close();
    expect(events).toEqual(['last words', 'closed']);
  });

  it('should reject send and start after close with TRANSPORT_CLOSED', async () => {
    const [a, b] = createLinkedTransportPair();
    await a.start();
    await a.close();
    const error = await a.send({}).catch((e: unknown) => e);
    expect(ControlProtocolError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ code: 'TRANSPORT_CLOSED' });
    await expect(b.send({})).rejects.toMatchObject({ code: 'TRANSPORT_CLOSED' });
    await expect(b.start()).rejects.toMatchObject({ code: 'TRANSPORT_CLOSED' });
  });

  it('should report an onmessage that throws through onerror and keep delivering', async () => {
    const [a, b] = createLinkedTransportPair();
    const received: unknown[] = [];
    const errors: Error[] = [];
    b.onmessage = (message) => {
      if (message === 'bad') throw new Error('consumer bug');
      received.push(message);
    };
    b.onerror = (error) => errors.push(error);
    await Promise.all([a.start(), b.start()]);
    await a.send('bad');
    await a.send('good');
    await flush();
    expect(received).toEqual(['good']);
    expect(errors.map((e) => e.message)).toEqual(['consumer bug']);
  });

  it('should close cleanly when close() is called from inside onmessage', async () => {
    const [a, b] = createLinkedTransportPair();
    const events: unknown[] = [];
    b.onmessage = (message) => {
      events.push(message);
      if (message === 1) void b.close();
    };
    b.onclose = () => events.push('closed');
    await Promise.all([a.start(), b.start()]);
    await Promise.all([a.send(1), a.send(2)]);
    await b.close();
    expect(events).toEqual([1, 2, 'closed']);
    await expect(a.send(3)).rejects.toMatchObject({ code: 'TRANSPORT_CLOSED' });
  });
});
