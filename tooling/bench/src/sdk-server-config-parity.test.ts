// What the CLI does with an in-process MCP server's own settings, side by side with the official SDK
// 0.3.332 (its runtime called, never read), through the real CLI. The host's per-tool permission
// policies (`tools` on the server's config) reach the CLI in `initialize`, so a tool marked
// `always_deny` is refused even where `allowedTools` allows it. And how long a tool may run: the official documents that a server `timeout` below
// 1000 ms is ignored (a value meant in seconds must not cut every call short), that a server's
// `timeout` overrides MCP_TOOL_TIMEOUT (the CLI reads it from `initialize`), and that the limit
// otherwise comes from MCP_TOOL_TIMEOUT; so a tool that outlasts a sub-second `timeout`, or a
// shorter MCP_TOOL_TIMEOUT under a longer `timeout`, must finish with both SDKs, and the model must
// get the same result.
import * as official from '@anthropic-ai/claude-agent-sdk';
import * as ours from '@ccsdk/sdk';
import { createAgentTestBed, reply, text, toolUse } from '@ccsdk/testing';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';

type Sdk = typeof ours;
/** One CLI run per SDK, both at once; the CLI's start alone can take seconds on a shared machine. */
const CASE_TIMEOUT_MS = 120_000;
/** How long the tool runs: past the server's sub-second `timeout`. */
const TOOL_RUN_MS = 1_500;

/** What the server's config adds to `createSdkMcpServer()`'s: its timeout and tool policies. */
interface ServerSettings {
  readonly timeout?: number;
  readonly policies?: { name: string; permission_policy: 'always_deny' | 'always_ask' }[];
}

/** The tool result the model got for one call of a tool that runs {@link TOOL_RUN_MS}, and whether it ran. */
async function callSlowTool(
  sdk: Sdk,
  settings: ServerSettings,
  env: Record<string, string>,
): Promise<{ result: string; ran: boolean }> {
  await using bed = await createAgentTestBed({
    script: [reply(toolUse('mcp__slow__wait', { label: 'build' })), reply(text('Done.'))],
    cliFrom: import.meta.dirname,
  });
  let ran = false;
  const wait = sdk.tool('wait', 'Waits', { label: z.string() }, async ({ label }) => {
    ran = true;
    await new Promise((resolve) => setTimeout(resolve, TOOL_RUN_MS));
    return { content: [{ type: 'text' as const, text: `${label} finished` }] };
  });
  const made = sdk.createSdkMcpServer({
    name: 'slow',
    tools: [wait],
    ...(settings.timeout === undefined ? {} : { timeout: settings.timeout }),
  });
  const slow = settings.policies === undefined ? made : { ...made, tools: settings.policies };
  for await (const _ of sdk.query({
    prompt: 'Run the build.',
    options: {
      ...bed.options,
      env: { ...bed.options.env, ENABLE_TOOL_SEARCH: 'false', ...env },
      mcpServers: { slow },
      allowedTools: ['mcp__slow__wait'],
    },
  })) {
    // drained to the end of the session
  }
  const last = bed.api.mainRequests().at(-1);
  if (last === undefined) throw new Error('the CLI asked the model nothing');
  const result = JSON.stringify(last.messages.at(-1)).replace(/toolu_[A-Za-z0-9]+/g, '<tool-use-id>');
  return { result, ran };
}

/** The tool result alone (see {@link callSlowTool}). */
async function resultOfSlowTool(sdk: Sdk, timeout: number, env: Record<string, string>): Promise<string> {
  return (await callSlowTool(sdk, { timeout }, env)).result;
}

describe("an in-process server's tool policies, side by side with the official SDK", () => {
  it(
    'a tool the host marks always_deny is refused, though allowedTools allows it: the same refusal, the handler never runs',
    async () => {
      const settings: ServerSettings = { policies: [{ name: 'wait', permission_policy: 'always_deny' }] };
      const [theirs, mine] = await Promise.all([
        callSlowTool(official as unknown as Sdk, settings, {}),
        callSlowTool(ours, settings, {}),
      ]);
      expect(theirs.ran).toBe(false);
      expect(theirs.result).toContain('"is_error":true');
      expect(mine).toEqual(theirs);
    },
    CASE_TIMEOUT_MS,
  );
});

describe("an in-process tool's time limit, side by side with the official SDK", () => {
  it(
    'a server timeout below 1000 ms is ignored: the tool finishes, with the same result',
    async () => {
      const [theirs, mine] = await Promise.all([
        resultOfSlowTool(official as unknown as Sdk, 500, {}),
        resultOfSlowTool(ours, 500, {}),
      ]);
      expect(theirs).toContain('build finished');
      expect(mine).toBe(theirs);
    },
    CASE_TIMEOUT_MS,
  );

  it(
    'a server timeout overrides a shorter MCP_TOOL_TIMEOUT (the CLI reads it from initialize): the tool finishes',
    async () => {
      const env = { MCP_TOOL_TIMEOUT: '1200' };
      const [theirs, mine] = await Promise.all([
        resultOfSlowTool(official as unknown as Sdk, 5_000, env),
        resultOfSlowTool(ours, 5_000, env),
      ]);
      expect(theirs).toContain('build finished');
      expect(mine).toBe(theirs);
    },
    CASE_TIMEOUT_MS,
  );
});
