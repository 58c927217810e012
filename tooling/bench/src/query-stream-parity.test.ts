// query()'s message stream through the real CLI, side by side with the official SDK 0.3.332 (its
// runtime called, never read): on the same scripted model, each SDK must yield the same messages
// (type, subtype, the same keys), give the model the same tool results and thinking request, end
// with the same result and, where the run fails, throw an error with the same message.
import * as official from '@anthropic-ai/claude-agent-sdk';
import * as ours from '@ccsdk/sdk';
import { createAgentTestBed, type Reply, reply, text, toolUse } from '@ccsdk/testing';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';

type Sdk = typeof ours;
/** One CLI run per SDK; the CLI's start alone can take seconds on a shared machine. */
const CASE_TIMEOUT_MS = 120_000;

const bash = (command: string) => toolUse('Bash', { command, description: 'run it' });

interface Scenario {
  readonly script: Reply[];
  readonly options: (sdk: Sdk) => Record<string, unknown>;
}

const SCENARIOS: Record<string, Scenario> = {
  'a text answer': { script: [reply(text('Hello there.'))], options: () => ({}) },
  'a tool call canUseTool allows': {
    script: [reply(bash('echo allowed-4b1')), reply(text('Done.'))],
    options: () => ({
      canUseTool: async (_tool: string, input: Record<string, unknown>) => ({
        behavior: 'allow',
        updatedInput: input,
      }),
    }),
  },
  'a tool call canUseTool denies': {
    script: [reply(bash('echo denied-7c2')), reply(text('Understood.'))],
    options: () => ({ canUseTool: async () => ({ behavior: 'deny', message: 'Not on this machine.' }) }),
  },
  'a PreToolUse hook, with hook events': {
    script: [reply(bash('echo hooked-2d9')), reply(text('Done.'))],
    options: () => ({
      allowedTools: ['Bash'],
      includeHookEvents: true,
      hooks: { PreToolUse: [{ hooks: [async () => ({ systemMessage: 'Checked by the hook.' })] }] },
    }),
  },
  'partial messages': {
    script: [reply(text('Streamed in parts.'))],
    options: () => ({ includePartialMessages: true }),
  },
  'an in-process MCP tool': {
    script: [reply(toolUse('mcp__calc__add', { a: 2, b: 3 })), reply(text('Five.'))],
    options: (sdk) => ({
      allowedTools: ['mcp__calc__add'],
      mcpServers: {
        calc: sdk.createSdkMcpServer({
          name: 'calc',
          tools: [
            sdk.tool('add', 'Adds two numbers', { a: z.number(), b: z.number() }, async ({ a, b }) => ({
              content: [{ type: 'text', text: String(a + b) }],
            })),
          ],
        }),
      },
    }),
  },
  'a SessionStart command hook from settings': {
    script: [reply(text('Started.'))],
    options: () => ({
      settings: { hooks: { SessionStart: [{ hooks: [{ type: 'command', command: 'echo started-3f1' }] }] } },
    }),
  },
  'thinking enabled without a budget': {
    script: [reply(text('Thought.'))],
    options: () => ({ model: 'claude-sonnet-4-5', thinking: { type: 'enabled' } }),
  },
  'maxThinkingTokens 0': {
    script: [reply(text('No thought.'))],
    options: () => ({ model: 'claude-sonnet-4-5', maxThinkingTokens: 0 }),
  },
  'the turn limit reached (an error result, then a throw)': {
    script: [reply(bash('echo limited-5e3')), reply(text('Never reached.'))],
    options: () => ({ maxTurns: 1, allowedTools: ['Bash'] }),
  },
};

interface Run {
  /** Each message as `type/subtype {sorted keys}`. */
  readonly shapes: string[];
  readonly result: unknown;
  /** The tool results the model was given, as text. */
  readonly toolResults: string[];
  /** The message of what the iteration threw, if it did. */
  readonly thrown: string | undefined;
  /** What the first request to the model asked for thinking (its `thinking` field), as JSON. */
  readonly thinking: string | undefined;
}

function shapeOf(message: Record<string, unknown>): string {
  const event = message['event'] as { type?: string } | undefined;
  const kind = message['subtype'] ?? event?.type ?? '';
  return `${String(message['type'])}/${String(kind)} {${Object.keys(message).sort().join(',')}}`;
}

async function runThrough(sdk: Sdk, scenario: Scenario): Promise<Run> {
  await using bed = await createAgentTestBed({ script: scenario.script, cliFrom: import.meta.dirname });
  const shapes: string[] = [];
  let result: unknown;
  let thrown: string | undefined;
  const options = { ...bed.options, ...scenario.options(sdk) };
  try {
    for await (const message of sdk.query({ prompt: 'Go ahead.', options: options as never })) {
      shapes.push(shapeOf(message as unknown as Record<string, unknown>));
      if (message.type === 'result') {
        const { subtype, is_error, num_turns, result: text, errors } = message as Record<string, unknown>;
        result = { subtype, is_error, num_turns, text, errors };
      }
    }
  } catch (error) {
    thrown = (error as Error).message;
  }
  const toolResults = bed.toolResults().map((r) => r.text);
  const first = bed.api.mainRequests()[0]?.body as { thinking?: unknown } | undefined;
  return { shapes, result, toolResults, thrown, thinking: JSON.stringify(first?.thinking) };
}

describe("query()'s message stream through the real CLI, side by side with the official SDK", () => {
  it.each(Object.entries(SCENARIOS))(
    '%s: the same messages, tool results, result and error',
    async (_name, scenario) => {
      const theirs = await runThrough(official as unknown as Sdk, scenario);
      const mine = await runThrough(ours, scenario);
      // Not two empty runs: the official started, and ended with a result.
      expect(theirs.shapes.some((shape) => shape.startsWith('system/init '))).toBe(true);
      expect(theirs.result).toBeDefined();
      expect(mine.shapes).toEqual(theirs.shapes);
      expect(mine.result).toEqual(theirs.result);
      expect(mine.toolResults).toEqual(theirs.toolResults);
      expect(mine.thrown).toBe(theirs.thrown);
      expect(mine.thinking).toBe(theirs.thinking);
    },
    CASE_TIMEOUT_MS,
  );
});
