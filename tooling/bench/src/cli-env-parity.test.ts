// The CLI's process as query() runs it, side by side with the official SDK 0.3.332 (its runtime
// called, never read): the environment it gets (both SDKs start the recording stand-in,
// handshake-recorder-cli.mjs, which logs every variable it got, and the two environments must be
// the same), what the `stderr` callback is handed of what it writes, and what a
// `spawnClaudeCodeProcess` is handed to start it. The official `env`
// replaces the inherited environment (it is not merged with process.env), so a program that passes
// a curated `env` keeps the rest of its environment (secrets included) away from the CLI.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as official from '@anthropic-ai/claude-agent-sdk';
import * as ours from '@ccsdk/sdk';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';

type Sdk = typeof ours;
type Env = Record<string, string | undefined>;

const RECORDER = join(import.meta.dirname, 'handshake-recorder-cli.mjs');
const WORK = mkdtempSync(join(tmpdir(), 'ccsdk-env-parity-'));
/** Two SDK starts of a node stand-in per case; generous for a loaded 2-core machine. */
const CASE_TIMEOUT_MS = 60_000;
/** A variable of this process only: it reaches the CLI exactly when the inherited environment does. */
const PARENT_ONLY = 'CCSDK_ENV_PARITY_PARENT_SECRET';
/**
 * Differences on purpose: the SDK's own version when the SDK sets it; the official's requests for
 * session-state and start-up-mark messages (see cli-handshake-parity.test.ts); `CLAUDECODE`, which
 * ours drops from an inherited environment so the CLI does not take itself for a nested session;
 * `PWD`, which ours sets to `cwd` (the official passes the parent's, a folder the CLI is not in);
 * and the recorder's own two variables.
 */
const DIFFERENT_ON_PURPOSE = [
  'CLAUDE_CODE_SDK_READS_SESSION_STATE',
  'CLAUDE_CODE_SDK_READS_STARTUP_MARKS',
  'CLAUDECODE',
  'PWD',
  'HANDSHAKE_LOG',
  'HANDSHAKE_BASE_ENV',
];

let runs = 0;
afterAll(() => rmSync(WORK, { recursive: true, force: true }));
beforeEach(() => {
  process.env[PARENT_ONLY] = 'must-not-leak-into-a-given-env';
});
afterEach(() => {
  delete process.env[PARENT_ONLY];
});

/** What the CLI got from `sdk.query()` with `env` (unset: none passed), less the differences on purpose. */
async function cliEnvOf(sdk: Sdk, env: Env | undefined): Promise<Env> {
  runs += 1;
  const log = join(WORK, `run-${runs}.jsonl`);
  const recorder = { HANDSHAKE_LOG: log, HANDSHAKE_BASE_ENV: '' };
  const saved = { ...process.env };
  // Unset env: the recorder's variables come from this process, as every other inherited one.
  if (env === undefined) Object.assign(process.env, recorder);
  try {
    const options = {
      pathToClaudeCodeExecutable: RECORDER,
      cwd: WORK,
      onWarning: () => {},
      ...(env === undefined ? {} : { env: { ...env, ...recorder } }),
    };
    for await (const _ of sdk.query({ prompt: 'hi', options: options as never })) {
      // drained: the stand-in answers with a result
    }
  } finally {
    for (const name of Object.keys(recorder)) {
      if (saved[name] === undefined) delete process.env[name];
    }
  }
  const start = JSON.parse(readFileSync(log, 'utf8').split('\n')[0] ?? '{}') as { env: Env };
  return Object.fromEntries(
    Object.entries(start.env).filter(([name]) => !DIFFERENT_ON_PURPOSE.includes(name)),
  );
}

const CASES: Record<string, () => Env | undefined> = {
  'no env: the inherited environment': () => undefined,
  'a given env replaces the inherited one (not merged with process.env)': () => ({
    PATH: process.env['PATH'],
    ONLY_MINE: '1',
  }),
  'an empty env': () => ({}),
  'undefined values are left out, and an undefined entry point is still set': () => ({
    ...process.env,
    CLAUDE_CODE_ENTRYPOINT: undefined,
    [PARENT_ONLY]: undefined,
  }),
  'the entry point, crash reporting and SDK version the caller sets are kept': () => ({
    PATH: process.env['PATH'],
    CLAUDE_CODE_ENTRYPOINT: 'my-app',
    BUN_ENABLE_CRASH_REPORTING: '1',
    CLAUDE_AGENT_SDK_VERSION: 'my-version',
  }),
  'numbers and booleans are passed as text': () =>
    ({ PATH: process.env['PATH'], A_NUMBER: 3, A_FLAG: true }) as unknown as Env,
};

describe('the environment query() gives the CLI, side by side with the official SDK', () => {
  it.each(Object.entries(CASES))(
    '%s',
    async (_name, envOf) => {
      const [mine, theirs] = [
        await cliEnvOf(ours, envOf()),
        await cliEnvOf(official as unknown as Sdk, envOf()),
      ];
      const inherited = envOf() === undefined;
      // The SDK version is each SDK's own unless the caller set one.
      if (mine['CLAUDE_AGENT_SDK_VERSION'] !== 'my-version') {
        expect(mine['CLAUDE_AGENT_SDK_VERSION']).toBeTruthy();
        delete mine['CLAUDE_AGENT_SDK_VERSION'];
        delete theirs['CLAUDE_AGENT_SDK_VERSION'];
      }
      expect(mine).toEqual(theirs);
      expect(PARENT_ONLY in mine).toBe(inherited);
      expect(mine['CLAUDE_CODE_ENTRYPOINT']).toBeDefined();
    },
    CASE_TIMEOUT_MS,
  );
});

/** A stand-in that writes stderr in pieces cut mid-line, then answers as the recorder does. */
const STDERR_WRITER = `
import { createInterface } from 'node:readline';
process.stderr.write('line one\\nline two\\npartial');
setTimeout(() => process.stderr.write(' rest\\n\\nlast, unterminated'), 30);
const out = (m) => process.stdout.write(JSON.stringify(m) + '\\n');
createInterface({ input: process.stdin }).on('line', (line) => {
  const m = JSON.parse(line);
  if (m.type === 'control_request') {
    out({ type: 'control_response', response: { subtype: 'success', request_id: m.request_id, response: {} } });
  } else if (m.type === 'user') {
    setTimeout(() => {
      out({ type: 'result', subtype: 'success', is_error: false, duration_ms: 1, duration_api_ms: 1, num_turns: 1,
        result: 'ok', session_id: 's', total_cost_usd: 0, usage: {}, modelUsage: {}, permission_denials: [],
        uuid: '00000000-0000-4000-8000-000000000002' });
      setTimeout(() => process.exit(0), 50);
    }, 100);
  }
});
`;

/** What `sdk.query()`'s `stderr` callback was handed, call by call. */
async function stderrCallsOf(sdk: Sdk): Promise<string[]> {
  const cli = join(WORK, 'stderr-writer.mjs');
  writeFileSync(cli, STDERR_WRITER);
  const calls: string[] = [];
  const options = { pathToClaudeCodeExecutable: cli, cwd: WORK, stderr: (data: string) => calls.push(data) };
  for await (const _ of sdk.query({ prompt: 'hi', options: options as never })) {
    // drained
  }
  return calls;
}

describe('what the stderr callback is handed, side by side with the official SDK', () => {
  it(
    'the same text, joined; ours in whole lines with their line breaks',
    async () => {
      const [mine, theirs] = [await stderrCallsOf(ours), await stderrCallsOf(official as unknown as Sdk)];
      expect(theirs.join('')).toBe('line one\nline two\npartial rest\n\nlast, unterminated');
      expect(mine.join('')).toBe(theirs.join(''));
      expect(mine).toEqual(['line one\n', 'line two\n', 'partial rest\n', '\n', 'last, unterminated']);
    },
    CASE_TIMEOUT_MS,
  );
});

/** What `sdk.query()` hands a `spawnClaudeCodeProcess` that runs the recorder here, less the signal. */
async function spawnRequestOf(sdk: Sdk, extra: Record<string, unknown>): Promise<Record<string, unknown>> {
  runs += 1;
  const recorder = { HANDSHAKE_LOG: join(WORK, `spawn-${runs}.jsonl`), HANDSHAKE_BASE_ENV: '' };
  let seen: Record<string, unknown> = {};
  const options = {
    pathToClaudeCodeExecutable: RECORDER,
    cwd: WORK,
    env: { PATH: process.env['PATH'], ...recorder },
    ...extra,
    spawnClaudeCodeProcess: (request: { command: string; args: string[]; cwd?: string; env: Env }) => {
      seen = request;
      return spawn(request.command, request.args, { cwd: request.cwd, env: request.env, stdio: 'pipe' });
    },
  };
  for await (const _ of sdk.query({ prompt: 'hi', options: options as never })) {
    // drained
  }
  const { signal, env, ...rest } = seen as { signal?: unknown; env: Env };
  expect(signal).toBeInstanceOf(AbortSignal);
  const comparable = Object.entries(env).filter(
    ([name]) => name !== 'CLAUDE_AGENT_SDK_VERSION' && !DIFFERENT_ON_PURPOSE.includes(name),
  );
  return { ...rest, env: Object.fromEntries(comparable) };
}

describe('what spawnClaudeCodeProcess is handed, side by side with the official SDK', () => {
  it.each([
    ['a script CLI under the default runtime', {}],
    [
      'a script CLI under a named runtime with arguments',
      { executable: 'node', executableArgs: ['--no-warnings'] },
    ],
  ])(
    '%s: the same command, arguments, folder and environment',
    async (_name, extra) => {
      const [mine, theirs] = [
        await spawnRequestOf(ours, extra),
        await spawnRequestOf(official as unknown as Sdk, extra),
      ];
      expect(mine).toEqual(theirs);
    },
    CASE_TIMEOUT_MS,
  );
});
