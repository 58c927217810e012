// Property, side by side with the official SDK 0.3.332's browser entry (its runtime called, never
// read): the page MCP server of `@ccsdk/sdk/browser` lists tools of generated zod shapes, and
// answers calls of them with generated arguments, byte for byte as the official browser SDK's, over
// the query's WebSocket (a stand-in plays the server side, as in mcp-message-parity). The browser
// entry reads zod schemas without zod of its own, so this is where a hand-written reader can drift.
// One batch of generated tools per zod version (seed: see propertySeed; in the failure message). For
// zod 3, a refused call is compared by being refused: the issues' order and a union's inner paths
// come from zod's own async object parse, which the page server does not have.
import * as officialBrowser from '@anthropic-ai/claude-agent-sdk/browser';
import * as oursBrowser from '@ccsdk/sdk/browser';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as z3 from 'zod/v3';
import {
  type BrowserQuerySdk,
  CLI_MCP_HANDSHAKE,
  initializeAnswer,
  runBrowserQueryAgainst,
  STAND_IN_RESULT,
} from './browser-stand-in.js';
import { argumentsFor, propertySeed, shapeOf, shapeRecipe } from './zod-shape-arbitraries.js';

/** Generated tools per batch: one server, one browser query per SDK. */
const TOOLS_PER_BATCH = 40;
/** One stand-in run per SDK. */
const CASE_TIMEOUT_MS = 60_000;

type PageSdk = BrowserQuerySdk & {
  tool(name: string, description: string, schema: unknown, handler: unknown): unknown;
  createSdkMcpServer(options: { name: string; tools: unknown[] }): unknown;
};

/** A batch of generated tools: each one's input schema (built with `zod`) and call arguments. */
function batchOf(zod: unknown, seed: number) {
  const cases = fc.sample(
    shapeRecipe.chain((r) => argumentsFor(r.keys.map(([k]) => k)).map((args) => ({ r, args }))),
    { numRuns: TOOLS_PER_BATCH, seed },
  );
  return cases.map(({ r, args }, i) => ({ name: `t${i}`, schema: shapeOf(zod, r), args }));
}

/** Each answer the SDK's page server gave, by request id, as JSON text. */
async function pageAnswersOf(sdk: PageSdk, batch: ReturnType<typeof batchOf>): Promise<Map<string, string>> {
  const echo = async (given: unknown) => ({ content: [{ type: 'text', text: JSON.stringify(given) }] });
  const tools = batch.map(({ name, schema }) => sdk.tool(name, 'Generated', schema, echo));
  const server = sdk.createSdkMcpServer({ name: 'gen', tools });
  const messages: unknown[] = [
    ...CLI_MCP_HANDSHAKE,
    { jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} },
    ...batch.map(({ name, args }, i) => ({
      jsonrpc: '2.0',
      id: 100 + i,
      method: 'tools/call',
      params: { name, arguments: args },
    })),
  ];
  const answers = new Map<string, string>();
  let userSeen = false;
  await runBrowserQueryAgainst(sdk, { mcpServers: { gen: server } }, (_line, message, send) => {
    const finishWhenDone = () => {
      if (userSeen && answers.size === messages.length) send(STAND_IN_RESULT);
    };
    if (message.type === 'control_request' && message.request?.subtype === 'initialize') {
      send(initializeAnswer(message));
      messages.forEach((mcp, i) => {
        const request = { subtype: 'mcp_message', server_name: 'gen', message: mcp };
        send({ type: 'control_request', request_id: `mcp-${i}`, request });
      });
    } else if (message.type === 'control_response' && message.response?.request_id?.startsWith('mcp-')) {
      const reply = (message.response as { response?: { mcp_response?: unknown } }).response?.mcp_response;
      answers.set(message.response.request_id, JSON.stringify(reply));
      finishWhenDone();
    } else if (message.type === 'user') {
      userSeen = true;
      finishWhenDone();
    }
  });
  return answers;
}

describe("the browser entry's page server, side by side with the official browser SDK, for generated tools", () => {
  it.each([
    ['zod 4', z],
    ['zod 3', z3],
  ] as const)(
    '%s: the same listing and the same answer to every call, byte for byte',
    async (_name, zod) => {
      const seed = propertySeed();
      const batch = batchOf(zod, seed);
      const theirs = await pageAnswersOf(officialBrowser as unknown as PageSdk, batch);
      const mine = await pageAnswersOf(oursBrowser as unknown as PageSdk, batch);
      expect(theirs.size).toBe(batch.length + 3);
      for (const [requestId, answer] of theirs) {
        const index = Number(requestId.slice('mcp-'.length)) - 3;
        const tool = index >= 0 ? batch[index] : undefined;
        const context = `seed ${seed}, ${requestId}${tool === undefined ? '' : `, tool ${tool.name} args ${JSON.stringify(tool.args)}`}`;
        if (zod === z3 && answer.includes('Input validation error')) {
          // zod 3 in a page: refused too, but the issues' order and a union's inner paths are zod's
          // own async object parse, which the page server (no zod of its own) checks key by key.
          expect(mine.get(requestId), context).toContain('Input validation error');
          continue;
        }
        expect(mine.get(requestId), context).toBe(answer);
      }
    },
    CASE_TIMEOUT_MS,
  );
});
