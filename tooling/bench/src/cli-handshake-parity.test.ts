// How query() starts the CLI, side by side with the official SDK 0.3.332 (its runtime called,
// never read): for each set of options, both SDKs start the same recording stand-in
// (handshake-recorder-cli.mjs) and must hand it the same command line (flag order and the
// `--flag=value` / `--flag value` spelling aside), the same `initialize` request (key order
// included) and the same environment. What the options do once there is proven through the real
// CLI in tooling/e2e (cli-handshake.test.ts and the option tests).
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
  initializeAnswer,
  runBrowserQueryAgainst,
  STAND_IN_RESULT,
} from './browser-stand-in.js';

type Sdk = typeof ours;
type OptionSet = (sdk: Sdk) => Record<string, unknown>;

const RECORDER = join(import.meta.dirname, 'handshake-recorder-cli.mjs');
const WORK = mkdtempSync(join(tmpdir(), 'ccsdk-handshake-'));
/** Two SDK starts of a node stand-in per case; generous for a loaded 2-core machine. */
const CASE_TIMEOUT_MS = 60_000;
/** A system prompt past Linux's 128 KiB bound on one argument: on argv it cannot even spawn. */
const LONG_PROMPT = 'L'.repeat(200_000);

/**
 * Environment variables that differ on purpose: the SDK's own version; the official's request for
 * `session_state_changed` messages, which it consumes itself (its stream through the real CLI has
 * none; ours, without the request, is the same); and, from `startup()` and `prewarm()`, its request
 * for start-up marks, with which it leaves the time SessionStart and Setup hooks run out of the
 * default start-up timeout (ours does the same from the hook messages the CLI writes anyway, see
 * engine/startup-hook-hold.ts, so it needs no marks).
 */
const ENV_DIFFERENT_ON_PURPOSE = [
  'CLAUDE_AGENT_SDK_VERSION',
  'CLAUDE_CODE_SDK_READS_SESSION_STATE',
  'CLAUDE_CODE_SDK_READS_STARTUP_MARKS',
];

afterAll(() => rmSync(WORK, { recursive: true, force: true }));

function sdkServer(sdk: Sdk): unknown {
  return sdk.createSdkMcpServer({
    name: 'calc',
    version: '2.0.0',
    tools: [
      sdk.tool('add', 'Adds', { a: z.number().describe('A'), b: z.number().optional() }, async () => ({
        content: [],
      })),
      // The manifest states a zod 3 shape's dialect last, and a zod 4 or empty one's first.
      sdk.tool('find', 'Finds', { q: z3.string().describe('Q'), n: z3.number().optional() }, async () => ({
        content: [],
      })),
      sdk.tool('ping', 'Pings', {}, async () => ({ content: [] })),
      // A whole zod object, which the official takes at run time too: listed as the MCP library lists it.
      sdk.tool('pick', 'Picks', z.strictObject({ n: z.number() }) as never, async () => ({ content: [] })),
    ],
  });
}

const noAnswer = async () => ({});
const CASES: Record<string, OptionSet> = {
  'no options': () => ({}),
  'systemPrompt string': () => ({ systemPrompt: 'Be brief.' }),
  'systemPrompt empty string': () => ({ systemPrompt: '' }),
  'systemPrompt blocks with the dynamic boundary': (sdk) => ({
    systemPrompt: ['static', sdk.SYSTEM_PROMPT_DYNAMIC_BOUNDARY, 'dynamic'],
  }),
  'systemPrompt of 200,000 characters': () => ({ systemPrompt: ['first', LONG_PROMPT] }),
  'systemPrompt custom blocks, snapshot off': () => ({
    systemPrompt: { type: 'custom', prompt: ['x', 'y'], snapshot: false },
  }),
  'systemPrompt preset': () => ({ systemPrompt: { type: 'preset', preset: 'claude_code' } }),
  'systemPrompt preset, append, snapshot, no dynamic sections': () => ({
    systemPrompt: {
      type: 'preset',
      preset: 'claude_code',
      append: 'extra',
      snapshot: true,
      excludeDynamicSections: true,
    },
  }),
  'systemPrompt preset, empty append, dynamic sections kept': () => ({
    systemPrompt: { type: 'preset', preset: 'claude_code', append: '', excludeDynamicSections: false },
  }),
  planModeInstructions: () => ({ planModeInstructions: 'Plan in three steps.' }),
  'promptSuggestions true': () => ({ promptSuggestions: true }),
  'promptSuggestions false': () => ({ promptSuggestions: false }),
  'forwardSubagentText true': () => ({ forwardSubagentText: true }),
  'forwardSubagentText false': () => ({ forwardSubagentText: false }),
  'outputFormat json_schema': () => ({
    outputFormat: { type: 'json_schema', schema: { type: 'object', properties: { a: { type: 'string' } } } },
  }),
  'hooks with and without a matcher': () => ({
    hooks: {
      PreToolUse: [{ matcher: 'Bash', hooks: [noAnswer], timeout: 5 }],
      Stop: [{ hooks: [noAnswer, noAnswer] }],
    },
  }),
  'hooks without matchers': () => ({ hooks: { PreToolUse: [] } }),
  'in-process MCP server': (sdk) => ({ mcpServers: { calc: sdkServer(sdk) } }),
  'in-process MCP servers with tool permission policies, one with a sub-second timeout': (sdk) => {
    const wait = sdk.tool('wait', 'Waits', {}, async () => ({ content: [] }));
    const made = sdk.createSdkMcpServer({ name: 'guarded', timeout: 500, tools: [wait] });
    const plain = sdk.createSdkMcpServer({ name: 'plain', tools: [wait] });
    const policies = [
      { name: 'wait', permission_policy: 'always_deny' as const },
      { name: 'other', permission_policy: 'always_ask' as const, org_max_permission: 'ask' as const },
    ];
    return {
      mcpServers: {
        guarded: { ...made, tools: policies },
        plain,
        asked: { ...sdk.createSdkMcpServer({ name: 'asked', tools: [wait] }), tools: [policies[1]!] },
      },
    };
  },
  'in-process MCP server with a timeout and alwaysLoad': (sdk) => ({
    mcpServers: {
      slow: sdk.createSdkMcpServer({
        name: 'slow',
        timeout: 5000,
        alwaysLoad: true,
        tools: [sdk.tool('wait', 'Waits', {}, async () => ({ content: [] }))],
      }),
    },
  }),
  "process MCP servers, delivery 'initialize'": (sdk) => ({
    mcpServersDelivery: 'initialize',
    mcpServers: { files: { command: 'node', args: ['f.js'], env: { TOKEN: 't' } }, calc: sdkServer(sdk) },
  }),
  "process MCP servers, delivery 'argv'": () => ({
    mcpServersDelivery: 'argv',
    mcpServers: { files: { type: 'http', url: 'http://127.0.0.1:1/mcp', headers: { a: 'b' } } },
  }),
  "MCP delivery 'initialize' without process servers": () => ({ mcpServersDelivery: 'initialize' }),
  plugins: () => ({ plugins: [{ type: 'local', path: '/tmp/plugin-a' }] }),
  "plugins, delivery 'initialize'": () => ({
    pluginDelivery: 'initialize',
    plugins: [
      { type: 'local', path: '/tmp/plugin-a' },
      { type: 'local', path: '/tmp/plugin-b' },
    ],
  }),
  "plugin delivery 'initialize' without plugins": () => ({ pluginDelivery: 'initialize', plugins: [] }),
  'skills all': () => ({ skills: 'all' }),
  'skills list with allowedTools': () => ({ skills: ['pdf'], allowedTools: ['Read'] }),
  settingSources: () => ({ settingSources: ['project'] }),
  'sandbox enabled': () => ({ sandbox: { enabled: true, autoAllowBashIfSandboxed: true } }),
  'sandbox enabled, failIfUnavailable false': () => ({
    sandbox: { enabled: true, failIfUnavailable: false },
  }),
  'sandbox enabled, inline settings set failIfUnavailable': () => ({
    sandbox: { enabled: true },
    settings: { sandbox: { failIfUnavailable: false }, model: 'x' },
  }),
  'sandbox enabled, settings as JSON text': () => ({
    sandbox: { enabled: true },
    settings: '{"sandbox":{"enabled":true}}',
  }),
  'sandbox disabled': () => ({ sandbox: { enabled: false } }),
  'debug with debugFile': () => ({ debug: true, debugFile: join(WORK, 'debug.log') }),
  'debug alone': () => ({ debug: true }),
  'session: resume, fork, resume at': () => ({
    resume: '11111111-1111-4111-8111-111111111111',
    forkSession: true,
    resumeSessionAt: '22222222-2222-4222-8222-222222222222',
  }),
  'model, effort, thinking, limits': () => ({
    model: 'opus',
    fallbackModel: 'sonnet',
    effort: 'high',
    thinking: { type: 'enabled', budgetTokens: 5000, display: 'omitted' },
    maxTurns: 3,
    maxBudgetUsd: 1.5,
    taskBudget: { total: 10000 },
  }),
  'tools, permissions, directories': () => ({
    tools: ['Read', 'Grep'],
    allowedTools: ['Read'],
    disallowedTools: ['Write'],
    permissionMode: 'acceptEdits',
    additionalDirectories: ['/tmp'],
  }),
  canUseTool: () => ({ canUseTool: async () => ({ behavior: 'allow', updatedInput: {} }) }),
  'session fields: agents, title, aliases, dialogs, progress': () => ({
    agents: { reviewer: { description: 'Reviews', prompt: 'Review it', tools: ['Read'] } },
    title: 'Release notes',
    toolAliases: { Shell: 'Bash' },
    supportedDialogKinds: ['refusal_fallback_prompt'],
    onUserDialog: async () => ({ behavior: 'cancelled' }),
    agentProgressSummaries: true,
    perTaskStopAffordance: true,
  }),
  'crash reports set by the caller': () => ({ env: { BUN_ENABLE_CRASH_REPORTING: '1' } }),
  "permissionPrompts 'none'": () => ({ permissionPrompts: 'none' }),
  'empty lists: tools, rules, sources, servers, directories': () => ({
    allowedTools: [],
    disallowedTools: [],
    tools: [],
    settingSources: [],
    mcpServers: {},
    additionalDirectories: [],
  }),
  'empty model, resume and agent and maxTurns 0 read as unset': () => ({
    model: '',
    maxTurns: 0,
    fallbackModel: '',
    resume: '',
    agent: '',
  }),
  'thinking adaptive with display, effort max': () => ({
    thinking: { type: 'adaptive', display: 'summarized' },
    effort: 'max',
  }),
  'thinking enabled without budget wins over maxThinkingTokens': () => ({
    maxThinkingTokens: 2000,
    thinking: { type: 'enabled' },
  }),
  'thinking enabled without budget': () => ({ thinking: { type: 'enabled' } }),
  'thinking enabled without budget, with display': () => ({
    thinking: { type: 'enabled', display: 'omitted' },
  }),
  'thinking enabled with a budget': () => ({ thinking: { type: 'enabled', budgetTokens: 3000 } }),
  maxThinkingTokens: () => ({ maxThinkingTokens: 2000 }),
  'maxThinkingTokens 0': () => ({ maxThinkingTokens: 0 }),
  'thinking disabled wins over maxThinkingTokens': () => ({
    thinking: { type: 'disabled' },
    maxThinkingTokens: 100,
  }),
  'thinking enabled with a budget of 0': () => ({ thinking: { type: 'enabled', budgetTokens: 0 } }),
  'extraArgs with a dash value and a switch': () => ({
    extraArgs: { name: '-job', 'replay-user-messages': null },
  }),
  'relative additional directories': () => ({ additionalDirectories: ['sub', '../up'] }),
  'sandbox rules merged into inline settings': () => ({
    sandbox: { enabled: true, network: { allowedDomains: ['a.com'] }, filesystem: { denyRead: ['/etc'] } },
    settings: { sandbox: { network: { allowLocalBinding: true } } },
  }),
  'an agent with every field': () => ({
    agents: {
      a: {
        description: 'd',
        prompt: 'p',
        tools: ['Read'],
        disallowedTools: ['Bash'],
        model: 'haiku',
        mcpServers: ['x'],
        skills: ['s'],
        maxTurns: 3,
        effort: 'low',
        permissionMode: 'plan',
        memory: 'user',
        background: true,
        isolation: 'worktree',
        color: 'red',
      },
    },
  }),
  'hooks on three events, with a timeout and a matcher': () => ({
    hooks: {
      UserPromptSubmit: [{ hooks: [noAnswer] }],
      SessionStart: [{ hooks: [noAnswer], timeout: 10 }],
      PostToolUse: [{ matcher: 'Edit|Write', hooks: [noAnswer] }],
    },
  }),
  'an empty title': () => ({ title: '' }),
  'an empty skills list': () => ({ skills: [] }),
  'outputFormat with allowedTools': () => ({
    outputFormat: { type: 'json_schema', schema: { type: 'object' } },
    allowedTools: ['Read'],
  }),
  'continue, session id, no persistence': () => ({
    continue: true,
    sessionId: '33333333-3333-4333-8333-333333333333',
    forkSession: true,
    persistSession: false,
  }),
  'resume dropping a turn': () => ({
    resume: '11111111-1111-4111-8111-111111111111',
    resumeSessionAt: '22222222-2222-4222-8222-222222222222',
    resumeDropsTurn: '44444444-4444-4444-8444-444444444444',
  }),
  'agent, managed settings, project root, betas': () => ({
    agent: 'reviewer',
    agents: { reviewer: { description: 'Reviews', prompt: 'Review it' } },
    managedSettings: { permissions: { deny: ['WebFetch'] } },
    projectConfigRoot: '/tmp',
    betas: ['context-1m-2025-08-07'],
  }),
  'checkpointing, tool config, partial messages, hook events': () => ({
    enableFileCheckpointing: true,
    toolConfig: { askUserQuestion: { previewFormat: 'html' } },
    includePartialMessages: true,
    includeHookEvents: true,
  }),
  'a plugin that skips MCP discovery, settings as a path': () => ({
    plugins: [{ type: 'local', path: '/tmp/plugin-a', skipMcpDiscovery: true }],
    settings: '/tmp/ccsdk-settings.json',
  }),
  'an SSE MCP server and strict MCP config': () => ({
    mcpServers: { events: { type: 'sse', url: 'http://127.0.0.1:1/sse', headers: { a: 'b' } } },
    strictMcpConfig: true,
  }),
  everything: (sdk) => ({
    systemPrompt: {
      type: 'preset',
      preset: 'claude_code',
      append: 'x',
      excludeDynamicSections: true,
      snapshot: true,
    },
    hooks: { PreToolUse: [{ hooks: [noAnswer] }] },
    agents: { a: { description: 'd', prompt: 'p' } },
    mcpServersDelivery: 'initialize',
    pluginDelivery: 'initialize',
    plugins: [{ type: 'local', path: '/tmp/plugin-a' }],
    mcpServers: { files: { command: 'node' }, calc: sdkServer(sdk) },
    skills: ['s1'],
    title: 'T',
    toolAliases: { A: 'Bash' },
    agentProgressSummaries: true,
    perTaskStopAffordance: true,
    supportedDialogKinds: ['k'],
    onUserDialog: async () => ({ behavior: 'cancelled' }),
    outputFormat: { type: 'json_schema', schema: { type: 'object' } },
    promptSuggestions: true,
    forwardSubagentText: true,
    planModeInstructions: 'pm',
  }),
};

interface Handshake {
  /** The command line, each `--flag value` pair spelled `--flag=value`, sorted. */
  readonly argv: string[];
  /** The `initialize` control request as JSON text, its envelope included (key order counts; id blanked). */
  readonly initialize: string;
  /** Variables the SDK added to the environment it was given. */
  readonly env: Record<string, string>;
}

function normalizedArgv(argv: string[]): string[] {
  const pairs: string[] = [];
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i] ?? '';
    const next = argv[i + 1];
    if (arg.startsWith('--') && !arg.includes('=') && next !== undefined && !next.startsWith('--')) {
      pairs.push(`${arg}=${next}`);
      i += 1;
    } else pairs.push(arg);
  }
  return pairs.sort();
}

let runs = 0;
/** How the CLI is started: `query()`, `startup()` (a warm query, closed unused) or `prewarm()`. */
type Starter = 'query' | 'startup' | 'prewarm';

async function startCli(sdk: Sdk, starter: Starter, options: Record<string, unknown>): Promise<void> {
  if (starter === 'startup') {
    const warm = await sdk.startup({ options: options as never });
    warm.close();
  } else if (starter === 'prewarm') {
    const spare = await sdk.prewarm({ options: options as never });
    await spare.close();
  } else {
    for await (const _ of sdk.query({ prompt: 'hi', options: options as never })) {
      // drained: the stand-in answers with a result
    }
  }
}

async function handshakeOf(
  sdk: Sdk,
  options: Record<string, unknown>,
  starter: Starter = 'query',
): Promise<Handshake> {
  runs += 1;
  const log = join(WORK, `run-${runs}.jsonl`);
  const baseEnv = { ...(process.env as Record<string, string>) };
  const { env: given, ...rest } = options as { env?: Record<string, string> };
  await startCli(sdk, starter, {
    ...rest,
    pathToClaudeCodeExecutable: RECORDER,
    cwd: WORK,
    onWarning: () => {},
    env: {
      ...baseEnv,
      ...given,
      HANDSHAKE_LOG: log,
      HANDSHAKE_BASE_ENV: Object.keys({ ...baseEnv, ...given }).join(','),
    },
  });
  const lines = readFileSync(log, 'utf8')
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as Record<string, unknown>);
  const start = lines[0] as { argv: string[]; env: Record<string, string> };
  const initialize = lines.find((line) => line['type'] === 'control_request') as
    | { request: Record<string, unknown> }
    | undefined;
  if (initialize === undefined) throw new Error('the SDK sent no initialize request');
  const env = Object.fromEntries(
    Object.entries(start.env).filter(([name]) => !ENV_DIFFERENT_ON_PURPOSE.includes(name)),
  );
  return {
    argv: normalizedArgv(start.argv),
    initialize: JSON.stringify({ ...initialize, request_id: '-' }),
    env,
  };
}

describe('how query() starts the CLI, side by side with the official SDK', () => {
  it.each(Object.entries(CASES))(
    '%s: the same command line, initialize request and environment',
    async (_name, optionSet) => {
      const theirs = await handshakeOf(official as unknown as Sdk, optionSet(official as unknown as Sdk));
      const mine = await handshakeOf(ours, optionSet(ours));
      // Not two empty answers: both started the CLI in stream-json and sent initialize.
      expect(theirs.argv).toContain('--input-format=stream-json');
      expect(theirs.initialize).toContain('"subtype":"initialize"');
      expect(mine.argv).toEqual(theirs.argv);
      expect(mine.initialize).toBe(theirs.initialize);
      expect(mine.env).toEqual(theirs.env);
    },
    CASE_TIMEOUT_MS,
  );

  it.each([
    ['startup', 'no options'],
    ['startup', 'everything'],
    ['prewarm', 'no options'],
    ['prewarm', 'systemPrompt preset, append, snapshot, no dynamic sections'],
    ['prewarm', 'hooks with and without a matcher'],
  ] as const)(
    'started by %s(), %s: the same command line, initialize request and environment',
    async (starter, name) => {
      const optionSet = CASES[name];
      if (optionSet === undefined) throw new Error(`no case ${name}`);
      const theirs = await handshakeOf(
        official as unknown as Sdk,
        optionSet(official as unknown as Sdk),
        starter,
      );
      const mine = await handshakeOf(ours, optionSet(ours), starter);
      expect(theirs.initialize).toContain('"subtype":"initialize"');
      expect(mine.argv).toEqual(theirs.argv);
      expect(mine.initialize).toBe(theirs.initialize);
      expect(mine.env).toEqual(theirs.env);
    },
    CASE_TIMEOUT_MS,
  );

  it(
    'a 200,000-character system prompt is nowhere on either command line',
    async () => {
      const optionSet = CASES['systemPrompt of 200,000 characters'];
      if (optionSet === undefined) throw new Error('no such case');
      for (const sdk of [official as unknown as Sdk, ours]) {
        const handshake = await handshakeOf(sdk, optionSet(sdk));
        expect(handshake.argv.join(' ')).not.toContain('LLLL');
        expect(handshake.initialize).toContain(LONG_PROMPT);
      }
    },
    CASE_TIMEOUT_MS,
  );
});

/** Each `Query` control method with arguments, as a caller would make it. */
const CONTROL_CALLS: Array<[string, (q: ours.Query) => Promise<unknown>]> = [
  ['interrupt()', (q) => q.interrupt()],
  ["setPermissionMode('plan')", (q) => q.setPermissionMode('plan')],
  ["setMcpPermissionModeOverride('srv', 'auto')", (q) => q.setMcpPermissionModeOverride('srv', 'auto')],
  ["setMcpPermissionModeOverride('srv', null)", (q) => q.setMcpPermissionModeOverride('srv', null)],
  ["setModel('opus')", (q) => q.setModel('opus')],
  ['setModel()', (q) => q.setModel()],
  ["setMaxThinkingTokens(1000, 'omitted')", (q) => q.setMaxThinkingTokens(1000, 'omitted')],
  ['setMaxThinkingTokens(null)', (q) => q.setMaxThinkingTokens(null)],
  ['applyFlagSettings(...)', (q) => q.applyFlagSettings({ model: 'x', effortLevel: null })],
  ["updateSettings('localSettings', ...)", (q) => q.updateSettings('localSettings', { a: 1 })],
  ['supportedCommands()', (q) => q.supportedCommands()],
  ['supportedModels()', (q) => q.supportedModels()],
  ['supportedAgents()', (q) => q.supportedAgents()],
  ['mcpServerStatus()', (q) => q.mcpServerStatus()],
  ['getContextUsage()', (q) => q.getContextUsage()],
  ["getContextUsage({ detail: 'full' })", (q) => q.getContextUsage({ detail: 'full' })],
  ['readFile(path, options)', (q) => q.readFile('/tmp/x', { maxBytes: 10, encoding: 'base64' })],
  ['reloadPlugins(options)', (q) => q.reloadPlugins({ holdOnCacheImpact: true, refuseIfBusy: true })],
  ['reloadPlugins()', (q) => q.reloadPlugins()],
  ['reloadSkills()', (q) => q.reloadSkills()],
  ['reloadOutputStyles()', (q) => q.reloadOutputStyles()],
  ['accountInfo()', (q) => q.accountInfo()],
  [
    'rewindFiles(id, { dryRun })',
    (q) => q.rewindFiles('44444444-4444-4444-8444-444444444444', { dryRun: true }),
  ],
  ['seedReadState(path, mtime)', (q) => q.seedReadState('/tmp/x', 1234)],
  ["reconnectMcpServer('srv')", (q) => q.reconnectMcpServer('srv')],
  ["toggleMcpServer('srv', false)", (q) => q.toggleMcpServer('srv', false)],
  ["readMcpResource('srv', uri)", (q) => q.readMcpResource('srv', 'file:///a')],
  ['setMcpServers({ process server })', (q) => q.setMcpServers({ s: { command: 'node', args: ['a'] } })],
  [
    'setMcpServers({ in-process server with a timeout and tool policies })',
    (q) =>
      q.setMcpServers({
        guarded: {
          ...ours.createSdkMcpServer({ name: 'guarded', timeout: 5000 }),
          tools: [
            { name: 'wait', permission_policy: 'always_deny' as const },
            { name: 'other', permission_policy: 'always_ask' as const, org_max_permission: 'ask' as const },
          ],
        },
      }),
  ],
  ["stopTask('t1')", (q) => q.stopTask('t1')],
  ['backgroundTasks()', (q) => q.backgroundTasks()],
  ["backgroundTasks('tu1')", (q) => q.backgroundTasks('tu1')],
  ['reinitialize()', (q) => q.reinitialize()],
];

/** The control request bodies in `log`, but the first `initialize`, as JSON text. */
function controlRequestsIn(log: string): string[] {
  return readFileSync(log, 'utf8')
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as { type?: string; request?: unknown })
    .filter((line) => line.type === 'control_request' && line.request !== undefined)
    .slice(1)
    .map((line) => JSON.stringify(line.request));
}

/**
 * Runs every control call on one query of `sdk`; per call, the `request` bodies it sent (none for
 * the methods both SDKs answer from the `initialize` answer: commands, models, agents, account).
 */
async function controlRequestsOf(sdk: Sdk): Promise<string[][]> {
  runs += 1;
  const log = join(WORK, `control-${runs}.jsonl`);
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  // A prompt that stays open, with no message, until every call was made.
  const prompt: AsyncIterable<ours.SDKUserMessage> = {
    [Symbol.asyncIterator]: () => ({
      next: async () => {
        await held;
        return { done: true, value: undefined };
      },
    }),
  };
  const q = sdk.query({
    prompt,
    options: {
      pathToClaudeCodeExecutable: RECORDER,
      cwd: WORK,
      env: { ...process.env, HANDSHAKE_LOG: log, HANDSHAKE_BASE_ENV: Object.keys(process.env).join(',') },
    },
  });
  const drained = (async () => {
    for await (const _ of q) {
      // drained until the prompt ends
    }
  })();
  await q.initializationResult();
  const sent: string[][] = [];
  for (const [, call] of CONTROL_CALLS) {
    const before = controlRequestsIn(log).length;
    await call(q);
    sent.push(controlRequestsIn(log).slice(before));
  }
  release();
  await drained;
  return sent;
}

describe('the Query control methods, side by side with the official SDK', () => {
  it(
    'should send each control request body as the official does, key order included',
    async () => {
      const theirs = await controlRequestsOf(official as unknown as Sdk);
      const mine = await controlRequestsOf(ours);
      CONTROL_CALLS.forEach(([name], i) => {
        expect({ call: name, sent: mine[i] }).toEqual({ call: name, sent: theirs[i] });
      });
      // Not a comparison of silences: all but the four answered locally reach the CLI.
      expect(theirs.filter((requests) => requests.length === 1)).toHaveLength(CONTROL_CALLS.length - 4);
    },
    CASE_TIMEOUT_MS,
  );
});

/** What each browser `query()` writes on its WebSocket, frame by frame (ids blanked). */
async function browserFramesOf(sdk: BrowserQuerySdk, options: Record<string, unknown>): Promise<string[]> {
  const frames: string[] = [];
  await runBrowserQueryAgainst(sdk, options, (line, message, send) => {
    frames.push(line.replace(/"request_id":"[^"]*"/g, '"request_id":"-"'));
    if (message.type === 'control_request' && message.request?.subtype === 'initialize') {
      send(initializeAnswer(message));
    } else if (message.type === 'user') send(STAND_IN_RESULT);
  });
  return frames;
}

describe("the browser query()'s first frames, side by side with the official browser SDK", () => {
  const BROWSER_CASES: Record<string, () => Record<string, unknown>> = {
    'no options': () => ({}),
    'hooks, JSON schema, suggestions, dialogs': () => ({
      hooks: { Stop: [{ hooks: [noAnswer] }], PreToolUse: [{ matcher: 'Bash', hooks: [noAnswer] }] },
      jsonSchema: { type: 'object', properties: { a: { type: 'string' } } },
      promptSuggestions: true,
      supportedDialogKinds: ['refusal_fallback_prompt'],
      onUserDialog: async () => ({ behavior: 'cancelled' }),
    }),
  };
  it.each(Object.entries(BROWSER_CASES))(
    '%s: the same initialize request and user message',
    async (_name, optionSet) => {
      const theirs = await browserFramesOf(officialBrowser as never, optionSet());
      const mine = await browserFramesOf(oursBrowser as never, optionSet());
      expect(theirs).toHaveLength(2);
      expect(theirs[0]).toContain('"subtype":"initialize"');
      expect(mine).toEqual(theirs);
    },
    CASE_TIMEOUT_MS,
  );
});
