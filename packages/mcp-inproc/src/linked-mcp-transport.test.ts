import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SdkMcpError } from './errors.js';
import { createLinkedMcpTransportPair } from './linked-mcp-transport.js';

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

function collect(end: { onmessage?: ((m: JSONRPCMessage) => void) | undefined }): JSONRPCMessage[] {
  const received: JSONRPCMessage[] = [];
  end.onmessage = (message) => received.push(message);
  return received;
}

describe('createLinkedMcpTransportPair', () => {
  it('should deliver messages in order as fresh JSON copies', async () => {
    const [left, right] = createLinkedMcpTransportPair();
    const received = collect(right);
    await Promise.all([left.start(), right.start()]);
    const sent = { jsonrpc: '2.0' as const, method: 'a', params: { when: new Date(0), gone: undefined } };
    await left.send(sent);
    await left.send({ jsonrpc: '2.0', method: 'b' });
    sent.params.gone = 'mutated after send' as never;
    await flush();
    expect(received).toEqual([
      { jsonrpc: '2.0', method: 'a', params: { when: '1970-01-01T00:00:00.000Z' } },
      { jsonrpc: '2.0', method: 'b' },
    ]);
    expect(received[0]).not.toBe(sent);
  });

  it('should queue messages until the receiving end starts', async () => {
    const [left, right] = createLinkedMcpTransportPair();
    const received = collect(right);
    await left.send({ jsonrpc: '2.0', method: 'early', params: { n: 1 } });
    await flush();
    expect(received).toEqual([]);
    await right.start();
    await flush();
    expect(received).toEqual([{ jsonrpc: '2.0', method: 'early', params: { n: 1 } }]);
  });

  it('should reject a request JSON cannot carry and deliver nothing', async () => {
    const [left, right] = createLinkedMcpTransportPair();
    const received = collect(right);
    await right.start();
    const cyclic: Record<string, unknown> = {};
    cyclic['self'] = cyclic;
    const error = await left
      .send({ jsonrpc: '2.0', id: 1, method: 'x', params: cyclic })
      .catch((e: unknown) => e);
    expect(SdkMcpError.isInstance(error) && error.code).toBe('NOT_SERIALIZABLE');
    await flush();
    expect(received).toEqual([]);
  });

  it('should turn a reply JSON cannot carry into an internal error for the same id', async () => {
    const [left, right] = createLinkedMcpTransportPair();
    const received = collect(right);
    await right.start();
    const reply = { jsonrpc: '2.0', id: 7, result: { big: 1n } } as unknown as JSONRPCMessage;
    await expect(left.send(reply)).rejects.toMatchObject({ code: 'NOT_SERIALIZABLE' });
    await flush();
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({ jsonrpc: '2.0', id: 7, error: { code: -32603 } });
  });

  it('should close both ends once, drop undelivered messages and refuse later sends', async () => {
    const [left, right] = createLinkedMcpTransportPair();
    const received = collect(right);
    let leftClosed = 0;
    let rightClosed = 0;
    left.onclose = () => leftClosed++;
    right.onclose = () => rightClosed++;
    await right.start();
    const inFlight = left.send({ jsonrpc: '2.0', method: 'in-flight' });
    await left.close();
    await inFlight;
    await right.close();
    await flush();
    expect(received).toEqual([]);
    expect([leftClosed, rightClosed]).toEqual([1, 1]);
    expect(left.closed && right.closed).toBe(true);
    await expect(right.send({ jsonrpc: '2.0', method: 'late' })).rejects.toMatchObject({
      code: 'TRANSPORT_CLOSED',
    });
  });

  it('should report a throwing onmessage to onerror and keep delivering', async () => {
    const [left, right] = createLinkedMcpTransportPair();
    const errors: Error[] = [];
    const received: string[] = [];
    right.onerror = (error) => errors.push(error);
    right.onmessage = (message) => {
      const method = (message as { method: string }).method;
      if (method === 'boom') throw new Error('listener failed');
      received.push(method);
    };
    await right.start();
    await left.send({ jsonrpc: '2.0', method: 'boom' });
    await left.send({ jsonrpc: '2.0', method: 'after' });
    await flush();
    expect(errors.map((e) => e.message)).toEqual(['listener failed']);
    expect(received).toEqual(['after']);
  });

  it('should round-trip any JSON params exactly as the wire would', async () => {
    await fc.assert(
      fc.asyncProperty(fc.jsonValue(), async (params) => {
        const [left, right] = createLinkedMcpTransportPair();
        const received = collect(right);
        await right.start();
        await left.send({ jsonrpc: '2.0', id: 0, method: 'm', params: { value: params } } as JSONRPCMessage);
        await flush();
        expect(received).toEqual([
          JSON.parse(JSON.stringify({ jsonrpc: '2.0', id: 0, method: 'm', params: { value: params } })),
        ]);
      }),
      { numRuns: 100 },
    );
  });
});
