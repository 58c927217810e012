import { LATEST_PROTOCOL_VERSION } from '@modelcontextprotocol/sdk/types.js';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { calcServer } from '../test/fixtures.js';
import { connectClient } from '../test/router-client.js';
import { createSdkMcpServer, SdkMcpRouter } from './index.js';
import { MANIFEST_PROTOCOL_VERSION } from './limits.js';
import { buildServerManifest } from './server-manifest.js';

let router: SdkMcpRouter | undefined;
afterEach(async () => {
  await router?.close();
  router = undefined;
});

describe('MANIFEST_PROTOCOL_VERSION', () => {
  it("is the MCP SDK's latest protocol version", () => {
    expect(MANIFEST_PROTOCOL_VERSION).toBe(LATEST_PROTOCOL_VERSION);
  });
});

describe('SdkMcpRouter.manifests()', () => {
  it('should hold each server handshake: initialize result and the same tools/list a client gets', async () => {
    const calc = calcServer();
    router = new SdkMcpRouter({ calc: calc.config, bare: createSdkMcpServer({ name: 'bare' }) });
    const manifests = await router.manifests();
    expect(Object.keys(manifests).sort()).toEqual(['bare', 'calc']);
    expect(manifests['calc']?.initializeResult).toMatchObject({
      protocolVersion: LATEST_PROTOCOL_VERSION,
      serverInfo: { name: 'calc', version: '3.1.4' },
      capabilities: { tools: {} },
    });
    const { client } = await connectClient(router, 'calc');
    expect(manifests['calc']?.toolsListResult).toEqual(await client.listTools());
    expect(calc.calls).toEqual([]);
  });

  it('should leave the session usable for a client that does the handshake again', async () => {
    const calc = calcServer();
    router = new SdkMcpRouter({ calc: calc.config });
    await router.manifests();
    const { client } = await connectClient(router, 'calc');
    expect(client.getServerVersion()).toEqual({ name: 'calc', version: '3.1.4' });
    expect(await client.callTool({ name: 'add', arguments: { a: 1, b: 2 } })).toEqual({
      content: [{ type: 'text', text: '3' }],
    });
  });

  it('should give {} after close and never reject', async () => {
    router = new SdkMcpRouter({ calc: calcServer().config });
    await router.close();
    expect(await router.manifests()).toEqual({});
  });
});

describe('buildServerManifest', () => {
  it('should give no manifest for any reply that is not a success with an object result', async () => {
    await fc.assert(
      fc.asyncProperty(fc.anything(), async (reply) => {
        const manifest = await buildServerManifest(async () =>
          typeof reply === 'object' && reply !== null && !Array.isArray(reply) && 'result' in reply
            ? { result: 'not an object' }
            : reply,
        );
        expect(manifest).toBeUndefined();
      }),
    );
  });

  it('should give no manifest when a step rejects', async () => {
    expect(
      await buildServerManifest(async () => {
        throw new Error('gone');
      }),
    ).toBeUndefined();
  });

  it('should give no manifest when the server does not answer within the bound', async () => {
    expect(await buildServerManifest(() => new Promise(() => undefined), 20)).toBeUndefined();
  });

  it('should skip tools/list for a server without the tools capability', async () => {
    const methods: string[] = [];
    const manifest = await buildServerManifest(async (message) => {
      methods.push(String(message['method']));
      return { jsonrpc: '2.0', id: message['id'], result: { capabilities: {}, protocolVersion: 'x' } };
    });
    expect(methods).toEqual(['initialize', 'notifications/initialized']);
    expect(manifest).toEqual({ initializeResult: { capabilities: {}, protocolVersion: 'x' } });
  });
});
