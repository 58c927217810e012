import { createSdkMcpServer, isSDKResultMessage, query, tool } from '@ccsdk/sdk';
import { reply, text, toolUse } from '@ccsdk/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type DirectConnectRig, startDirectConnectRig } from './direct-connect-rig.js';
import { collect } from './support/collect.js';

let dc: DirectConnectRig | undefined;
afterEach(async () => {
  await dc?.dispose();
  dc = undefined;
});

describe('in-process MCP tools over Direct Connect', () => {
  // Over Direct Connect the remote CLI is spawned by the server, so `--mcp-config` never carries
  // the client's in-process servers; query() names them in `initialize` (`sdkMcpServers`).
  it('should call a tool of the client process from the remote CLI and return its output', async () => {
    dc = await startDirectConnectRig({
      script: [reply(toolUse('mcp__calc__add', { a: 20, b: 22 })), reply(text('The sum is 42.'))],
    });
    const calls: Array<{ a: number; b: number }> = [];
    const calc = createSdkMcpServer({
      name: 'calc',
      version: '1.0.0',
      tools: [
        tool('add', 'Adds two numbers', { a: z.number(), b: z.number() }, async (args) => {
          calls.push(args);
          return { content: [{ type: 'text', text: String(args.a + args.b) }] };
        }),
      ],
    });
    const messages = await collect(
      query({
        prompt: 'Add 20 and 22',
        options: {
          transport: dc.transport(),
          mcpServers: { calc },
          canUseTool: async () => ({ behavior: 'allow' }),
        },
      }),
    );
    expect(calls).toEqual([{ a: 20, b: 22 }]);
    expect(dc.rig.fake.mainRequests().flatMap((r) => r.toolResults)).toContainEqual(
      expect.objectContaining({ isError: false, text: '42' }),
    );
    const result = messages.at(-1);
    expect(isSDKResultMessage(result) && result.subtype).toBe('success');
  });
});
