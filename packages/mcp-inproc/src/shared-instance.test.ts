import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { aborted, deferred } from '../test/fixtures.js';
import { connectClient } from '../test/router-client.js';
import {
  createSdkMcpServer,
  type McpSdkServerConfigWithInstance,
  SdkMcpRouter,
  type SdkMcpToolExtra,
  tool,
} from './index.js';

const routers: SdkMcpRouter[] = [];
afterEach(async () => {
  await Promise.all(routers.splice(0).map((router) => router.close()));
});

/** One query's side: a router with the shared config, recording what the server sent it unasked. */
function query(config: McpSdkServerConfigWithInstance) {
  const unasked: JSONRPCMessage[] = [];
  const router = new SdkMcpRouter(
    { s: config },
    { onServerMessage: (_name, message) => unasked.push(message) },
  );
  routers.push(router);
  return { router, unasked };
}

const text = (value: string) => ({ content: [{ type: 'text' as const, text: value }] });

/** A server whose `wait` tool holds each call until released, reporting the extra it got. */
function gatedServer() {
  const started: Array<{ tag: string; extra: SdkMcpToolExtra }> = [];
  const gates = new Map<string, ReturnType<typeof deferred>>();
  const arrived = new Map<string, ReturnType<typeof deferred>>();
  const gate = (tag: string) => {
    if (!gates.has(tag)) gates.set(tag, deferred());
    if (!arrived.has(tag)) arrived.set(tag, deferred());
  };
  const wait = tool('wait', 'Waits for its gate', { tag: z.string() }, async ({ tag }, extra) => {
    gate(tag);
    started.push({ tag, extra });
    arrived.get(tag)?.resolve(undefined);
    await extra.sendNotification({
      method: 'notifications/progress',
      params: { progressToken: `progress-${tag}`, progress: 1 },
    });
    await Promise.race([gates.get(tag)?.promise, aborted(extra.signal)]);
    return text(`done ${tag} aborted=${extra.signal.aborted}`);
  });
  const config = createSdkMcpServer({ name: 's', tools: [wait] });
  return {
    config,
    started,
    release: (tag: string) => {
      gate(tag);
      gates.get(tag)?.resolve(undefined);
    },
    arrival: (tag: string) => {
      gate(tag);
      return arrived.get(tag)?.promise;
    },
  };
}

describe('one McpServer instance shared by many queries', () => {
  it('should serve two sessions at once, each call answered in its own session with its own extra', async () => {
    const server = gatedServer();
    const a = query(server.config);
    const b = query(server.config);
    const [clientA, clientB] = await Promise.all([
      connectClient(a.router, 's'),
      connectClient(b.router, 's'),
    ]);
    const callA = clientA.client.callTool({ name: 'wait', arguments: { tag: 'A' } });
    const callB = clientB.client.callTool({ name: 'wait', arguments: { tag: 'B' } });
    await Promise.all([server.arrival('A'), server.arrival('B')]);
    server.release('B');
    server.release('A');
    expect((await callA).content).toEqual([{ type: 'text', text: 'done A aborted=false' }]);
    expect((await callB).content).toEqual([{ type: 'text', text: 'done B aborted=false' }]);

    const extraOf = (tag: string) => server.started.find((s) => s.tag === tag)?.extra;
    expect(extraOf('A')?.sessionId).toEqual(expect.any(String));
    expect(extraOf('B')?.sessionId).toEqual(expect.any(String));
    expect(extraOf('A')?.sessionId).not.toBe(extraOf('B')?.sessionId);
    expect(extraOf('A')?.requestId).not.toBe(extraOf('B')?.requestId);
    // sendNotification reached the query whose call sent it, and only that one.
    const progressOf = (messages: JSONRPCMessage[]) =>
      messages
        .filter((m) => 'method' in m && m.method === 'notifications/progress')
        .map((m) => JSON.stringify(m));
    expect(progressOf(a.unasked)).toEqual([expect.stringContaining('progress-A')]);
    expect(progressOf(b.unasked)).toEqual([expect.stringContaining('progress-B')]);
  });

  it("should leave the other session's in-flight call intact when one query ends", async () => {
    const server = gatedServer();
    const a = query(server.config);
    const b = query(server.config);
    const [clientA, clientB] = await Promise.all([
      connectClient(a.router, 's'),
      connectClient(b.router, 's'),
    ]);
    await clientA.client.ping();
    const callA = a.router
      .handle('s', {
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/call',
        params: { name: 'wait', arguments: { tag: 'A' } },
      })
      .catch((e: unknown) => e);
    const callB = clientB.client.callTool({ name: 'wait', arguments: { tag: 'B' } });
    await Promise.all([server.arrival('A'), server.arrival('B')]);
    await a.router.close();
    const extraOf = (tag: string) => server.started.find((s) => s.tag === tag)?.extra;
    expect(extraOf('A')?.signal.aborted).toBe(true);
    expect(extraOf('B')?.signal.aborted).toBe(false);
    server.release('B');
    expect((await callB).content).toEqual([{ type: 'text', text: 'done B aborted=false' }]);
    expect(await callA).toMatchObject({ code: 'ROUTER_CLOSED' });
    // B's session still serves new calls.
    server.release('B2');
    const again = await clientB.client.callTool({ name: 'wait', arguments: { tag: 'B2' } });
    expect(again.content).toEqual([{ type: 'text', text: 'done B2 aborted=false' }]);
  });

  it('should cancel only the call of the query that cancelled it', async () => {
    const server = gatedServer();
    const a = query(server.config);
    const b = query(server.config);
    await Promise.all([connectClient(a.router, 's'), connectClient(b.router, 's')]);
    const controller = new AbortController();
    const call = (router: SdkMcpRouter, id: number, tag: string, signal?: AbortSignal) =>
      router.handle(
        's',
        { jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'wait', arguments: { tag } } },
        signal === undefined ? {} : { signal },
      );
    // The same JSON-RPC id in both sessions: they never collide.
    const callA = call(a.router, 7, 'A', controller.signal).catch((e: unknown) => e);
    const callB = call(b.router, 7, 'B');
    await Promise.all([server.arrival('A'), server.arrival('B')]);
    controller.abort();
    await callA;
    const extraOf = (tag: string) => server.started.find((s) => s.tag === tag)?.extra;
    await aborted(extraOf('A')?.signal as AbortSignal);
    expect(extraOf('B')?.signal.aborted).toBe(false);
    server.release('B');
    expect(await callB).toMatchObject({ id: 7, result: { content: [{ text: 'done B aborted=false' }] } });
  });

  it('should announce a tool registered while sessions run, and serve it to them and to later ones', async () => {
    // Resources and prompts may come while sessions run when the server declared them (empty lists).
    const config = createSdkMcpServer({
      name: 's',
      tools: [tool('first', 'First', {}, async () => text('1'))],
      resources: [],
      prompts: [],
    });
    const a = query(config);
    const b = query(config);
    const [clientA, clientB] = await Promise.all([
      connectClient(a.router, 's'),
      connectClient(b.router, 's'),
    ]);
    expect((await clientA.client.listTools()).tools.map((t) => t.name)).toEqual(['first']);

    config.instance.registerTool('late', { description: 'Late', inputSchema: { n: z.number() } }, ({ n }) =>
      text(`late ${n * 2}`),
    );
    config.instance.registerResource('notes', 'notes://all', {}, (uri) => ({
      contents: [{ uri: uri.href, text: 'notes' }],
    }));
    config.instance.registerPrompt('greet', { description: 'Greets' }, () => ({
      messages: [{ role: 'user', content: { type: 'text', text: 'hi' } }],
    }));
    const methods = (messages: JSONRPCMessage[]) => messages.map((m) => ('method' in m ? m.method : '?'));
    for (const { unasked } of [a, b]) {
      expect(methods(unasked)).toEqual([
        'notifications/tools/list_changed',
        'notifications/resources/list_changed',
        'notifications/prompts/list_changed',
      ]);
    }
    const listed = (await clientB.client.listTools()).tools.find((t) => t.name === 'late');
    expect(listed?.inputSchema).toMatchObject({ properties: { n: { type: 'number' } } });
    expect((await clientB.client.callTool({ name: 'late', arguments: { n: 21 } })).content).toEqual([
      { type: 'text', text: 'late 42' },
    ]);
    expect((await clientA.client.listResources()).resources.map((r) => r.uri)).toEqual(['notes://all']);
    expect((await clientA.client.listPrompts()).prompts.map((p) => p.name)).toEqual(['greet']);

    // A query that starts later sees everything registered so far.
    const c = query(config);
    const clientC = await connectClient(c.router, 's');
    expect((await clientC.client.listTools()).tools.map((t) => t.name)).toEqual(['first', 'late']);
    expect(c.unasked).toEqual([]);
  });

  it('should serve a hand-built McpServer to several queries, and disconnect it when the last one ends', async () => {
    const instance = new McpServer({ name: 'hand', version: '2.0.0' });
    const sessions: Array<string | undefined> = [];
    instance.registerTool('double', { inputSchema: { n: z.number() } }, ({ n }, extra) => {
      sessions.push(extra.sessionId);
      return text(String(n * 2));
    });
    const config: McpSdkServerConfigWithInstance = { type: 'sdk', name: 'hand', instance };
    const a = query(config);
    const b = query(config);
    const [clientA, clientB] = await Promise.all([
      connectClient(a.router, 's'),
      connectClient(b.router, 's'),
    ]);
    expect(clientA.client.getServerVersion()).toMatchObject({ name: 'hand', version: '2.0.0' });
    const [resultA, resultB] = await Promise.all([
      clientA.client.callTool({ name: 'double', arguments: { n: 1 } }),
      clientB.client.callTool({ name: 'double', arguments: { n: 50 } }),
    ]);
    expect(resultA.content).toEqual([{ type: 'text', text: '2' }]);
    expect(resultB.content).toEqual([{ type: 'text', text: '100' }]);
    expect(new Set(sessions).size).toBe(2);
    expect(instance.isConnected()).toBe(true);
    await a.router.close();
    expect(instance.isConnected()).toBe(true);
    await b.router.close();
    expect(instance.isConnected()).toBe(false);
    // Free again: a later query connects it anew, and each call runs once.
    const c = query(config);
    const clientC = await connectClient(c.router, 's');
    expect((await clientC.client.callTool({ name: 'double', arguments: { n: 4 } })).content).toEqual([
      { type: 'text', text: '8' },
    ]);
    expect(sessions).toHaveLength(3);
  });

  it('should end every session when the caller closes the instance, and open new ones after', async () => {
    const config = createSdkMcpServer({ name: 's', tools: [tool('one', 'One', {}, async () => text('1'))] });
    const a = query(config);
    await connectClient(a.router, 's');
    await config.instance.close();
    const reconnected = await connectClient(a.router, 's');
    expect((await reconnected.client.callTool({ name: 'one', arguments: {} })).content).toEqual([
      { type: 'text', text: '1' },
    ]);
  });

  it('should refuse with an error reply when the instance is connected elsewhere', async () => {
    const instance = new McpServer({ name: 'busy', version: '1.0.0' });
    const { createLinkedMcpTransportPair } = await import('./index.js');
    const [, serverEnd] = createLinkedMcpTransportPair();
    await instance.connect(serverEnd);
    const a = query({ type: 'sdk', name: 'busy', instance });
    const reply = await a.router.handle('s', { jsonrpc: '2.0', id: 1, method: 'ping' });
    expect(reply).toMatchObject({
      id: 1,
      error: { code: -32603, message: expect.stringMatching(/Already connected/) },
    });
    await instance.close();
  });
});
