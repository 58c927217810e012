import type { McpError } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { aborted, calcServer, deferred, waitingServer } from '../test/fixtures.js';
import { connectClient } from '../test/router-client.js';
import { createSdkMcpServer, MIN_SERVER_TIMEOUT_MS, SdkMcpError, SdkMcpRouter, tool } from './index.js';

const routers: SdkMcpRouter[] = [];
function makeRouter(...args: ConstructorParameters<typeof SdkMcpRouter>): SdkMcpRouter {
  const router = new SdkMcpRouter(...args);
  routers.push(router);
  return router;
}
afterEach(async () => {
  await Promise.all(routers.splice(0).map((r) => r.close()));
});

const call = (id: number | string, name = 'wait', args: unknown = {}) => ({
  jsonrpc: '2.0',
  id,
  method: 'tools/call',
  params: { name, arguments: args },
});

describe('cancellation', () => {
  it('should abort the handler and send notifications/cancelled when the control request is cancelled', async () => {
    const waiter = waitingServer();
    const router = makeRouter({ waiter: waiter.config });
    await connectClient(router, 'waiter');
    const controller = new AbortController();
    const reply = router.handle('waiter', call('c-1'), { signal: controller.signal });
    const extra = await waiter.started.promise;
    controller.abort(new Error('control_cancel_request'));
    const error = await reply.catch((e: unknown) => e);
    expect(SdkMcpError.isInstance(error) && error.code).toBe('REQUEST_ABORTED');
    // The reason reaches the handler only through the MCP notifications/cancelled the router sent.
    expect(await aborted(extra.signal)).toBe('control_cancel_request');
  });

  it('should refuse a message whose signal is already aborted without running anything', async () => {
    const waiter = waitingServer();
    const router = makeRouter({ waiter: waiter.config });
    const error = await router
      .handle('waiter', call(1), { signal: AbortSignal.abort() })
      .catch((e: unknown) => e);
    expect(SdkMcpError.isInstance(error) && error.code).toBe('REQUEST_ABORTED');
    expect(waiter.runs()).toBe(0);
  });

  it('should not send a message whose signal aborts while its session is opening', async () => {
    const waiter = waitingServer();
    const router = makeRouter({ waiter: waiter.config });
    const controller = new AbortController();
    const reply = router.handle('waiter', call(1), { signal: controller.signal });
    controller.abort();
    await expect(reply).rejects.toMatchObject({ code: 'REQUEST_ABORTED' });
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(waiter.runs()).toBe(0);
  });

  it('should translate a notifications/cancelled sent by the client to the call it names', async () => {
    const waiter = waitingServer();
    const router = makeRouter({ waiter: waiter.config });
    const { client } = await connectClient(router, 'waiter');
    const controller = new AbortController();
    const result = client.callTool({ name: 'wait', arguments: {} }, undefined, { signal: controller.signal });
    const extra = await waiter.started.promise;
    controller.abort('user pressed escape');
    await expect(result).rejects.toBeDefined();
    expect(await aborted(extra.signal)).toBe('user pressed escape');
  });
});

describe('timeouts', () => {
  it('should abort the handler with a TimeoutError and answer isError after the router timeout', async () => {
    const waiter = waitingServer();
    const router = makeRouter({ waiter: waiter.config }, { toolTimeoutMs: 30 });
    const { client } = await connectClient(router, 'waiter');
    const result = await client.callTool({ name: 'wait', arguments: {} });
    expect(result).toEqual({
      content: [{ type: 'text', text: 'Tool "wait" timed out after 30 ms.' }],
      isError: true,
    });
    const extra = await waiter.started.promise;
    expect((extra.signal.reason as DOMException).name).toBe('TimeoutError');
  });

  it('should let a tool timeout override the router timeout, even for a handler that ignores its signal', async () => {
    const stuck = tool('stuck', 'never settles', {}, () => new Promise(() => undefined), { timeoutMs: 20 });
    const router = makeRouter(
      { s: createSdkMcpServer({ name: 's', tools: [stuck] }) },
      { toolTimeoutMs: Infinity },
    );
    const { client } = await connectClient(router, 's');
    const result = await client.callTool({ name: 'stuck', arguments: {} });
    expect(result.isError).toBe(true);
    expect(JSON.stringify(result.content)).toMatch(/timed out after 20 ms/);
  });
});

describe('a server timeout', () => {
  const stuck = () => tool('stuck', 'never settles', {}, () => new Promise(() => undefined));

  it('should be ignored below MIN_SERVER_TIMEOUT_MS, as the official SDK and the CLI ignore it: the router limit applies', async () => {
    expect(MIN_SERVER_TIMEOUT_MS).toBe(1000);
    const router = makeRouter(
      { s: createSdkMcpServer({ name: 's', timeout: 30, tools: [stuck()] }) },
      { toolTimeoutMs: 80 },
    );
    const { client } = await connectClient(router, 's');
    const result = await client.callTool({ name: 'stuck', arguments: {} });
    expect(result.content).toEqual([{ type: 'text', text: 'Tool "stuck" timed out after 80 ms.' }]);
  });

  it('should apply from MIN_SERVER_TIMEOUT_MS up, over the router limit', async () => {
    const router = makeRouter(
      { s: createSdkMcpServer({ name: 's', timeout: MIN_SERVER_TIMEOUT_MS, tools: [stuck()] }) },
      { toolTimeoutMs: Infinity },
    );
    const { client } = await connectClient(router, 's');
    const result = await client.callTool({ name: 'stuck', arguments: {} });
    expect(result.content).toEqual([{ type: 'text', text: 'Tool "stuck" timed out after 1000 ms.' }]);
  });
});

describe('close', () => {
  it('should abort running handlers, reject waiting messages and refuse later ones', async () => {
    const waiter = waitingServer();
    const router = makeRouter({ waiter: waiter.config });
    await connectClient(router, 'waiter');
    const reply = router.handle('waiter', call(1));
    const extra = await waiter.started.promise;
    await router.close();
    const error = await reply.catch((e: unknown) => e);
    expect(SdkMcpError.isInstance(error) && error.code).toBe('ROUTER_CLOSED');
    expect(extra.signal.aborted).toBe(true);
    const later = await router.handle('waiter', call(2)).catch((e: unknown) => e);
    expect(SdkMcpError.isInstance(later) && later.code).toBe('ROUTER_CLOSED');
    expect(waiter.runs()).toBe(1);
    await router.close();
  });

  it('should run no handler for a message still in flight when close is called', async () => {
    const { config, calls } = calcServer();
    const router = makeRouter({ calc: config });
    await connectClient(router, 'calc');
    const replies = [
      router.handle('calc', call(1, 'add', { a: 1, b: 2 })),
      router.handle('calc', call(2, 'fail')),
    ];
    await router.close();
    const settled = await Promise.allSettled(replies);
    expect(settled.map((s) => s.status)).toEqual(['rejected', 'rejected']);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(calls).toEqual([]);
  });

  it('should not start a handler whose input was still being validated when close was called', async () => {
    const validating = deferred();
    const release = deferred();
    let runs = 0;
    const gated = tool(
      'gated',
      'slow validation',
      {
        x: z.string().refine(async () => {
          validating.resolve();
          await release.promise;
          return true;
        }),
      },
      async () => {
        runs++;
        return { content: [] };
      },
    );
    const router = makeRouter({ s: createSdkMcpServer({ name: 's', tools: [gated] }) });
    await connectClient(router, 's');
    const reply = router.handle('s', call(1, 'gated', { x: 'y' }));
    await validating.promise;
    await router.close();
    release.resolve();
    await expect(reply).rejects.toMatchObject({ code: 'ROUTER_CLOSED' });
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(runs).toBe(0);
  });

  it('should close a session still opening when close is called', async () => {
    const { config, calls } = calcServer();
    const router = makeRouter({ calc: config });
    const reply = router.handle('calc', call(1, 'add', { a: 1, b: 2 }));
    await router.close();
    const error = await reply.catch((e: unknown) => e);
    expect(SdkMcpError.isInstance(error) && error.code).toBe('ROUTER_CLOSED');
    expect(calls).toEqual([]);
  });
});

describe('sessions', () => {
  it('should keep the CLI ids apart: equal ids from two callers each get their own answer', async () => {
    const slow = deferred();
    const echo = tool('echo', 'echo', { text: z.string() }, async ({ text }) => {
      if (text === 'first') await slow.promise;
      return { content: [{ type: 'text', text }] };
    });
    const router = makeRouter({ s: createSdkMcpServer({ name: 's', tools: [echo] }) });
    await connectClient(router, 's');
    const first = router.handle('s', call(0, 'echo', { text: 'first' }));
    const second = await router.handle('s', call(0, 'echo', { text: 'second' }));
    slow.resolve();
    expect(second).toEqual({
      jsonrpc: '2.0',
      id: 0,
      result: { content: [{ type: 'text', text: 'second' }] },
    });
    expect(await first).toEqual({
      jsonrpc: '2.0',
      id: 0,
      result: { content: [{ type: 'text', text: 'first' }] },
    });
  });

  it('should give each router its own MCP session of a shared server definition', async () => {
    const { config, calls } = calcServer();
    const [a, b] = [makeRouter({ calc: config }), makeRouter({ calc: config })];
    const [, clientB] = await Promise.all([connectClient(a, 'calc'), connectClient(b, 'calc')]);
    await a.close();
    const result = await clientB.client.callTool({ name: 'add', arguments: { a: 1, b: 1 } });
    expect(result.content).toEqual([{ type: 'text', text: '2' }]);
    await expect(a.handle('calc', call(7, 'add', { a: 1, b: 1 }))).rejects.toMatchObject({
      code: 'ROUTER_CLOSED',
    });
    expect(calls).toEqual(['add']);
  });

  it('should refuse requests the server sends to the client and report them', async () => {
    const errors: Error[] = [];
    const asks = tool('asks', 'asks the client for roots', {}, async (_args, extra) => {
      const answer = await extra
        .sendRequest({ method: 'roots/list' }, z.object({}).passthrough())
        .catch((e: unknown) => e);
      return { content: [{ type: 'text', text: String((answer as McpError).code) }] };
    });
    const router = makeRouter(
      { s: createSdkMcpServer({ name: 's', tools: [asks] }) },
      { onError: (e) => errors.push(e) },
    );
    const { client } = await connectClient(router, 's');
    const result = await client.callTool({ name: 'asks', arguments: {} });
    expect(result.content).toEqual([{ type: 'text', text: '-32601' }]);
    expect(errors.map((e) => e.message)).toEqual([expect.stringMatching(/sent roots\/list; refused/)]);
  });

  it('should hand out a plain McpServer that any MCP transport can serve, not only the router', async () => {
    const { createLinkedMcpTransportPair } = await import('./index.js');
    const { Client } = await import('@modelcontextprotocol/sdk/client/index.js');
    const { config } = calcServer();
    const [clientEnd, serverEnd] = createLinkedMcpTransportPair();
    await config.instance.connect(serverEnd);
    const client = new Client({ name: 'direct', version: '0' });
    await client.connect(clientEnd);
    expect((await client.callTool({ name: 'add', arguments: { a: 20, b: 22 } })).content).toEqual([
      { type: 'text', text: '42' },
    ]);
    await config.instance.close();
    expect(config.instance.isConnected()).toBe(false);
  });
});

describe('replacing the servers (Query.setMcpServers)', () => {
  it('should answer for a server added after it was made', async () => {
    const router = makeRouter({});
    const { config } = calcServer();
    expect(await router.replaceServers({ calc: config })).toEqual({});
    expect(router.serverNames).toEqual(['calc']);
    const { client } = await connectClient(router, 'calc');
    const result = await client.callTool({ name: 'add', arguments: { a: 2, b: 3 } });
    expect(result.content).toEqual([{ type: 'text', text: '5' }]);
  });

  it('should close the session of a server it drops and answer "not found" for it afterwards', async () => {
    const waiter = waitingServer();
    const router = makeRouter({ waiter: waiter.config });
    await connectClient(router, 'waiter');
    const reply = router.handle('waiter', call(1));
    const extra = await waiter.started.promise;
    const previous = await router.replaceServers({});
    expect(previous).toEqual({ waiter: waiter.config });
    expect(extra.signal.aborted).toBe(true);
    await reply.catch(() => undefined);
    const later = (await router.handle('waiter', call(2))) as { error?: { code: number; message: string } };
    expect(later.error?.code).toBe(-32601);
    expect(later.error?.message).toContain('not found');
    expect(waiter.runs()).toBe(1);
  });

  it('should keep the session of a server kept with the same config, and restart one given a new config', async () => {
    const waiter = waitingServer();
    const router = makeRouter({ waiter: waiter.config });
    await connectClient(router, 'waiter');
    const reply = router.handle('waiter', call(1));
    const extra = await waiter.started.promise;
    await router.replaceServers({ waiter: waiter.config });
    expect(extra.signal.aborted).toBe(false);
    const other = waitingServer();
    await router.replaceServers({ waiter: other.config });
    expect(extra.signal.aborted).toBe(true);
    await reply.catch(() => undefined);
    await connectClient(router, 'waiter');
    void router.handle('waiter', call(2)).catch(() => undefined);
    await other.started.promise;
    expect([waiter.runs(), other.runs()]).toEqual([1, 1]);
  });

  it('should refuse a config without an MCP server instance and keep the servers it had', async () => {
    const { config } = calcServer();
    const router = makeRouter({ calc: config });
    await expect(
      router.replaceServers({ calc: config, bad: { type: 'sdk', name: 'bad' } as never }),
    ).rejects.toThrow(/"bad" is not an in-process server config/);
    expect(router.serverNames).toEqual(['calc']);
  });
});
