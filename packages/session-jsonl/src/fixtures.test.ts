import { cpSync, existsSync, readdirSync, readFileSync, statSync, utimesSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeTempConfig, type TempConfig, uuid } from '../test/helpers.js';
import { archiveSession, deleteSession } from './delete-archive.js';
import { forkSession } from './fork-session.js';
import { listSessions } from './list-sessions.js';
import { renameSession, tagSession } from './rename-tag.js';
import { getSessionInfo } from './session-info.js';
import { getSessionMessages } from './session-messages.js';
import { getSubagentMessages, getSubagentMetadata, listSubagents } from './subagents.js';
import type { SessionJsonlWarning, SessionMessage } from './types.js';

/**
 * The fixture corpus: `test/fixtures/edge` (hand-written edge cases) and `test/fixtures/cli`
 * (transcripts the real CLI 2.1.332 wrote in the end-to-end test, its own long texts redacted).
 * Each test works on a copy in a temp config dir, with fixed mtimes.
 */
const FIXTURES = fileURLToPath(new URL('../test/fixtures/', import.meta.url));
const T0 = Date.UTC(2026, 4, 1, 12);

let temp: TempConfig;
afterEach(() => temp.cleanup());

function copyCorpus(name: string): void {
  temp = makeTempConfig();
  cpSync(join(FIXTURES, name, 'projects'), temp.projectsDir, { recursive: true });
  for (const folder of readdirSync(temp.projectsDir)) {
    for (const file of readdirSync(join(temp.projectsDir, folder))) {
      if (file.endsWith('.jsonl')) utimesSync(join(temp.projectsDir, folder, file), T0 / 1000, T0 / 1000);
    }
  }
}

/** The text of a message: its string content, or its text blocks joined. */
function textOf(message: SessionMessage): string {
  const content = (message.message as { content?: unknown } | undefined)?.content;
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content
    .map((block: { type?: string; text?: string }) =>
      block.type === 'text' ? (block.text ?? '') : `[${block.type}]`,
    )
    .join('');
}

const ids = (messages: SessionMessage[]) => messages.map((message) => message.uuid);

describe('edge fixture corpus', () => {
  beforeEach(() => copyCorpus('edge'));
  const options = () => ({ configDir: temp.configDir });

  it('should list the listable sessions with the expected fields', async () => {
    const listed = await listSessions(options());
    // Equal mtimes: by session id descending, as the official SDK orders them.
    expect(listed.map((s) => [s.sessionId, s.summary])).toEqual([
      [uuid(0x10a), 'Branchy'],
      [uuid(0x109), 'unicode \u65e5\u672c prompt'],
      [uuid(0x108), 'delegate please'],
      [uuid(0x107), 'cycle prompt'],
      [uuid(0x106), 'duplicate, copy in app-copy'],
      [uuid(0x103), 'continue after compaction'],
      [uuid(0x102), 'caf\u00e9 prompt'],
      [uuid(0x101), 'truncated session prompt'],
    ]);
    expect(listed.find((s) => s.sessionId === uuid(0x10a))).toEqual({
      sessionId: uuid(0x10a),
      summary: 'Branchy',
      lastModified: T0,
      fileSize: statSync(join(temp.projectsDir, '-home-dev-app', `${uuid(0x10a)}.jsonl`)).size,
      customTitle: 'Branchy',
      firstPrompt: 'real first prompt with two lines',
      gitBranch: 'main',
      cwd: '/home/dev/app',
      tag: 'edge',
      createdAt: Date.parse('2026-05-01T09:59:59.000Z'),
    });
    expect(listed.find((s) => s.sessionId === uuid(0x103))?.firstPrompt).toBe('before compaction');
    expect(listed.find((s) => s.sessionId === uuid(0x109))?.cwd).toBe('/home/dev/\u65e5\u672c/caf\u00e9');
    expect(await listSessions({ ...options(), includeProgrammatic: false })).toHaveLength(8);
  });

  it('should answer getSessionInfo like the listing, and undefined for stubs and sidechains', async () => {
    // Looked up by id, the first folder by name wins (the listing shows the newest, larger copy).
    expect((await getSessionInfo(uuid(0x106), options()))?.summary).toBe('duplicate, copy in app');
    expect(await getSessionInfo(uuid(0x104), options())).toBeUndefined();
    expect(await getSessionInfo(uuid(0x105), options())).toBeUndefined();
    const long = `/home/dev/${'very-long-folder-name-'.repeat(10)}`;
    // The folder only shares the long key's prefix and the transcript's own cwd is another
    // project's, so the listing of that dir leaves it out; looked up by id it is still found.
    expect(await listSessions({ ...options(), dir: long })).toEqual([]);
    expect((await getSessionInfo(uuid(0x109), { ...options(), dir: long }))?.firstPrompt).toBe(
      'unicode \u65e5\u672c prompt',
    );
  });

  it('should read every conversation as expected', async () => {
    const warnings: SessionJsonlWarning[] = [];
    const read = (n: number, extra: object = {}) =>
      getSessionMessages(uuid(n), { ...options(), onWarning: (w) => warnings.push(w), ...extra });
    expect(ids(await read(0x101))).toEqual([uuid(0x11), uuid(0x12)]);
    expect(warnings.map((w) => w.code)).toEqual(['MALFORMED_LINE']);
    const utf8 = await read(0x102);
    expect(utf8.map(textOf)).toEqual(['caf\u00e9 prompt', 'bytes:\ufffd\ufffd:end']);
    expect(ids(await read(0x103))).toEqual([uuid(0x34), uuid(0x35)]);
    expect(ids(await read(0x103, { includeSystemMessages: true }))).toEqual([
      uuid(0x33),
      uuid(0x34),
      uuid(0x35),
    ]);
    expect(await read(0x104)).toEqual([]);
    expect(await read(0x105)).toEqual([]);
    expect((await read(0x106)).map(textOf)).toEqual(['duplicate, copy in app']);
    expect(await read(0x107)).toEqual([]);
    expect((await read(0x108)).map(textOf)).toEqual([
      'delegate please',
      '[tool_use]',
      '[tool_result]',
      'all done',
    ]);
    expect((await read(0x10a)).map(textOf)).toEqual([
      'real first prompt\nwith two lines',
      'branch two, rewound to',
      'follow-up on branch two',
      'final answer',
    ]);
    expect(warnings).toHaveLength(1);
  });

  it('should read subagents, nested ones and their metadata', async () => {
    expect(await listSubagents(uuid(0x108), options())).toEqual(['a1b2', 'nested.1']);
    const top = await getSubagentMessages(uuid(0x108), 'a1b2', options());
    expect(top.map((m) => [textOf(m), m.parent_tool_use_id, m.parent_agent_id])).toEqual([
      ['sub', 'toolu_edge', null],
      ['sub done', 'toolu_edge', null],
    ]);
    const nested = await getSubagentMessages(uuid(0x108), 'nested.1', options());
    expect(nested.map((m) => [textOf(m), m.parent_tool_use_id, m.parent_agent_id])).toEqual([
      ['nested', 'toolu_inner', 'a1b2'],
      ['nested done', 'toolu_inner', 'a1b2'],
    ]);
    expect(await getSubagentMetadata(uuid(0x108), 'a1b2', options())).toEqual({
      agentType: 'general-purpose',
      toolUseId: 'toolu_edge',
      description: 'edge',
    });
  });

  it('should apply every mutation with the expected result', async () => {
    const truncated = join(temp.projectsDir, '-home-dev-app', `${uuid(0x101)}.jsonl`);
    await renameSession(uuid(0x101), 'Fixed up', options());
    expect(
      readFileSync(truncated, 'utf8').endsWith(
        `"content":"never fini\n{"type":"custom-title","customTitle":"Fixed up","sessionId":"${uuid(0x101)}"}\n`,
      ),
    ).toBe(true);
    expect((await getSessionInfo(uuid(0x101), options()))?.summary).toBe('Fixed up');
    expect(ids(await getSessionMessages(uuid(0x101), options()))).toEqual([uuid(0x11), uuid(0x12)]);
    await tagSession(uuid(0x10a), null, options());
    expect((await getSessionInfo(uuid(0x10a), options()))?.tag).toBeUndefined();
    const compacted = await forkSession(uuid(0x103), options());
    expect((await getSessionMessages(compacted.sessionId, options())).map(textOf)).toEqual(
      (await getSessionMessages(uuid(0x103), options())).map(textOf),
    );
    expect((await getSessionInfo(compacted.sessionId, options()))?.customTitle).toBe(
      'before compaction (fork)',
    );
    const partial = await forkSession(uuid(0x10a), { ...options(), upToMessageId: uuid(0xa4) });
    expect((await getSessionMessages(partial.sessionId, options())).map(textOf)).toEqual([
      'real first prompt\nwith two lines',
      'branch two, rewound to',
    ]);
    await archiveSession(uuid(0x102), options());
    expect((await getSessionInfo(uuid(0x102), options()))?.archived).toBe(true);
    await deleteSession(uuid(0x108), options());
    expect(existsSync(join(temp.projectsDir, '-home-dev-app', uuid(0x108)))).toBe(false);
    expect(await listSubagents(uuid(0x108), options())).toEqual([]);
  });
});

describe('CLI fixture corpus', () => {
  beforeEach(() => copyCorpus('cli'));
  const options = () => ({ configDir: temp.configDir });

  /** The session whose first prompt is `prompt` and that is not a fork (a fork keeps its source's first prompt). */
  async function byFirstPrompt(prompt: string) {
    const session = (await listSessions(options())).find(
      (s) => s.firstPrompt === prompt && s.customTitle?.endsWith('(fork)') !== true,
    );
    expect(session, `no session with first prompt ${prompt}`).toBeDefined();
    return session!;
  }

  it('should list the renamed and tagged session, its fork and the subagent session', async () => {
    const listed = await listSessions(options());
    expect(listed).toHaveLength(3);
    const source = await byFirstPrompt('first prompt MARK1');
    expect(source).toMatchObject({
      summary: 'Renamed by ccsdk',
      customTitle: 'Renamed by ccsdk',
      tag: 'e2e-tag',
    });
    expect(source.cwd).toMatch(/\/cwd$/);
    expect(source.createdAt).toBeLessThanOrEqual(Date.now());
    const fork = listed.find((s) => s.customTitle === 'Renamed by ccsdk (fork)');
    expect(fork?.firstPrompt).toBe('first prompt MARK1');
    expect((await byFirstPrompt('please SPAWN a helper')).summary).toBe('please SPAWN a helper');
    expect(await listSessions({ ...options(), includeProgrammatic: false })).toEqual([]);
  });

  it('should read the conversations the CLI wrote, the fork included', async () => {
    const source = await byFirstPrompt('first prompt MARK1');
    const texts = (await getSessionMessages(source.sessionId, options())).map(textOf);
    expect(texts).toEqual([
      'first prompt MARK1',
      'seen MARK1',
      'second prompt MARK2',
      'seen MARK1,MARK2',
      'back to source MARK4',
      'seen MARK1,MARK2,MARK4',
    ]);
    const fork = (await listSessions(options())).find((s) => s.customTitle === 'Renamed by ccsdk (fork)')!;
    const forkMessages = await getSessionMessages(fork.sessionId, options());
    expect(forkMessages.map(textOf)).toEqual([
      ...texts.slice(0, 4),
      'third prompt MARK3',
      'seen MARK1,MARK2,MARK3',
    ]);
    expect(forkMessages.every((m) => m.session_id === fork.sessionId)).toBe(true);
  });

  it('should read the subagent the CLI spawned', async () => {
    const parent = await byFirstPrompt('please SPAWN a helper');
    const [agentId, ...others] = await listSubagents(parent.sessionId, options());
    expect(others).toEqual([]);
    const messages = await getSubagentMessages(parent.sessionId, agentId!, options());
    expect(messages.map(textOf)).toEqual(['SUBTASK: say done', 'subagent: subtask done']);
    expect(
      messages.every((m) => m.parent_tool_use_id === 'toolu_e2e_spawn_agent' && m.parent_agent_id === null),
    ).toBe(true);
    expect((await getSubagentMetadata(parent.sessionId, agentId!, options()))?.['toolUseId']).toBe(
      'toolu_e2e_spawn_agent',
    );
    const main = (await getSessionMessages(parent.sessionId, options())).map(textOf);
    expect(main[0]).toBe('please SPAWN a helper');
    expect(main).toContain('main agent: the subagent finished');
    expect(main.at(-2)).toMatch(/^<task-notification>/);
    expect(main.at(-1)).toBe('seen ');
  });

  it('should fork, rename and delete CLI sessions', async () => {
    const parent = await byFirstPrompt('please SPAWN a helper');
    const before = await getSessionMessages(parent.sessionId, options());
    const { sessionId } = await forkSession(parent.sessionId, {
      ...options(),
      title: 'Copy of the subagent run',
    });
    expect((await getSessionMessages(sessionId, options())).map(textOf)).toEqual(before.map(textOf));
    await renameSession(sessionId, 'Renamed copy', options());
    expect((await getSessionInfo(sessionId, options()))?.summary).toBe('Renamed copy');
    await deleteSession(parent.sessionId, options());
    expect(await listSubagents(parent.sessionId, options())).toEqual([]);
    expect(await getSessionMessages(parent.sessionId, options())).toEqual([]);
    expect(await listSessions(options())).toHaveLength(3);
  });
});
