// The query methods the official SDK 0.3.332 has at run time but does not declare in its types
// (generateSessionTitle, getSettings, enableRemoteControl, mcpAuthenticate), side by side with ours
// through the real CLI: programs written for the official SDK call them after a typeof check
// (claude-agent-acp titles its sessions so), so each must exist on ours, write the same control
// request, and resolve or reject with what the official does. The official runtime is called,
// never read; the CLI runs behind a stdin tee (stdin-tee-cli.mjs) that keeps the control requests.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as official from '@anthropic-ai/claude-agent-sdk';
import * as ours from '@ccsdk/sdk';
import { createAgentTestBed, reply, text } from '@ccsdk/testing';
import { afterAll, describe, expect, it } from 'vitest';

type Sdk = typeof ours;
const TEE = join(import.meta.dirname, 'stdin-tee-cli.mjs');
const WORK = mkdtempSync(join(tmpdir(), 'ccsdk-undeclared-methods-'));
/** One CLI session per SDK, both at once, each with a turn and six control requests. */
const CASE_TIMEOUT_MS = 120_000;
/** The control requests the methods under test write. */
const SUBTYPES = new Set(['generate_session_title', 'get_settings', 'remote_control', 'mcp_authenticate']);
const FIRST_PROMPT = 'Tell me about cats and dogs';

afterAll(() => rmSync(WORK, { recursive: true, force: true }));

type Outcome = { value: unknown } | { error: string };

interface Session {
  /** What each call resolved with, or the message it rejected with, the sandbox folder blanked. */
  readonly outcomes: Record<string, Outcome>;
  /** The control requests of {@link SUBTYPES} the SDK wrote, without their ids. */
  readonly requests: unknown[];
  /** The session's summary as the same SDK's `listSessions()` reports it afterwards. */
  readonly listedSummary: string | undefined;
}

/** A query method by name, as a program that checked `typeof query[name] === 'function'` calls it. */
function method(run: object, name: string): (...args: unknown[]) => Promise<unknown> {
  const fn = (run as Record<string, unknown>)[name];
  if (typeof fn !== 'function') throw new Error(`the query has no ${name}()`);
  return (...args) => (fn as (...a: unknown[]) => Promise<unknown>).apply(run, args);
}

let runs = 0;
async function sessionOf(sdk: Sdk): Promise<Session> {
  runs += 1;
  const log = join(WORK, `requests-${runs}.jsonl`);
  await using bed = await createAgentTestBed({
    script: [reply(text('Hi there.'))],
    cliFrom: import.meta.dirname,
  });
  const blank = (value: unknown) =>
    JSON.parse(
      JSON.stringify(value ?? null)
        .split(bed.sandbox.root)
        .join('<sandbox>'),
    ) as unknown;
  let endInput = () => {};
  const inputEnded = new Promise<void>((resolve) => {
    endInput = resolve;
  });
  async function* prompt() {
    yield {
      type: 'user' as const,
      message: { role: 'user' as const, content: FIRST_PROMPT },
      parent_tool_use_id: null,
    };
    await inputEnded;
  }
  const run = sdk.query({
    prompt: prompt(),
    options: {
      cwd: bed.sandbox.cwd,
      env: {
        ...bed.options.env,
        TEE_CLI: bed.options.pathToClaudeCodeExecutable,
        TEE_LOG: log,
        TEE_TYPE: 'control_request',
      },
      pathToClaudeCodeExecutable: TEE,
    },
  });
  const messages = run[Symbol.asyncIterator]();
  for (
    let next = await messages.next();
    !next.done && next.value.type !== 'result';
    next = await messages.next()
  ) {
    // the first turn, to its result
  }
  const calls: [string, string, unknown[]][] = [
    ['title, persisted', 'generateSessionTitle', [FIRST_PROMPT, { persist: true }]],
    ['title, not persisted', 'generateSessionTitle', ['Explain the moon landing in detail']],
    ['title of too short a description', 'generateSessionTitle', ['hi']],
    ['settings', 'getSettings', []],
    ['remote control off', 'enableRemoteControl', [false]],
    ['remote control on, refused off api.anthropic.com', 'enableRemoteControl', [true, 'laptop']],
    ['login to an unknown MCP server', 'mcpAuthenticate', ['nosuch']],
  ];
  const outcomes: Record<string, Outcome> = {};
  for (const [label, name, args] of calls) {
    try {
      outcomes[label] = { value: blank(await method(run, name)(...args)) };
    } catch (error) {
      outcomes[label] = { error: (error as Error).message };
    }
  }
  endInput();
  for await (const _ of { [Symbol.asyncIterator]: () => messages }) {
    // drained to the end of the session
  }
  const requests = readFileSync(log, 'utf8')
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => (JSON.parse(line) as { request: { subtype: string } }).request)
    .filter((request) => SUBTYPES.has(request.subtype));
  const listedSummary = await listedSummaryIn(sdk, bed.sandbox.configDir, bed.sandbox.cwd);
  return { outcomes, requests, listedSummary };
}

/** Listings run one at a time: the official `listSessions()` finds the config dir in `process.env` only. */
let listing: Promise<unknown> = Promise.resolve();
function listedSummaryIn(sdk: Sdk, configDir: string, cwd: string): Promise<string | undefined> {
  const summary = listing.then(async () => {
    const saved = process.env['CLAUDE_CONFIG_DIR'];
    process.env['CLAUDE_CONFIG_DIR'] = configDir;
    try {
      const [listed] = await sdk.listSessions({ dir: cwd });
      return listed?.summary;
    } finally {
      if (saved === undefined) delete process.env['CLAUDE_CONFIG_DIR'];
      else process.env['CLAUDE_CONFIG_DIR'] = saved;
    }
  });
  listing = summary.catch(() => {});
  return summary;
}

describe('the query methods the official SDK has but does not declare, side by side through the real CLI', () => {
  it(
    'writes the same control requests and resolves or rejects with the same values',
    async () => {
      const [theirs, mine] = await Promise.all([sessionOf(official as unknown as Sdk), sessionOf(ours)]);
      // Not two empty runs: the official wrote every request and the CLI titled the session.
      expect(theirs.requests).toHaveLength(7);
      expect(theirs.outcomes['title, persisted']).toEqual({ value: expect.stringMatching(/\S/) });
      expect(theirs.outcomes['title of too short a description']).toEqual({ value: null });
      expect(theirs.outcomes['remote control off']).toEqual({ value: null });
      expect(theirs.outcomes['login to an unknown MCP server']).toEqual({
        error: 'Server not found: nosuch',
      });
      expect(mine.requests).toEqual(theirs.requests);
      expect(mine.outcomes).toEqual(theirs.outcomes);
      // The persisted title is what listSessions() shows for the session, with either SDK.
      expect(theirs.listedSummary).toBe((theirs.outcomes['title, persisted'] as { value: string }).value);
      expect(mine.listedSummary).toBe(theirs.listedSummary);
    },
    CASE_TIMEOUT_MS,
  );
});
