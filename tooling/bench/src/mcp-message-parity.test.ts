// What an in-process MCP server (createSdkMcpServer with tool()) answers the CLI's `mcp_message`
// requests, side by side with the official SDK 0.3.332 (its runtime called, never read): every
// answer byte for byte, key order included. The CLI reads these answers (the tool list it gives
// the model, a call's result), so they must not tell the two SDKs apart.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as official from '@anthropic-ai/claude-agent-sdk';
import * as ours from '@ccsdk/sdk';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as z3 from 'zod/v3';

type Sdk = typeof ours;
/** One stand-in CLI run per SDK. */
const CASE_TIMEOUT_MS = 60_000;
const RECORDER = join(import.meta.dirname, 'mcp-message-recorder-cli.mjs');
const WORK = mkdtempSync(join(tmpdir(), 'ccsdk-mcp-message-'));
afterAll(() => rmSync(WORK, { recursive: true, force: true }));

/** What the CLI asks the server, in order (ids as the CLI numbers them). */
const MESSAGES = [
  {
    jsonrpc: '2.0',
    id: 0,
    method: 'initialize',
    params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'cli', version: '1' } },
  },
  { jsonrpc: '2.0', method: 'notifications/initialized' },
  { jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} },
  { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'add', arguments: { a: 'two' } } },
  { jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'add', arguments: { a: 2, extra: 1 } } },
  { jsonrpc: '2.0', id: 4, method: 'tools/call', params: { name: 'find', arguments: {} } },
  { jsonrpc: '2.0', id: 5, method: 'tools/call', params: { name: 'nosuch', arguments: {} } },
  { jsonrpc: '2.0', id: 6, method: 'resources/list', params: {} },
  { jsonrpc: '2.0', id: 7, method: 'prompts/list', params: {} },
  { jsonrpc: '2.0', id: 8, method: 'ping' },
];

/** The in-process server both SDKs are given, each made with its own `createSdkMcpServer()`. */
function calcServer(sdk: Sdk) {
  const echo = async (args: Record<string, unknown>) => ({
    content: [{ type: 'text' as const, text: JSON.stringify(args) }],
  });
  return sdk.createSdkMcpServer({
    name: 'calc',
    version: '1.0.0',
    instructions: 'Sums.',
    tools: [
      sdk.tool('add', 'Adds', { a: z.number().describe('A'), b: z.string().optional() }, echo, {
        annotations: { readOnlyHint: true },
        searchHint: 'sum',
      }),
      sdk.tool('find', 'Finds', { q: z3.string() }, echo),
    ],
  });
}

let runs = 0;
/** Each `mcp_message` answer the SDK wrote, as JSON text, by the position of the request in MESSAGES. */
async function answersOf(sdk: Sdk): Promise<string[]> {
  runs += 1;
  const log = join(WORK, `run-${runs}.jsonl`);
  for await (const message of sdk.query({
    prompt: 'hi',
    options: {
      pathToClaudeCodeExecutable: RECORDER,
      cwd: WORK,
      env: { ...process.env, MCP_MESSAGE_LOG: log, MCP_MESSAGES: JSON.stringify(MESSAGES) },
      mcpServers: { calc: calcServer(sdk) },
    },
  })) {
    if (message.type === 'result') break;
  }
  const answers: string[] = [];
  for (const line of readFileSync(log, 'utf8').split('\n')) {
    if (line === '') continue;
    const written = JSON.parse(line) as {
      type?: string;
      response?: { request_id?: string; response?: { mcp_response?: unknown } };
    };
    const requestId = written.response?.request_id ?? '';
    if (written.type !== 'control_response' || !requestId.startsWith('mcp-')) continue;
    answers[Number(requestId.slice('mcp-'.length))] = JSON.stringify(
      written.response?.response?.mcp_response,
    );
  }
  return answers;
}

describe("an in-process server's answers to the CLI's mcp_message requests, side by side with the official SDK", () => {
  it(
    'should answer each one as the official does, byte for byte',
    async () => {
      const theirs = await answersOf(official as unknown as Sdk);
      const mine = await answersOf(ours);
      // Not two silences: the official answered every request.
      expect(theirs.filter((answer) => answer !== undefined)).toHaveLength(MESSAGES.length);
      MESSAGES.forEach((asked, i) => {
        expect({ asked, answer: mine[i] }).toEqual({ asked, answer: theirs[i] });
      });
    },
    CASE_TIMEOUT_MS,
  );
});
