import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  getSessionInfo,
  getSessionMessages,
  listSessions,
  locateSessionTranscript,
} from '@ccsdk/session-jsonl';
import {
  type CliSandbox,
  createCliSandbox,
  type FakeMessagesApi,
  locateClaudeCodeBinary,
  type RecordedMessagesRequest,
  reply,
  startFakeMessagesApi,
  text,
  toolUse,
} from '@ccsdk/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * `ccsdk sessions` on transcripts the real Claude Code CLI wrote (against the scripted fake):
 * the built command's `--json` output equals the library's, and a fork it makes is one the CLI
 * resumes with its history.
 */

const HERE = dirname(fileURLToPath(import.meta.url));
/** The built `ccsdk` command (turbo builds it before the tests). */
const CCSDK_MAIN = join(
  dirname(createRequire(import.meta.url).resolve('@ccsdk/cli/package.json')),
  'dist',
  'main.js',
);
const AGENT_TOOL_ID = 'toolu_e2e_sessions_agent';
/** The subagent's own tool call: its input is written in the subagent's transcript only. */
const SUBAGENT_TOOL_ID = 'toolu_e2e_sessions_subagent_step';
const SUBAGENT_ONLY_TEXT = 'only-in-the-subagent-*.txt';

function script(request: RecordedMessagesRequest) {
  const last = request.lastUserText;
  const answered = (id: string) => request.toolResults.some((result) => result.toolUseId === id);
  if (answered(AGENT_TOOL_ID)) return reply(text('helper finished'));
  if (answered(SUBAGENT_TOOL_ID)) return reply(text('subagent: subtask done'));
  if (last.includes('SUBTASK')) {
    // A read-only tool: it runs at once, with no permission prompt.
    return reply(toolUse('Glob', { pattern: SUBAGENT_ONLY_TEXT }, SUBAGENT_TOOL_ID));
  }
  if (last.includes('SPAWN')) {
    return reply(
      text('delegating'),
      toolUse(
        'Agent',
        { description: 'sessions e2e', prompt: 'SUBTASK: say done', subagent_type: 'general-purpose' },
        AGENT_TOOL_ID,
      ),
    );
  }
  const marks = [...new Set(JSON.stringify(request.messages).match(/MARK\d+/g) ?? [])].sort();
  return reply(text(`seen ${marks.join(',')}`));
}

let fake: FakeMessagesApi;
let sandbox: CliSandbox;
let binary: string;

interface Run {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: sandbox.cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr += chunk;
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

function claude(prompt: string, ...flags: string[]): Promise<Run> {
  return run(
    binary,
    ['--output-format', 'stream-json', '--verbose', '-p', prompt, ...flags],
    sandbox.fullEnv(fake.url),
  );
}

async function ccsdk(...args: string[]): Promise<string> {
  const result = await run(process.execPath, [CCSDK_MAIN, 'sessions', ...args], {
    ...process.env,
    CLAUDE_CONFIG_DIR: sandbox.configDir,
  });
  expect(result.code, result.stderr).toBe(0);
  return result.stdout;
}

function resultOf(output: Run): Record<string, unknown> {
  const result = output.stdout
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Record<string, unknown>)
    .find((message) => message['type'] === 'result');
  expect(
    result,
    `no result; exit ${output.code}; stderr: ${output.stderr}; stdout: ${output.stdout.slice(0, 500)}`,
  ).toBeDefined();
  return result!;
}

const json = (value: unknown) => JSON.parse(JSON.stringify(value)) as unknown;

beforeAll(async () => {
  binary = locateClaudeCodeBinary({ from: HERE });
  fake = await startFakeMessagesApi({ script });
  sandbox = await createCliSandbox({ prefix: 'ccsdk-sessions-cli-' });
});

afterAll(async () => {
  await fake?.close();
  await sandbox?.dispose();
});

describe('ccsdk sessions on transcripts the real CLI wrote', () => {
  let plain = '';
  let spawned = '';
  const options = () => ({ dir: sandbox.cwd, configDir: sandbox.configDir });

  it('should list, show and search them as the library reads them', async () => {
    const first = resultOf(await claude('remember MARK1'));
    plain = String(first['session_id']);
    expect(resultOf(await claude('and MARK2', `--resume=${plain}`))['result']).toBe('seen MARK1,MARK2');
    spawned = String(resultOf(await claude('please SPAWN a helper'))['session_id']);

    expect(JSON.parse(await ccsdk('list', '--json'))).toEqual(json(await listSessions(options())));
    expect((JSON.parse(await ccsdk('list', '--json')) as unknown[]).length).toBe(2);
    for (const id of [plain, spawned]) {
      expect(JSON.parse(await ccsdk('show', id, '--json'))).toEqual(
        json(await getSessionMessages(id, options())),
      );
    }
    const shown = (await ccsdk('show', spawned)).split('\n');
    expect(shown).toContain('❯ please SPAWN a helper');
    const call = shown.indexOf('→ Agent(SUBTASK: say done)');
    expect(call).toBeGreaterThan(0);
    expect(shown[call + 1]).toBe('  ┃ ❯ SUBTASK: say done');
    const hits = JSON.parse(await ccsdk('search', 'mark2', '--json')) as { session: { sessionId: string } }[];
    expect(hits.map((hit) => hit.session.sessionId)).toEqual([plain]);
    // The subagent's own tool call is in its transcript only: found with --subagents, under the Agent call.
    expect(JSON.parse(await ccsdk('search', SUBAGENT_ONLY_TEXT, '--json'))).toEqual([]);
    const deep = JSON.parse(await ccsdk('search', SUBAGENT_ONLY_TEXT, '--subagents', '--json')) as {
      session: { sessionId: string };
      firstMatch: { parentToolUseId: string | null; snippet: { match: string } };
    }[];
    expect(deep.map((hit) => hit.session.sessionId)).toEqual([spawned]);
    expect(deep[0]?.firstMatch).toMatchObject({
      parentToolUseId: AGENT_TOOL_ID,
      snippet: { match: SUBAGENT_ONLY_TEXT },
    });
    const location = await locateSessionTranscript(spawned, options());
    expect(await ccsdk('export', spawned, '--format', 'jsonl')).toBe(
      readFileSync(location!.filePath, 'utf8'),
    );
  });

  it('should rename and fork so that the CLI resumes the fork with its history', async () => {
    await ccsdk('rename', plain, 'Marks', 'session');
    expect((await getSessionInfo(plain, options()))?.customTitle).toBe('Marks session');
    const { sessionId: forkId } = JSON.parse(await ccsdk('fork', plain, '--json')) as { sessionId: string };
    expect((await getSessionInfo(forkId, options()))?.summary).toBe('Marks session (fork)');
    const resumed = resultOf(await claude('then MARK3', `--resume=${forkId}`));
    expect(resumed['session_id']).toBe(forkId);
    expect(resumed['result']).toBe('seen MARK1,MARK2,MARK3');
    await ccsdk('rm', forkId, '--yes');
    expect(await getSessionInfo(forkId, options())).toBeUndefined();
  });

  it('should show a compaction the CLI recorded, with its token counts, only with --include-system', async () => {
    const id = String(resultOf(await claude('Keep MARK7 in mind.'))['session_id']);
    resultOf(await claude('/compact', `--resume=${id}`));
    const shown = await ccsdk('show', id, '--include-system');
    expect(shown).toMatch(
      /^· conversation compacted \(manual, [\d,]+ → [\d,]+ tokens\) at \d{4}-\d\d-\d\dT/m,
    );
    expect(await ccsdk('show', id)).not.toContain('conversation compacted');
  });
});
