import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  createSdkMcpServer,
  isSDKResultMessage,
  isSDKSystemInitMessage,
  type McpSdkServerConfigWithInstance,
  query,
  type SDKMessage,
  tool,
} from '@ccsdk/sdk';
import { type RecordedMessagesRequest, reply, text, toolUse } from '@ccsdk/testing';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { collect } from './support/collect.js';
import { PromptStream } from './support/prompt-stream.js';
import { type Rig, startRig } from './support/rig.js';

/** A stdio MCP server of the e2e support files, for a config the CLI reads from `mcpConfig`. */
const STDIO_SERVER = join(import.meta.dirname, 'support', 'elicit-mcp-server.mjs');

/** Longest the three concurrent calls wait for each other before answering anyway, in ms. */
const BARRIER_TIMEOUT_MS = 30_000;

let rig: Rig | undefined;
afterEach(async () => {
  await rig?.dispose();
  rig = undefined;
});

const answer = (value: string) => ({ content: [{ type: 'text' as const, text: value }] });

/** Listed to the model in every API request (not deferred behind tool search), so requests show it. */
const ALWAYS_LOAD = { 'anthropic/alwaysLoad': true };

/** The `[[qN]]` tag in a request's conversation: which query sent it. */
function tagOf(request: RecordedMessagesRequest): string {
  const found = /\[\[(q\d+)\]\]/.exec(JSON.stringify(request.messages));
  if (found?.[1] === undefined) throw new Error('a main request without a query tag');
  return found[1];
}

/** The main requests one query sent, in order. */
function requestsOf(tag: string): RecordedMessagesRequest[] {
  return rig?.fake.mainRequests().filter((request) => tagOf(request) === tag) ?? [];
}

/** Runs one query to its end with the rig's environment. */
function run(tag: string, mcpServers: Record<string, McpSdkServerConfigWithInstance>, allowed: string[]) {
  return collect(
    query({
      prompt: `[[${tag}]] use the tool`,
      options: { env: rig?.env ?? {}, cwd: rig?.sandbox.cwd ?? '.', mcpServers, allowedTools: allowed },
    }),
  );
}

/** Model: the first request of each query calls `name` with `input(n)` (n from the tag); then it says done. */
function callOnce(name: string, input: (n: number) => Record<string, unknown>) {
  return (request: RecordedMessagesRequest) => {
    const tag = tagOf(request);
    if (request.toolResults.length === 0) return reply(toolUse(name, input(Number(tag.slice(1)))));
    return reply(text(`done ${tag}`));
  };
}

describe("in-process servers as the MCP SDK's McpServer, through the real CLI", () => {
  it('should answer a tool call from a hand-built McpServer passed as instance', async () => {
    rig = await startRig({ script: callOnce('mcp__hand__shout', () => ({ word: 'hello' })) });
    const instance = new McpServer({ name: 'hand', version: '1.0.0' });
    const heard: string[] = [];
    instance.registerTool(
      'shout',
      { description: 'Shouts a word', inputSchema: { word: z.string() } },
      ({ word }) => {
        heard.push(word);
        return answer(word.toUpperCase());
      },
    );
    const messages = await run('q1', { hand: { type: 'sdk', name: 'hand', instance } }, ['mcp__hand__shout']);

    const init = messages.find(isSDKSystemInitMessage);
    expect(init?.mcp_servers).toContainEqual(expect.objectContaining({ name: 'hand', status: 'connected' }));
    expect(heard).toEqual(['hello']);
    expect(requestsOf('q1').flatMap((r) => r.toolResults)).toEqual([
      expect.objectContaining({ isError: false, text: 'HELLO' }),
    ]);
    expect(isSDKResultMessage(messages.at(-1)) && messages.at(-1)).toMatchObject({ subtype: 'success' });
    // The query ended: its session closed, and the idle instance is disconnected again.
    await expect.poll(() => instance.isConnected()).toBe(false);
  });

  it('should serve three concurrent queries and then two more in sequence from one createSdkMcpServer()', async () => {
    rig = await startRig({ script: callOnce('mcp__calc__add', (n) => ({ a: n, b: 1000 })) });
    const calls: Array<{ a: number; b: number; sessionId: string | undefined }> = [];
    let waiting = 0;
    let peak = 0;
    let releaseAll: () => void = () => undefined;
    const allThree = new Promise<void>((resolve) => {
      releaseAll = resolve;
    });
    let concurrentPhase = true;
    const calc = createSdkMcpServer({
      name: 'calc',
      tools: [
        tool('add', 'Adds two numbers', { a: z.number(), b: z.number() }, async (args, extra) => {
          calls.push({ ...args, sessionId: extra.sessionId });
          if (concurrentPhase) {
            waiting += 1;
            peak = Math.max(peak, waiting);
            if (waiting === 3) releaseAll();
            // Each call waits for the other two: only concurrent sessions get all three here.
            await Promise.race([allThree, new Promise((resolve) => setTimeout(resolve, BARRIER_TIMEOUT_MS))]);
          }
          return answer(String(args.a + args.b));
        }),
      ],
    });
    const allowed = ['mcp__calc__add'];
    const concurrent = await Promise.all(['q1', 'q2', 'q3'].map((tag) => run(tag, { calc }, allowed)));
    concurrentPhase = false;
    const sequential = [await run('q4', { calc }, allowed), await run('q5', { calc }, allowed)];

    expect(peak).toBe(3);
    for (const [index, messages] of [...concurrent, ...sequential].entries()) {
      const n = index + 1;
      expect(isSDKResultMessage(messages.at(-1)) && messages.at(-1)).toMatchObject({ subtype: 'success' });
      // What the model sent in this query reached the handler, and its answer came back to this query.
      const requests = requestsOf(`q${n}`);
      const sent = requests.flatMap((r) => r.messages).filter((m) => JSON.stringify(m).includes('tool_use'));
      expect(JSON.stringify(sent)).toContain(JSON.stringify({ a: n, b: 1000 }));
      expect(calls.filter((call) => call.a === n)).toEqual([
        { a: n, b: 1000, sessionId: expect.any(String) },
      ]);
      expect(requests.flatMap((r) => r.toolResults)).toEqual([
        expect.objectContaining({ isError: false, text: String(n + 1000) }),
      ]);
    }
    // Five queries, five MCP sessions on the one instance.
    expect(new Set(calls.map((call) => call.sessionId)).size).toBe(5);
    await expect.poll(() => calc.instance.isConnected()).toBe(false);
  });

  it('should list and call, in the next query, a tool registered on instance after the first query', async () => {
    rig = await startRig({
      script: (request) => {
        const tag = tagOf(request);
        if (request.toolResults.length > 0) return reply(text(`done ${tag}`));
        return tag === 'q1'
          ? reply(toolUse('mcp__calc__add', { a: 1, b: 2 }))
          : reply(toolUse('mcp__calc__later', { word: 'late' }));
      },
    });
    const calc = createSdkMcpServer({
      name: 'calc',
      tools: [
        tool('add', 'Adds', { a: z.number(), b: z.number() }, async ({ a, b }) => answer(String(a + b))),
      ],
    });
    const allowed = ['mcp__calc__add', 'mcp__calc__later'];
    const first = await run('q1', { calc }, allowed);
    expect(first.find(isSDKSystemInitMessage)?.tools).not.toContain('mcp__calc__later');

    calc.instance.registerTool(
      'later',
      { description: 'Registered later', inputSchema: { word: z.string() }, _meta: ALWAYS_LOAD },
      ({ word }) => answer(word.toUpperCase()),
    );
    const second = await run('q2', { calc }, allowed);
    expect(second.find(isSDKSystemInitMessage)?.tools).toContain('mcp__calc__later');
    expect(requestsOf('q2')[0]?.toolNames).toContain('mcp__calc__later');
    expect(requestsOf('q2').flatMap((r) => r.toolResults)).toEqual([
      expect.objectContaining({ isError: false, text: 'LATE' }),
    ]);
  });

  it("should bring a tool registered while a query runs to that query's CLI: listed and callable", async () => {
    rig = await startRig({
      script: (request) => {
        const turn2 = JSON.stringify(request.messages).includes('second turn');
        if (request.toolResults.length > 0) return reply(text(turn2 ? 'used the new tool' : 'registered it'));
        return turn2 ? reply(toolUse('mcp__calc__during', { n: 7 })) : reply(toolUse('mcp__calc__grow', {}));
      },
    });
    const ran: number[] = [];
    const calc = createSdkMcpServer({ name: 'calc', tools: [] });
    calc.instance.registerTool(
      'grow',
      { description: 'Adds a tool to this server', _meta: ALWAYS_LOAD },
      () => {
        calc.instance.registerTool(
          'during',
          { description: 'Registered during the query', inputSchema: { n: z.number() }, _meta: ALWAYS_LOAD },
          ({ n }) => {
            ran.push(n);
            return answer(`during ${n}`);
          },
        );
        return answer('grown');
      },
    );
    const prompts = new PromptStream();
    const session = query({
      prompt: prompts,
      options: {
        env: rig.env,
        cwd: rig.sandbox.cwd,
        mcpServers: { calc },
        allowedTools: ['mcp__calc__grow', 'mcp__calc__during'],
      },
    });
    try {
      const messages = session[Symbol.asyncIterator]();
      const untilResult = async (): Promise<SDKMessage[]> => {
        const seen: SDKMessage[] = [];
        let next: IteratorResult<SDKMessage>;
        do {
          next = await messages.next();
          if (!next.done) seen.push(next.value);
        } while (!next.done && !isSDKResultMessage(next.value));
        return seen;
      };
      prompts.push('[[q1]] first turn: grow');
      const firstTurn = await untilResult();
      expect(firstTurn.find(isSDKSystemInitMessage)?.tools).not.toContain('mcp__calc__during');
      prompts.push('[[q1]] second turn: use the new tool');
      const secondTurn = await untilResult();
      expect(isSDKResultMessage(secondTurn.at(-1)) && secondTurn.at(-1)).toMatchObject({
        subtype: 'success',
      });
    } finally {
      prompts.end();
      await session.close();
    }
    const requests = requestsOf('q1');
    expect(requests[0]?.toolNames).toContain('mcp__calc__grow');
    expect(requests[0]?.toolNames).not.toContain('mcp__calc__during');
    // A later API request of the same session offers the new tool, and the call reached it.
    expect(requests.some((r) => r.toolNames.includes('mcp__calc__during'))).toBe(true);
    expect(ran).toEqual([7]);
    expect(requests.flatMap((r) => r.toolResults)).toEqual([
      expect.objectContaining({ isError: false, text: 'grown' }),
      expect.objectContaining({ isError: false, text: 'during 7' }),
    ]);
  });

  it('should pass mcpConfig (a file path) to the CLI next to the in-process servers of mcpServers', async () => {
    rig = await startRig({ script: callOnce('mcp__hand__shout', () => ({ word: 'both' })) });
    const file = join(rig.sandbox.cwd, 'mcp.json');
    await writeFile(
      file,
      JSON.stringify({
        mcpServers: { fromfile: { type: 'stdio', command: process.execPath, args: [STDIO_SERVER] } },
      }),
    );
    const instance = new McpServer({ name: 'hand', version: '1.0.0' });
    instance.registerTool('shout', { inputSchema: { word: z.string() } }, ({ word }) =>
      answer(word.toUpperCase()),
    );
    const messages = await collect(
      query({
        prompt: '[[q1]] use the tool',
        options: {
          env: rig.env,
          cwd: rig.sandbox.cwd,
          mcpConfig: file,
          // With a process server here too, the CLI gets two --mcp-config flags and reads both.
          mcpServers: {
            hand: { type: 'sdk', name: 'hand', instance },
            inline: { type: 'stdio', command: process.execPath, args: [STDIO_SERVER] },
          },
          allowedTools: ['mcp__hand__shout'],
        },
      }),
    );
    const servers = messages.find(isSDKSystemInitMessage)?.mcp_servers ?? [];
    expect(servers).toContainEqual(expect.objectContaining({ name: 'fromfile', status: 'connected' }));
    expect(servers).toContainEqual(expect.objectContaining({ name: 'hand', status: 'connected' }));
    expect(servers).toContainEqual(expect.objectContaining({ name: 'inline', status: 'connected' }));
    expect(requestsOf('q1').flatMap((r) => r.toolResults)).toEqual([
      expect.objectContaining({ isError: false, text: 'BOTH' }),
    ]);
  });
});
