// What the model is told about an in-process MCP server (createSdkMcpServer with tool()), through
// the real CLI, side by side with the official SDK 0.3.332 (its runtime called, never read): the
// same tools, each tool's input schema byte for byte, the same list of deferred tools, and the same
// error result for a call whose arguments the schema refuses. The CLI
// hands the model a tool's input schema as the server lists it, and adds resource-reading tools for
// any server that declares resources, so both are the model's view of the server.
import * as official from '@anthropic-ai/claude-agent-sdk';
import * as ours from '@ccsdk/sdk';
import { createAgentTestBed, reply, text, toolUse } from '@ccsdk/testing';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as z3 from 'zod/v3';

type Sdk = typeof ours;
/** One CLI run per SDK, both at once; the CLI's start alone can take seconds on a shared machine. */
const CASE_TIMEOUT_MS = 120_000;

/** How the CLI offers tools: all at once, or the MCP ones deferred behind tool search (its default). */
const CASES = {
  'with tool search (the default)': {},
  'without tool search': { ENABLE_TOOL_SEARCH: 'false' },
} as const;

/** The model's view of the tools in the first request: what the two runs share. */
interface ToolView {
  /** Every tool's name, in the request's order. */
  readonly names: string[];
  /** Each MCP tool as the model gets it, as JSON text (key order counts). */
  readonly mcpTools: string[];
  /** The tools the CLI names as deferred behind tool search, in its order. */
  readonly deferred: string[];
}

/** The deferred tools a request's text blocks name, one per line after the CLI's lead-in. */
function deferredToolsOf(request: { readonly messages: readonly unknown[] }): string[] {
  const texts = JSON.stringify(request.messages);
  const list = /calling them:\\n(.*?)\\n\\n/.exec(texts)?.[1];
  return list === undefined ? [] : list.split('\\n');
}

const addCall = (args: Record<string, unknown>) => toolUse('mcp__calc__add', args);
/** One zod 3 schema on two fields of a tool. */
const DAY = z3.string().describe('a day, as YYYY-MM-DD');

/** What the model received in its last request: the result of its one tool call. */
interface Run {
  readonly view: ToolView;
  /** The tool result block, its id blanked, as JSON text. */
  readonly toolResult: string;
}

/** Runs one query with an in-process server made with `sdk`, whose model makes `call`. */
async function runThrough(
  sdk: Sdk,
  env: Record<string, string>,
  call: ReturnType<typeof toolUse>,
): Promise<Run> {
  await using bed = await createAgentTestBed({
    script: [reply(call), reply(text('Done.'))],
    cliFrom: import.meta.dirname,
  });
  const ok = async () => ({ content: [{ type: 'text' as const, text: 'ok' }] });
  const calc = sdk.createSdkMcpServer({
    // Names the model API would refuse are names too: the CLI rewrites them.
    name: 'calc tools',
    version: '1.0.0',
    tools: [
      sdk.tool('add', 'Adds two numbers', { a: z.number().describe('first'), b: z.number().optional() }, ok, {
        searchHint: 'sum arithmetic',
      }),
      sdk.tool('search', 'Searches', { q: z3.string().describe('query'), n: z3.number().optional() }, ok),
      // A whole zod object, which the official takes at run time though its type asks for a shape.
      sdk.tool('pick', 'Picks', z.strictObject({ n: z.number() }), ok),
      // A zod 3 schema used twice (listed once, then as a `$ref`) and a field with no JSON form.
      sdk.tool('span', 'Spans', { from: DAY, to: DAY, onDone: z3.function().optional() }, ok),
      // No JSON Schema form at all: the server lists it not, and warns.
      sdk.tool('when', 'Schedules', { at: z.date(), note: z.string() }, ok),
      sdk.tool('get.weather', 'Weather', { city: z.string() }, ok),
      // A handler that forgot to return: the CLI's MCP client refuses what comes back.
      sdk.tool('forgot', 'Forgets', {}, async () => undefined as never),
    ],
  });
  for await (const _ of sdk.query({
    prompt: 'Add 2 and 3.',
    options: {
      ...bed.options,
      env: { ...bed.options.env, ...env },
      mcpServers: { calc },
      allowedTools: ['mcp__calc__add', 'mcp__calc__get_weather', 'mcp__calc__forgot'],
    },
  })) {
    // drained to the end of the session
  }
  const [first, last] = [bed.api.mainRequests()[0], bed.api.mainRequests().at(-1)];
  if (first === undefined || last === undefined) throw new Error('the CLI asked the model nothing');
  const tools = first.body as { tools: { name: string }[] };
  return {
    view: {
      names: tools.tools.map((tool) => tool.name),
      mcpTools: tools.tools
        .filter((tool) => tool.name.startsWith('mcp__'))
        .map((tool) => JSON.stringify(tool)),
      deferred: deferredToolsOf(first),
    },
    toolResult: JSON.stringify(last.messages.at(-1)).replace(/toolu_[A-Za-z0-9]+/g, '<tool-use-id>'),
  };
}

describe("the model's view of an in-process MCP server, side by side with the official SDK", () => {
  it.each(Object.entries(CASES))(
    '%s: the same tools, input schemas and deferred tools',
    async (_name, env) => {
      const [{ view: theirs }, { view: mine }] = await Promise.all([
        runThrough(official as unknown as Sdk, env, addCall({ a: 2, b: 3 })),
        runThrough(ours, env, addCall({ a: 2, b: 3 })),
      ]);
      // The server's tools reached the model one way or the other.
      expect([...theirs.names, ...theirs.deferred]).toContain('mcp__calc__add');
      expect(mine.names).toEqual(theirs.names);
      expect(mine.deferred).toEqual(theirs.deferred);
      expect(mine.mcpTools).toEqual(theirs.mcpTools);
      // A server that declares no resources gets no resource-reading tools.
      expect([...mine.names, ...mine.deferred]).not.toContain('ListMcpResourcesTool');
      // A tool whose input schema has no JSON form is not offered: the official's way, kept; one
      // named as the model API would refuse is offered under the CLI's name for it.
      expect([...theirs.names, ...theirs.deferred]).toContain('mcp__calc__get_weather');
      expect([...theirs.names, ...theirs.deferred]).toContain('mcp__calc__span');
      expect([...theirs.names, ...theirs.deferred]).not.toContain('mcp__calc__when');
    },
    CASE_TIMEOUT_MS,
  );

  it(
    "a call whose arguments the schema refuses: the same error result, in the MCP library's words",
    async () => {
      const [theirs, mine] = await Promise.all([
        runThrough(official as unknown as Sdk, {}, addCall({ a: 'two' })),
        runThrough(ours, {}, addCall({ a: 'two' })),
      ]);
      expect(theirs.toolResult).toContain('MCP error -32602: Input validation error');
      expect(theirs.toolResult).toContain('"is_error":true');
      expect(mine.toolResult).toBe(theirs.toolResult);
    },
    CASE_TIMEOUT_MS,
  );

  /** Calls of the model, each with what the official's result must hold (so not two silences). */
  const CALLS = [
    [
      'a tool named as the model API would refuse (get.weather): offered under the same name, and run',
      () => toolUse('mcp__calc__get_weather', { city: 'Oslo' }),
      '"text":"ok"',
    ],
    [
      "a handler that returns no result: the same refusal, in the words of the CLI's MCP client",
      () => toolUse('mcp__calc__forgot', {}),
      'Invalid tools/call result',
    ],
    [
      'a call to the tool the server left out (its schema has no JSON form): the same refusal',
      () => toolUse('mcp__calc__when', { at: '2026-12-07', note: 'standup' }),
      '"is_error":true',
    ],
  ] as const;
  it.each(CALLS)(
    '%s',
    async (_name, call, officialHolds) => {
      const [theirs, mine] = await Promise.all([
        runThrough(official as unknown as Sdk, { ENABLE_TOOL_SEARCH: 'false' }, call()),
        runThrough(ours, { ENABLE_TOOL_SEARCH: 'false' }, call()),
      ]);
      expect(theirs.toolResult).toContain(officialHolds);
      expect(mine.view.names).toEqual(theirs.view.names);
      expect(mine.toolResult).toBe(theirs.toolResult);
    },
    CASE_TIMEOUT_MS,
  );

  it(
    "a tool search for a word only the tool's searchHint holds: the same result",
    async () => {
      const search = () => toolUse('ToolSearch', { query: 'arithmetic' });
      const [theirs, mine] = await Promise.all([
        runThrough(official as unknown as Sdk, {}, search()),
        runThrough(ours, {}, search()),
      ]);
      expect(theirs.toolResult).toContain('mcp__calc__add');
      expect(mine.toolResult).toBe(theirs.toolResult);
    },
    CASE_TIMEOUT_MS,
  );
});
