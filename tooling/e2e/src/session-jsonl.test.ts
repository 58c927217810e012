import { spawn } from 'node:child_process';
import {
  appendFileSync,
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  forkSession,
  getSessionInfo,
  getSessionMessages,
  getSubagentMessages,
  getSubagentMetadata,
  listSessions,
  listSubagents,
  projectKeyForDirectory,
  renameSession,
  type SDKSessionInfo,
  type SessionJsonlWarning,
  type SessionMessage,
  tagSession,
  WHOLE_PARSE_MAX_BYTES,
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
 * Session transcripts written by the real Claude Code CLI (against the scripted fake), read and
 * changed by @ccsdk/session-jsonl, then resumed by the CLI again. With CCSDK_WRITE_FIXTURES=1 the
 * transcripts are also copied into packages/session-jsonl/test/fixtures/cli (the fixture corpus).
 */

const HERE = dirname(fileURLToPath(import.meta.url));
const FIXTURE_DIR = join(HERE, '../../../packages/session-jsonl/test/fixtures/cli');
const AGENT_TOOL_ID = 'toolu_e2e_spawn_agent';
const PARALLEL_TOOL_IDS = ['toolu_e2e_parallel_1', 'toolu_e2e_parallel_2'] as const;
/**
 * An answer long enough to put its transcript over WHOLE_PARSE_MAX_BYTES (so the line indexer
 * reads it), with quotes, backslashes, tabs, non-ASCII and astral characters in it.
 */
const HUGE_ANSWER = Array.from(
  { length: 14_000 },
  (_, i) => `line ${i}: "quoted" \\ back\tslash, caf\u00e9 \u2713 \ud83d\ude00 <tag a='1'>\n`,
).join('');

/** Every main request's text, so a test can see what history the CLI sent. */
function historyText(request: RecordedMessagesRequest): string {
  return JSON.stringify(request.messages);
}

/** Replies keyed on the request, not on a counter (the CLI sends side requests in between). */
function script(request: RecordedMessagesRequest) {
  const last = request.lastUserText;
  const answered = new Set(request.toolResults.map((result) => result.toolUseId));
  if (PARALLEL_TOOL_IDS.every((id) => answered.has(id))) return reply(text('both tools done'));
  if (last.includes('PARALLEL')) {
    return reply(
      toolUse('Bash', { command: 'echo one', description: 'first' }, PARALLEL_TOOL_IDS[0]),
      toolUse('Bash', { command: 'echo two', description: 'second' }, PARALLEL_TOOL_IDS[1]),
    );
  }
  if (request.toolResults.some((result) => result.toolUseId === AGENT_TOOL_ID))
    return reply(text('main agent: the subagent finished'));
  if (last.includes('SUBTASK')) return reply(text('subagent: subtask done'));
  if (last.includes('HUGE')) return reply(text(HUGE_ANSWER));
  if (last.includes('SPAWN')) {
    return reply(
      text('delegating'),
      toolUse(
        'Agent',
        { description: 'e2e subtask', prompt: 'SUBTASK: say done', subagent_type: 'general-purpose' },
        AGENT_TOOL_ID,
      ),
    );
  }
  const marks = [...new Set(historyText(request).match(/MARK\d+/g) ?? [])].sort();
  return reply(text(`seen ${marks.join(',')}`));
}

/** Strings the CLI writes that are its own text (system prompt snapshots, request shapes) longer than this are redacted in fixtures. */
const FIXTURE_REDACT_MIN_CHARS = 200;
const REDACTED_TYPES = new Set(['attachment', 'api-request-shape', 'api-request-blob', 'api-request']);

/** Replaces the CLI's own long texts (not our prompts or the fake's replies) with '~' runs of the same length. */
function redactTranscript(body: string): string {
  const redact = (value: unknown): unknown => {
    if (typeof value === 'string')
      return value.length >= FIXTURE_REDACT_MIN_CHARS ? '~'.repeat(value.length) : value;
    if (Array.isArray(value)) return value.map(redact);
    if (typeof value === 'object' && value !== null) {
      return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, redact(inner)]));
    }
    return value;
  };
  return body
    .split('\n')
    .map((line) => {
      if (line.trim() === '') return line;
      const entry = JSON.parse(line) as Record<string, unknown>;
      return REDACTED_TYPES.has(String(entry['type'])) ? JSON.stringify(redact(entry)) : line;
    })
    .join('\n');
}

function listFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? listFiles(join(folder, entry.name)) : [join(folder, entry.name)],
  );
}

interface CliRun {
  readonly code: number | null;
  readonly messages: Record<string, unknown>[];
  readonly stderr: string;
}

let fake: FakeMessagesApi;
let sandbox: CliSandbox;
let binary: string;

function runCli(args: string[]): Promise<CliRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(binary, ['--output-format', 'stream-json', '--verbose', ...args], {
      cwd: sandbox.cwd,
      env: sandbox.fullEnv(fake.url),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      err += chunk.toString();
    });
    child.on('error', reject);
    child.on('close', (code) => {
      const messages = out
        .split('\n')
        .filter((line) => line.startsWith('{'))
        .map((line) => JSON.parse(line) as Record<string, unknown>);
      resolve({ code, messages, stderr: err });
    });
  });
}

function sessionIdOf(run: CliRun): string {
  const result = run.messages.find((message) => message['type'] === 'result');
  expect(result, `no result message; stderr: ${run.stderr}`).toBeDefined();
  return String(result?.['session_id']);
}

function resultText(run: CliRun): string {
  const result = run.messages.find((message) => message['type'] === 'result');
  return String(result?.['result'] ?? '');
}

function transcriptLines(path: string): Record<string, unknown>[] {
  return readFileSync(path, 'utf8')
    .trimEnd()
    .split('\n')
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

/** `listSessions()` of the sandbox in a new Node process, with `CCSDK_SESSION_INDEX` set to `index`. */
async function listInNewProcess(index: string): Promise<SDKSessionInfo[]> {
  const script = `import { listSessions } from '@ccsdk/session-jsonl';
process.stdout.write(JSON.stringify(await listSessions({ configDir: process.argv[1] })));`;
  const child = spawn(process.execPath, ['--input-type=module', '-e', script, sandbox.configDir], {
    cwd: HERE,
    env: { ...process.env, CCSDK_SESSION_INDEX: index },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  expect(code).toBe(0);
  return JSON.parse(out) as SDKSessionInfo[];
}

beforeAll(async () => {
  binary = locateClaudeCodeBinary({ from: HERE });
  fake = await startFakeMessagesApi({ script });
  sandbox = await createCliSandbox({ prefix: 'ccsdk-sessions-' });
});

afterAll(async () => {
  await fake?.close();
  await sandbox?.dispose();
});

describe('session transcripts against the real CLI', () => {
  let sessionId = '';
  let projectDir = '';

  it('should list and read a two-turn session the CLI wrote', async () => {
    const first = await runCli(['-p', 'first prompt MARK1']);
    expect(first.code).toBe(0);
    sessionId = sessionIdOf(first);
    const second = await runCli(['-p', 'second prompt MARK2', `--resume=${sessionId}`]);
    expect(second.code).toBe(0);
    expect(resultText(second)).toBe('seen MARK1,MARK2');
    projectDir = join(sandbox.configDir, 'projects', await projectKeyForDirectory(sandbox.cwd));
    const listed = await listSessions({ dir: sandbox.cwd, configDir: sandbox.configDir });
    expect(listed.map((session) => session.sessionId)).toEqual([sessionId]);
    expect(listed[0]).toMatchObject({ firstPrompt: 'first prompt MARK1', summary: 'second prompt MARK2' });
    expect(listed[0]?.cwd).toBe(sandbox.cwd);
    const messages = await getSessionMessages(sessionId, { dir: sandbox.cwd, configDir: sandbox.configDir });
    const texts = messages.map((message) => {
      const content = (message.message as { content: unknown }).content;
      return typeof content === 'string'
        ? content
        : (content as { text?: string }[]).map((block) => block.text ?? '').join('');
    });
    expect(messages.map((message) => message.type)).toEqual(['user', 'assistant', 'user', 'assistant']);
    expect(texts).toEqual(['first prompt MARK1', 'seen MARK1', 'second prompt MARK2', 'seen MARK1,MARK2']);
  });

  it('should rename, tag and fork so that the CLI resumes the fork with its history and keeps the title', async () => {
    await renameSession(sessionId, 'Renamed by ccsdk', { configDir: sandbox.configDir });
    await tagSession(sessionId, 'e2e-tag', { configDir: sandbox.configDir });
    const { sessionId: forkId } = await forkSession(sessionId, { configDir: sandbox.configDir });
    const forkInfo = await getSessionInfo(forkId, { dir: sandbox.cwd, configDir: sandbox.configDir });
    expect(forkInfo?.customTitle).toBe('Renamed by ccsdk (fork)');
    const resumed = await runCli(['-p', 'third prompt MARK3', `--resume=${forkId}`]);
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(sessionIdOf(resumed)).toBe(forkId);
    expect(resultText(resumed)).toBe('seen MARK1,MARK2,MARK3');
    const seenByFake = fake.mainRequests().at(-1);
    expect(seenByFake && historyText(seenByFake)).toContain('second prompt MARK2');
    const forkLines = transcriptLines(join(projectDir, `${forkId}.jsonl`));
    const titles = forkLines
      .filter((line) => line['type'] === 'custom-title')
      .map((line) => line['customTitle']);
    expect(titles.at(-1)).toBe('Renamed by ccsdk (fork)');
    const afterResume = await getSessionMessages(forkId, { configDir: sandbox.configDir });
    expect(afterResume).toHaveLength(6);
    const source = await runCli(['-p', 'back to source MARK4', `--resume=${sessionId}`]);
    expect(resultText(source)).toBe('seen MARK1,MARK2,MARK4');
    const info = await getSessionInfo(sessionId, { configDir: sandbox.configDir });
    expect(info).toMatchObject({
      customTitle: 'Renamed by ccsdk',
      tag: 'e2e-tag',
      summary: 'Renamed by ccsdk',
    });
  });

  it('should read the subagent transcripts the CLI writes for an Agent tool call', async () => {
    const run = await runCli(['-p', 'please SPAWN a helper', '--allowedTools', 'Agent']);
    expect(run.code, run.stderr).toBe(0);
    const parent = sessionIdOf(run);
    expect(resultText(run)).toBe('main agent: the subagent finished');
    const agents = await listSubagents(parent, { dir: sandbox.cwd, configDir: sandbox.configDir });
    expect(agents).toHaveLength(1);
    const agentId = agents[0]!;
    const messages = await getSubagentMessages(parent, agentId, { configDir: sandbox.configDir });
    expect(messages.length).toBeGreaterThanOrEqual(2);
    expect(messages.every((message) => message.parent_tool_use_id === AGENT_TOOL_ID)).toBe(true);
    expect(JSON.stringify(messages.at(-1)?.message)).toContain('subagent: subtask done');
    const meta = await getSubagentMetadata(parent, agentId, { configDir: sandbox.configDir });
    expect(meta?.['toolUseId']).toBe(AGENT_TOOL_ID);
    const main = await getSessionMessages(parent, { configDir: sandbox.configDir });
    const subagentUuids = new Set(messages.map((message) => message.uuid));
    expect(main.some((message) => subagentUuids.has(message.uuid))).toBe(false);
    expect(JSON.stringify(main)).toContain('main agent: the subagent finished');
    expect(JSON.stringify(main)).toContain(`"tool_use_id":"${AGENT_TOOL_ID}"`);
  });

  it('should read both calls and both results of a parallel tool call, and resume a fork of it', async () => {
    const run = await runCli(['-p', 'run two tools PARALLEL', '--allowedTools', 'Bash']);
    expect(run.code, run.stderr).toBe(0);
    expect(resultText(run)).toBe('both tools done');
    const parallel = sessionIdOf(run);
    const messages = await getSessionMessages(parallel, { configDir: sandbox.configDir });
    const blocks = messages.map((message) => {
      const content = (message.message as { content: unknown }).content;
      const first = Array.isArray(content) ? (content[0] as Record<string, unknown>) : undefined;
      return `${message.type}:${String(first?.['type'] ?? 'text')}:${String(first?.['id'] ?? first?.['tool_use_id'] ?? '')}`;
    });
    const callAt = PARALLEL_TOOL_IDS.map((id) => blocks.indexOf(`assistant:tool_use:${id}`));
    const resultAt = PARALLEL_TOOL_IDS.map((id) => blocks.indexOf(`user:tool_result:${id}`));
    expect(
      callAt.every((at) => at > 0),
      blocks.join(' '),
    ).toBe(true);
    expect(
      resultAt.every((at, index) => at > callAt[index]!),
      blocks.join(' '),
    ).toBe(true);
    expect(blocks.at(-1)).toBe('assistant:text:');
    expect(Math.max(...resultAt)).toBeLessThan(blocks.length - 1);
    const { sessionId: forkId } = await forkSession(parallel, { configDir: sandbox.configDir, title: ' ' });
    const forkLines = transcriptLines(join(projectDir, `${forkId}.jsonl`));
    const assistants = forkLines.filter((line) => line['type'] === 'assistant');
    expect(assistants.length).toBeGreaterThanOrEqual(3);
    expect(assistants.every((line) => line['requestSessionId'] === parallel)).toBe(true);
    expect(forkLines.at(-1)).toMatchObject({
      type: 'custom-title',
      customTitle: 'run two tools PARALLEL (fork)',
    });
    const resumed = await runCli(['-p', 'after the fork MARK5', `--resume=${forkId}`]);
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(sessionIdOf(resumed)).toBe(forkId);
    const history = historyText(fake.mainRequests().at(-1)!);
    for (const id of PARALLEL_TOOL_IDS) expect(history).toContain(id);
    expect(await getSessionMessages(forkId, { configDir: sandbox.configDir })).toHaveLength(
      messages.length + 2,
    );
  });

  it('should read a transcript over WHOLE_PARSE_MAX_BYTES through the line indexer, skipping exactly the damaged lines', async () => {
    const run = await runCli(['-p', 'answer at length HUGE']);
    expect(run.code, run.stderr).toBe(0);
    const huge = sessionIdOf(run);
    const path = join(projectDir, `${huge}.jsonl`);
    expect(statSync(path).size).toBeGreaterThan(WHOLE_PARSE_MAX_BYTES);
    const answerOf = (messages: SessionMessage[]) =>
      messages
        .filter((message) => message.type === 'assistant')
        .map((message) => (message.message as { content: { text?: string }[] }).content[0]?.text ?? '')
        .join('');
    const before = await getSessionMessages(huge, { configDir: sandbox.configDir });
    expect(before.map((message) => message.type)).toEqual(['user', 'assistant']);
    expect(answerOf(before)).toBe(HUGE_ANSWER);
    // A crash's cut copy of the answer line, a line valid but for one misspelled literal, and a
    // blank line: the first two are reported and skipped, as JSON.parse skips them; nothing else changes.
    const lines = readFileSync(path, 'utf8').trimEnd().split('\n');
    const answerLine = lines.find((line) => line.includes('"type":"assistant"'))!;
    const misspelled = answerLine.replace('"isSidechain":false', '"isSidechain":fals');
    expect(misspelled).not.toBe(answerLine);
    appendFileSync(path, `${answerLine.slice(0, answerLine.length / 2)}\n${misspelled}\n\n`);
    const warnings: SessionJsonlWarning[] = [];
    const after = await getSessionMessages(huge, {
      configDir: sandbox.configDir,
      onWarning: (warning) => warnings.push(warning),
    });
    expect(after).toEqual(before);
    expect(warnings.map((warning) => warning.code)).toEqual(['MALFORMED_LINE', 'MALFORMED_LINE']);
    // The CLI resumes the session past those lines, and the new turn reads back.
    const resumed = await runCli(['-p', 'after the long answer MARK6', `--resume=${huge}`]);
    expect(resumed.code, resumed.stderr).toBe(0);
    const resumedMessages = await getSessionMessages(huge, { configDir: sandbox.configDir });
    expect(resumedMessages.slice(0, 2)).toEqual(before);
    expect(resumedMessages.map((message) => message.type)).toEqual([
      'user',
      'assistant',
      'user',
      'assistant',
    ]);
  });

  it("should list the CLI's transcripts in a new process from the summary index as it does without one", async () => {
    // Summaries are indexed only for transcripts still for SUMMARY_CACHE_SETTLED_MS (5 s).
    const first = statSync(join(projectDir, `${sessionId}.jsonl`));
    const settledIn = Math.max(first.mtimeMs, first.ctimeMs) + 5_000 - Date.now();
    if (settledIn > 0) await new Promise((resolve) => setTimeout(resolve, settledIn + 50));
    const index = join(sandbox.configDir, 'ccsdk', 'session-summaries.json');
    rmSync(index, { force: true });
    const withoutIndex = await listInNewProcess('off');
    expect(existsSync(index)).toBe(false);
    const writing = await listInNewProcess('');
    const indexed = JSON.parse(readFileSync(index, 'utf8')) as { entries: [string, ...unknown[]][] };
    expect(indexed.entries.map(([path]) => path)).toContain(join(projectDir, `${sessionId}.jsonl`));
    const fromIndex = await listInNewProcess('');
    expect(writing).toEqual(withoutIndex);
    expect(fromIndex).toEqual(withoutIndex);
    expect(fromIndex.map((row) => row.sessionId)).toContain(sessionId);
  });

  it('should read back the message a /compact kept after the summary, where the CLI resumes with it', async () => {
    const first = await runCli(['-p', 'compact me MARK7']);
    const id = sessionIdOf(first);
    expect((await runCli(['-p', 'more MARK8', `--resume=${id}`])).code).toBe(0);
    expect((await runCli(['-p', '/compact', `--resume=${id}`])).code).toBe(0);
    const after = await runCli(['-p', 'after MARK9', `--resume=${id}`]);
    expect(after.code).toBe(0);
    const lines = transcriptLines(join(projectDir, `${id}.jsonl`));
    const boundary = lines.find((line) => line['subtype'] === 'compact_boundary');
    const kept = (
      boundary?.['compactMetadata'] as { preservedMessages?: { anchorUuid: string; uuids: string[] } }
    )?.preservedMessages;
    // CLI 2.1.332 keeps the last answer verbatim and names it in the boundary.
    expect(kept?.uuids.length).toBeGreaterThan(0);
    const keptAnswer = lines.find((line) => line['uuid'] === kept?.uuids.at(-1));
    expect(keptAnswer?.['type']).toBe('assistant');
    // The CLI resumed with the kept answer in the history it sent.
    expect(resultText(after)).toContain('MARK8');
    for (const includeSystemMessages of [false, true]) {
      const messages = await getSessionMessages(id, {
        dir: sandbox.cwd,
        configDir: sandbox.configDir,
        includeSystemMessages,
      });
      const uuids = messages.map((message) => message.uuid);
      const summary = uuids.indexOf(kept!.anchorUuid);
      expect(messages[summary]?.isCompactSummary).toBe(true);
      expect(uuids.slice(summary + 1, summary + 1 + kept!.uuids.length)).toEqual(kept!.uuids);
      expect(uuids.at(-1)).toBe(lines.findLast((line) => line['type'] === 'assistant')?.['uuid']);
    }
    // The /compact ran in the CLI itself: its command and its output are marked as a completed local
    // command (as the official SDK marks them), behind the hidden caveat the CLI wrote before them.
    const marked = (await getSessionMessages(id, { dir: sandbox.cwd, configDir: sandbox.configDir }))
      .filter((message) => message.isCompletedLocalCommand === true)
      .map((message) => String((message.message as { content?: unknown }).content));
    expect(
      lines.some(
        (line) => line['isMeta'] === true && JSON.stringify(line).includes('<local-command-caveat>'),
      ),
    ).toBe(true);
    expect(marked).toHaveLength(2);
    expect(marked[0]).toMatch(/^<command-name>\/compact<\/command-name>/);
    expect(marked[1]).toMatch(/^<local-command-stdout>/);
    // A fork names the copies of the kept messages, so it reads back like its source.
    const where = { dir: sandbox.cwd, configDir: sandbox.configDir, includeSystemMessages: true };
    const contents = (messages: SessionMessage[]) =>
      messages.map((message) =>
        JSON.stringify((message.message as { content?: unknown } | undefined)?.content),
      );
    const fork = await forkSession(id, { dir: sandbox.cwd, configDir: sandbox.configDir });
    expect(contents(await getSessionMessages(fork.sessionId, where))).toEqual(
      contents(await getSessionMessages(id, where)),
    );
  });

  it('should keep the transcripts as the fixture corpus when asked to', () => {
    if (process.env['CCSDK_WRITE_FIXTURES'] !== '1') return;
    rmSync(FIXTURE_DIR, { recursive: true, force: true });
    mkdirSync(FIXTURE_DIR, { recursive: true });
    cpSync(join(sandbox.configDir, 'projects'), join(FIXTURE_DIR, 'projects'), {
      recursive: true,
      filter: (source) => !source.endsWith(`${join('', 'memory')}`),
    });
    for (const file of listFiles(join(FIXTURE_DIR, 'projects'))) {
      if (file.endsWith('.jsonl')) writeFileSync(file, redactTranscript(readFileSync(file, 'utf8')));
    }
    expect(readdirSync(join(FIXTURE_DIR, 'projects')).length).toBeGreaterThan(0);
  });
});
