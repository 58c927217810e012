// What an in-process MCP server (createSdkMcpServer with tool()) answers the CLI's `mcp_message`
// requests, side by side with the official SDK 0.3.332 (its runtime called, never read), from the
// root entry and from the browser entry's page server: every answer byte for byte, key order
// included. The CLI reads these answers (the tool list it gives
// the model, a call's result), so they must not tell the two SDKs apart.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as official from '@anthropic-ai/claude-agent-sdk';
import * as officialBrowser from '@anthropic-ai/claude-agent-sdk/browser';
import * as ours from '@ccsdk/sdk';
import * as oursBrowser from '@ccsdk/sdk/browser';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as z3 from 'zod/v3';
import {
  type BrowserQuerySdk,
  CLI_MCP_HANDSHAKE,
  initializeAnswer,
  runBrowserQueryAgainst,
  STAND_IN_RESULT,
} from './browser-stand-in.js';

type Sdk = typeof ours;
/** One stand-in CLI run per SDK. */
const CASE_TIMEOUT_MS = 60_000;
const RECORDER = join(import.meta.dirname, 'mcp-message-recorder-cli.mjs');
const WORK = mkdtempSync(join(tmpdir(), 'ccsdk-mcp-message-'));
afterAll(() => rmSync(WORK, { recursive: true, force: true }));

/** What the CLI asks the server, in order (ids as the CLI numbers them). */
const MESSAGES = [
  ...CLI_MCP_HANDSHAKE,
  { jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} },
  { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'add', arguments: { a: 'two' } } },
  { jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'add', arguments: { a: 2, extra: 1 } } },
  { jsonrpc: '2.0', id: 4, method: 'tools/call', params: { name: 'find', arguments: {} } },
  { jsonrpc: '2.0', id: 5, method: 'tools/call', params: { name: 'nosuch', arguments: {} } },
  { jsonrpc: '2.0', id: 9, method: 'tools/call', params: { name: 'pick', arguments: { n: 1, more: 2 } } },
  { jsonrpc: '2.0', id: 10, method: 'tools/call', params: { name: 'when', arguments: { note: 'n' } } },
  { jsonrpc: '2.0', id: 11, method: 'tools/call', params: { name: 'span', arguments: { from: 'a' } } },
  {
    jsonrpc: '2.0',
    id: 12,
    method: 'tools/call',
    params: { name: 'get.weather', arguments: { city: 'Oslo' } },
  },
  { jsonrpc: '2.0', id: 13, method: 'tools/call', params: { name: 'forgot', arguments: {} } },
  { jsonrpc: '2.0', id: 14, method: 'tools/call', params: { name: 'wordy', arguments: {} } },
  { jsonrpc: '2.0', id: 6, method: 'resources/list', params: {} },
  { jsonrpc: '2.0', id: 7, method: 'prompts/list', params: {} },
  { jsonrpc: '2.0', id: 8, method: 'ping' },
];

/** One zod 3 schema on two fields of a tool. */
const DAY = z3.string().describe('a day, as YYYY-MM-DD');

/** zod 3 types with forms of their own in zod-to-json-schema (the MCP library's converter for zod 3). */
const ZOO3 = {
  day: z3.date(),
  big: z3.bigint().optional(),
  none: z3.undefined(),
  nothing: z3.null(),
  tags: z3.set(z3.number()),
  byName: z3.map(z3.string(), DAY),
  lazy: z3.lazy(() => z3.boolean()),
  any: z3.any(),
  unknown: z3.unknown(),
  nan: z3.nan(),
  never: z3.never().optional(),
  maybe: z3.string().min(1).nullable(),
  either: z3.union([DAY, z3.number().int()]),
};

/** The `createSdkMcpServer()` and `tool()` of an entry: the root's or the browser's. */
type ServerMaker = Pick<Sdk, 'createSdkMcpServer' | 'tool'>;

/** The in-process server both SDKs are given, each made with its own `createSdkMcpServer()`. */
function calcServer(sdk: ServerMaker) {
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
      sdk.tool('find', 'Finds', { q: z3.string(), n: z3.number().int().min(1).optional() }, echo),
      sdk.tool('pick', 'Picks', z.strictObject({ n: z.number() }), echo),
      // One zod 3 schema on two fields, and a field with no JSON form.
      sdk.tool('span', 'Spans', { from: DAY, to: DAY, onDone: z3.function().optional() }, echo),
      // No JSON Schema form (a zod 4 date): the root's server lists it not and refuses its calls.
      sdk.tool('when', 'Schedules', { at: z.date(), note: z.string() }, echo),
      // zod 3 types zod-to-json-schema writes in forms of its own, and which keys it requires.
      sdk.tool('zoo', 'Zoo', ZOO3, echo),
      // zod 4 keys that may be left out without being optional().
      sdk.tool('loose', 'Loose', { any: z.any(), unknown: z.unknown(), n: z.number().default(1) }, echo),
      // Any string is a name: the CLI rewrites what the model API refuses.
      sdk.tool('get.weather', 'Weather', { city: z.string() }, echo),
      // Handlers that return no result, or not one: passed on for the CLI's client to refuse.
      sdk.tool('forgot', 'Forgets', {}, async () => undefined as never),
      sdk.tool('wordy', 'Talks', {}, async () => 'just text' as never),
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
  return answersIn(readFileSync(log, 'utf8').split('\n'));
}

/** The `mcp_message` answers among the lines an SDK wrote, by the position of the request in MESSAGES. */
function answersIn(lines: readonly string[]): string[] {
  const answers: string[] = [];
  for (const line of lines) {
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

/**
 * What a browser query with the page's server answers over its WebSocket, the test playing the
 * server's side as the stand-in CLI does: the `initialize` request it sent, and each `mcp_message`
 * answer.
 */
async function browserAnswersOf(
  sdk: BrowserQuerySdk & ServerMaker,
): Promise<{ initialize: unknown; answers: string[] }> {
  const lines: string[] = [];
  let initialize: unknown;
  let answered = 0;
  let userSeen = false;
  await runBrowserQueryAgainst(sdk, { mcpServers: { calc: calcServer(sdk) } }, (line, message, send) => {
    lines.push(line);
    const finishWhenDone = () => {
      if (userSeen && answered === MESSAGES.length) send(STAND_IN_RESULT);
    };
    if (message.type === 'control_request' && message.request?.subtype === 'initialize') {
      initialize = message.request;
      send(initializeAnswer(message));
      MESSAGES.forEach((mcp, i) => {
        const request = { subtype: 'mcp_message', server_name: 'calc', message: mcp };
        send({ type: 'control_request', request_id: `mcp-${i}`, request });
      });
    } else if (message.type === 'control_response' && message.response?.request_id?.startsWith('mcp-')) {
      answered += 1;
      finishWhenDone();
    } else if (message.type === 'user') {
      userSeen = true;
      finishWhenDone();
    }
  });
  return { initialize, answers: answersIn(lines) };
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

  it(
    "from the browser entry's page server: the same initialize request and the same answers, byte for byte",
    async () => {
      const theirs = await browserAnswersOf(officialBrowser as unknown as BrowserQuerySdk & ServerMaker);
      const mine = await browserAnswersOf(oursBrowser as unknown as BrowserQuerySdk & ServerMaker);
      expect(theirs.answers.filter((answer) => answer !== undefined)).toHaveLength(MESSAGES.length);
      // No handshake results in advance: the CLI asks the page's servers over mcp_message.
      expect(JSON.stringify(mine.initialize)).toBe(JSON.stringify(theirs.initialize));
      MESSAGES.forEach((asked, i) => {
        expect({ asked, answer: mine.answers[i] }).toEqual({ asked, answer: theirs.answers[i] });
      });
    },
    CASE_TIMEOUT_MS,
  );
});
