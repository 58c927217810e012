// What query() hands the canUseTool and onElicitation callbacks for the real CLI's requests, side by
// side with the official SDK 0.3.332 (its runtime called, never read): the same keys in the same
// order, `undefined` ones included, with the same values. A program that logs, spreads, checks
// `'title' in options` or reads a key the official passes but does not declare
// (`decisionReasonType`, `serverPolicyAskOnly`) sees the same with either SDK.
import * as official from '@anthropic-ai/claude-agent-sdk';
import * as ours from '@ccsdk/sdk';
import { createAgentTestBed, reply, text, toolUse } from '@ccsdk/testing';
import { describe, expect, it } from 'vitest';
import { blanked, ELICIT_MCP_SERVERS } from './callback-scenarios.js';

type Sdk = typeof ours;
/** One CLI run per SDK, both at once; the CLI's start alone can take seconds on a shared machine. */
const CASE_TIMEOUT_MS = 120_000;

interface Case {
  /** The tool call the model makes. */
  readonly call: ReturnType<typeof toolUse>;
  readonly options: Record<string, unknown>;
}

const touch = () => toolUse('Bash', { command: 'touch made-2f4.txt', description: 'Create a file' });
const CASES: Record<string, Case> = {
  // The CLI sends permission suggestions and the blocked path.
  'a Bash call no rule covers': { call: touch(), options: {} },
  // The CLI sends the decision's type and server_policy_ask_only.
  'a Bash call an ask rule matches': {
    call: touch(),
    options: { settings: { permissions: { ask: ['Bash(touch:*)'] } } },
  },
  // The CLI sends the MCP server, then an elicitation without url, id, title or description.
  'an MCP tool call that asks for a form': {
    call: toolUse('mcp__elic__ask', {}),
    options: { mcpServers: ELICIT_MCP_SERVERS },
  },
};

/** Each key of a callback argument, in order, with its value shown; what differs between runs blanked. */
function entriesOf(argument: object, sandboxRoot: string): string[] {
  return Object.entries(argument).map(([key, value]) => {
    if (value === undefined) return `${key}: undefined`;
    if (value instanceof AbortSignal) return `${key}: AbortSignal`;
    const shown = blanked(JSON.stringify(value), sandboxRoot).replace(
      /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g,
      '<uuid>',
    );
    return `${key}: ${shown}`;
  });
}

/** The arguments each callback got, as {@link entriesOf} shows them, in call order. */
async function callbackArgumentsOf(sdk: Sdk, { call, options }: Case): Promise<string[][]> {
  await using bed = await createAgentTestBed({
    script: [reply(call), reply(text('Done.'))],
    cliFrom: import.meta.dirname,
  });
  const seen: string[][] = [];
  const run = sdk.query({
    prompt: 'Go ahead.',
    options: {
      ...bed.options,
      ...options,
      canUseTool: async (toolName: string, input: Record<string, unknown>, context: object) => {
        seen.push([`canUseTool ${toolName}`, ...entriesOf(context, bed.sandbox.root)]);
        return { behavior: 'allow', updatedInput: input };
      },
      onElicitation: async (request: object) => {
        seen.push(['onElicitation', ...entriesOf(request, bed.sandbox.root)]);
        return { action: 'decline' };
      },
    } as never,
  });
  for await (const _ of run) {
    // drained to the end of the session
  }
  return seen;
}

describe('what query() hands the canUseTool and onElicitation callbacks, side by side with the official SDK', () => {
  it.each(Object.entries(CASES))(
    '%s: the same keys in the same order, undefined ones included, with the same values',
    async (_name, scenario) => {
      const [theirs, mine] = await Promise.all([
        callbackArgumentsOf(official as unknown as Sdk, scenario),
        callbackArgumentsOf(ours, scenario),
      ]);
      // Not two silent runs: the official's canUseTool was called, with keys left undefined.
      expect(theirs.length).toBeGreaterThan(0);
      expect(theirs.flat()).toContain('title: undefined');
      expect(mine).toEqual(theirs);
    },
    CASE_TIMEOUT_MS,
  );
});
