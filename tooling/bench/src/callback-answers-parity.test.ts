// What query() answers the real CLI's hook, permission and elicitation requests, side by side with the
// official SDK 0.3.332 (its runtime called, never read): the CLI runs behind a stdin tee
// (stdin-tee-cli.mjs) that keeps every control_response the SDK writes, and for the same callback
// results both SDKs must write the same answers and the model must get the same tool results.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as official from '@anthropic-ai/claude-agent-sdk';
import * as ours from '@ccsdk/sdk';
import { createAgentTestBed, reply, text, toolUse } from '@ccsdk/testing';
import { afterAll, describe, expect, it } from 'vitest';
import { blanked, ELICIT_MCP_SERVERS } from './callback-scenarios.js';

type Sdk = typeof ours;
const TEE = join(import.meta.dirname, 'stdin-tee-cli.mjs');
const WORK = mkdtempSync(join(tmpdir(), 'ccsdk-callback-answers-'));
/** One CLI run per SDK, both at once; the CLI's start alone can take seconds on a shared machine. */
const CASE_TIMEOUT_MS = 120_000;

afterAll(() => rmSync(WORK, { recursive: true, force: true }));

type ToolInput = Record<string, unknown>;
const preToolUse = (hook: (input: { tool_input?: ToolInput }) => Promise<unknown>) => ({
  hooks: { PreToolUse: [{ hooks: [hook] }] },
});

/** With these options the model's call goes to the form-asking MCP tool, not to `Bash`. */
const ELICITING = { mcpServers: ELICIT_MCP_SERVERS, allowedTools: ['mcp__elic__ask'] };

/** Callback results, as a caller would return them, for the one tool call the model makes. */
const CASES: Record<string, Record<string, unknown>> = {
  'a hook that stops the session': {
    ...preToolUse(async () => ({ continue: false, stopReason: 'Stopped by policy.', suppressOutput: true })),
    allowedTools: ['Bash'],
  },
  'a hook that denies the tool': preToolUse(async () => ({
    hookSpecificOutput: {
      hookEventName: 'PreToolUse',
      permissionDecision: 'deny',
      permissionDecisionReason: 'Not here.',
    },
  })),
  'a hook that allows with a changed input': preToolUse(async (input) => ({
    hookSpecificOutput: {
      hookEventName: 'PreToolUse',
      permissionDecision: 'allow',
      updatedInput: { ...input.tool_input, command: 'touch changed-6d1.txt' },
    },
  })),
  "a hook's decision block with a system message": preToolUse(async () => ({
    decision: 'block',
    reason: 'Blocked.',
    systemMessage: 'A note.',
  })),
  'an async hook': {
    ...preToolUse(async () => ({ async: true, asyncTimeout: 1000 })),
    allowedTools: ['Bash'],
  },
  'a hook that throws': {
    ...preToolUse(async () => {
      throw new Error('policy service down');
    }),
    allowedTools: ['Bash'],
  },
  'canUseTool allows with the suggested permissions': {
    canUseTool: async (_tool: string, input: ToolInput, context: { suggestions?: unknown[] }) => ({
      behavior: 'allow',
      updatedInput: input,
      updatedPermissions: context.suggestions ?? [],
    }),
  },
  'canUseTool allows without updatedInput, classifying the decision': {
    canUseTool: async () => ({ behavior: 'allow', decisionClassification: 'user_temporary' }),
  },
  'canUseTool denies without a message': { canUseTool: async () => ({ behavior: 'deny' }) },
  'canUseTool denies and interrupts': {
    canUseTool: async () => ({ behavior: 'deny', message: 'Stop everything.', interrupt: true }),
  },
  'onElicitation accepts': {
    ...ELICITING,
    onElicitation: async () => ({ action: 'accept', content: { name: 'Ada-2e7' } }),
  },
  'no onElicitation (the SDK declines)': ELICITING,
  'onElicitation throws': {
    ...ELICITING,
    onElicitation: async () => {
      throw new Error('form service down');
    },
  },
  'canUseTool throws': {
    canUseTool: async () => {
      throw new Error('approval service down');
    },
  },
};

interface Answers {
  /** Each control_response, without its request id, the sandbox folder and tool ids blanked. */
  readonly responses: string[];
  readonly toolResults: string[];
  /** The message of what the iteration threw, if it did (a denial that interrupts ends in one). */
  readonly thrown: string | undefined;
}

let runs = 0;
async function answersOf(sdk: Sdk, options: Record<string, unknown>): Promise<Answers> {
  runs += 1;
  const log = join(WORK, `answers-${runs}.jsonl`);
  const call =
    options['mcpServers'] === undefined
      ? toolUse('Bash', { command: 'touch ran-3c8.txt', description: 'create a file' })
      : toolUse('mcp__elic__ask', {});
  await using bed = await createAgentTestBed({
    script: [reply(call), reply(text('Done.'))],
    cliFrom: import.meta.dirname,
  });
  const run = sdk.query({
    prompt: 'Go ahead.',
    options: {
      ...options,
      cwd: bed.sandbox.cwd,
      env: { ...bed.options.env, TEE_CLI: bed.options.pathToClaudeCodeExecutable, TEE_LOG: log },
      pathToClaudeCodeExecutable: TEE,
      // Ours reports a failing callback as a warning; kept out of the test output.
      onWarning: () => {},
    } as never,
  });
  let thrown: string | undefined;
  try {
    for await (const _ of run) {
      // drained to the end of the session
    }
  } catch (error) {
    thrown = (error as Error).message;
  }
  const responses = readFileSync(log, 'utf8')
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => (JSON.parse(line) as { response: Record<string, unknown> }).response)
    .map(({ request_id: _id, ...rest }) => blanked(JSON.stringify(rest), bed.sandbox.root));
  const toolResults = bed.toolResults().map((result) => blanked(result.text, bed.sandbox.root));
  return { responses, toolResults, thrown };
}

describe("what query() answers the real CLI's hook, permission and elicitation requests, side by side with the official SDK", () => {
  it.each(Object.entries(CASES))(
    '%s: the same answers, and the same tool results for the model',
    async (_name, options) => {
      const [theirs, mine] = await Promise.all([
        answersOf(official as unknown as Sdk, options),
        answersOf(ours, options),
      ]);
      // Not two silent runs: the CLI asked the official's callback once at least.
      expect(theirs.responses.length).toBeGreaterThan(0);
      // Compared as JSON text: an assertion's message shows a string whole but an array only as
      // `[ Array(n) ]`, and a one-off failure in CI is only worth its message.
      expect(JSON.stringify(mine.responses)).toBe(JSON.stringify(theirs.responses));
      expect(JSON.stringify(mine.toolResults)).toBe(JSON.stringify(theirs.toolResults));
      expect(mine.thrown).toBe(theirs.thrown);
    },
    CASE_TIMEOUT_MS,
  );
});
