import {
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  realpathSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeTempConfig, type TempConfig, wholeConversationRequest } from '../test/helpers.js';
import { archiveSession } from './delete-archive.js';
import { messagesFromEntries } from './entry-messages.js';
import { forkSession } from './fork-session.js';
import { listSessions } from './list-sessions.js';
import { projectKeyForDirectory } from './project-key.js';
import { getSessionInfo } from './session-info.js';
import { getSessionMessages } from './session-messages.js';
import { getSubagentMessages } from './subagents.js';
import { foldSummaryEntries, sessionInfoFromSummary } from './summary-fold.js';
import type { SDKSessionInfo, SessionMessage } from './types.js';

/**
 * Issue 13: where our session API must behave as the official SDK 0.3.332 does. The corpus is
 * `test/fixtures/parity` (written by `scripts/make-parity-fixtures.mjs`); each expectation below
 * was observed by running the official SDK on the same folders (a deliberate difference says so).
 */
const CORPUS = fileURLToPath(new URL('../test/fixtures/parity/projects/', import.meta.url));
const T0 = Date.UTC(2026, 4, 1, 12);
const PROJECT = '-home-dev-parity';
const sid = (n: number) => `00000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;
const mid = (n: number, k: number) =>
  `${sid(n).slice(0, 24)}${(0x100000 + k).toString(16).padStart(12, '0')}`;

let temp: TempConfig;
let options: { configDir: string };
beforeEach(() => {
  temp = makeTempConfig();
  options = { configDir: temp.configDir };
  cpSync(CORPUS, temp.projectsDir, { recursive: true });
  const files = readdirSync(temp.projectsDir)
    .flatMap((folder) =>
      readdirSync(join(temp.projectsDir, folder)).map((name) => join(temp.projectsDir, folder, name)),
    )
    .filter((path) => path.endsWith('.jsonl'))
    .sort();
  files.forEach((path, index) => {
    const seconds = (T0 + index * 10_000) / 1000;
    utimesSync(path, seconds, seconds);
  });
});
afterEach(() => temp.cleanup());

const listed = async (extra: object = {}): Promise<Map<string, SDKSessionInfo>> =>
  new Map((await listSessions({ ...options, ...extra })).map((info) => [info.sessionId, info]));
const uuidsOf = async (n: number, extra: object = {}) =>
  (await getSessionMessages(sid(n), { ...options, ...extra })).map((message) => message.uuid);
const forkLines = (forkId: string): Record<string, unknown>[] =>
  readFileSync(join(temp.projectsDir, PROJECT, `${forkId}.jsonl`), 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as Record<string, unknown>);

/** A store reader's request for a whole conversation (what `messagesFromEntries` takes). */
const storeRequest = wholeConversationRequest;
/** A transcript's lines parsed, as a store would hold its entries. */
const entriesOf = (path: string): unknown[] =>
  readFileSync(path, 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as unknown);

describe('issue 13: behaviour shared with the official SDK', () => {
  it('1. returns both calls and both results of parallel tool calls', async () => {
    expect(await uuidsOf(0x201)).toEqual([1, 2, 3, 4, 5, 6].map((k) => mid(0x201, k)));
    expect(await uuidsOf(0x221)).toEqual([1, 3, 2, 4, 5, 6].map((k) => mid(0x221, k)));
  });

  it('2. shows bash input as `! cmd`, skips tagged text and interruptions, keeps inner whitespace', async () => {
    const rows = await listed();
    expect(rows.get(sid(0x202))?.firstPrompt).toBe('! ls -la');
    expect(rows.get(sid(0x222))?.summary).toBe('! echo hi');
    expect(rows.get(sid(0x223))?.firstPrompt).toBe('line one line two  line three');
    expect(rows.get(sid(0x224))?.firstPrompt).toBe('tabs\t\tkept   and   spaces');
    expect(rows.get(sid(0x225))?.firstPrompt).toBe('<Upper>not a tag</Upper>');
  });

  it('3. lists an image-only session as Image and a document-only one as Document', async () => {
    const rows = await listed();
    expect(rows.get(sid(0x203))).toMatchObject({ summary: 'Image' });
    expect(rows.get(sid(0x203))?.firstPrompt).toBeUndefined();
    expect(rows.get(sid(0x233))?.summary).toBe('Document');
    expect(rows.get(sid(0x243))?.firstPrompt).toBe('describe this');
    expect((await getSessionInfo(sid(0x203), options))?.summary).toBe('Image');
  });

  it('4. classifies a session by the entrypoint in its tail when line 1 outgrows the head', async () => {
    expect((await listed()).has(sid(0x204))).toBe(true);
    expect((await listed({ includeProgrammatic: false })).has(sid(0x204))).toBe(false);
  });

  it('5. reports the last relocated cwd in info, listing and the fold', async () => {
    expect((await listed()).get(sid(0x205))?.cwd).toBe('/home/dev/moved');
    expect((await getSessionInfo(sid(0x205), options))?.cwd).toBe('/home/dev/moved');
    // An empty relocatedCwd after a real one: the original cwd, as the official shows it.
    expect((await listed()).get(sid(0x235))?.cwd).toBe('/home/dev/parity');
    const entries = readFileSync(join(CORPUS, PROJECT, `${sid(0x205)}.jsonl`), 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    const folded = sessionInfoFromSummary(sid(0x205), foldSummaryEntries(undefined, entries), {
      lastModified: 0,
    });
    expect(folded?.cwd).toBe('/home/dev/moved');
  });

  it('6. takes the title from custom-title.json when the transcript has none', async () => {
    const rows = await listed();
    expect(rows.get(sid(0x206))).toMatchObject({ summary: 'Sidecar  title', customTitle: 'Sidecar  title' });
    expect((await getSessionInfo(sid(0x206), options))?.customTitle).toBe('Sidecar  title');
    expect(rows.get(sid(0x236))?.customTitle).toBe('y'.repeat(200));
    expect(rows.get(sid(0x246))?.customTitle).toBe('Entry title');
    expect(rows.get(sid(0x256))?.customTitle).toBeUndefined();
    const { sessionId } = await forkSession(sid(0x24d), options);
    expect(forkLines(sessionId).at(-1)).toMatchObject({
      type: 'custom-title',
      customTitle: 'From sidecar (fork)',
    });
  });

  it('7. reads an archive mark as superseded by a newer human prompt or queued command', async () => {
    const rows = await listed();
    expect(rows.get(sid(0x207))?.archived).toBe(false);
    expect(rows.get(sid(0x237))?.archived).toBe(true);
    expect(rows.get(sid(0x247))?.archived).toBe(false);
    expect(rows.get(sid(0x257))?.archived).toBe(true);
    expect((await getSessionInfo(sid(0x207), options))?.archived).toBe(false);
  });

  it('8. hides a session continued in an existing transcript from listings only', async () => {
    const rows = await listed();
    expect(rows.has(sid(0x208))).toBe(false);
    expect(rows.has(sid(0x238))).toBe(true);
    expect(rows.has(sid(0x248))).toBe(true);
    expect(rows.has(sid(0x258))).toBe(true);
    expect((await getSessionInfo(sid(0x208), options))?.summary).toBe('continued elsewhere');
  });

  it('9. takes only the timestamp of line 1 after a byte order mark, as the official does', async () => {
    const info = (await listed()).get(sid(0x209));
    expect(info?.createdAt).toBe(Date.parse('2026-05-01T08:00:00.000Z'));
    // Its prompt does not count: the official shows the second one.
    expect(info?.firstPrompt).toBe('second prompt');
  });

  it('12. carries isCompactSummary, is_meta, isQueuedCommand and interruptedByShutdown', async () => {
    const messages = await getSessionMessages(sid(0x20c), options);
    const flags = messages.map(({ isCompactSummary, is_meta, isQueuedCommand, interruptedByShutdown }) => ({
      ...(isCompactSummary === undefined ? {} : { isCompactSummary }),
      ...(is_meta === undefined ? {} : { is_meta }),
      ...(isQueuedCommand === undefined ? {} : { isQueuedCommand }),
      ...(interruptedByShutdown === undefined ? {} : { interruptedByShutdown }),
    }));
    expect(flags).toEqual([
      {},
      { isCompactSummary: true, is_meta: true },
      { isQueuedCommand: true },
      { interruptedByShutdown: true },
      { is_meta: true },
      {},
      {},
    ]);
  });

  it('13. stamps requestSessionId and carries the trailing state entries into a fork', async () => {
    const { sessionId } = await forkSession(sid(0x20d), options);
    const lines = forkLines(sessionId);
    const assistants = lines.filter((line) => line['type'] === 'assistant');
    expect(assistants.map((line) => line['requestSessionId'])).toEqual([sid(0x20d), sid(0x20d)]);
    expect(
      lines.filter((line) => line['type'] === 'user').every((line) => !('requestSessionId' in line)),
    ).toBe(true);
    expect(lines.slice(-4)).toEqual([
      { type: 'atis-latch', sessionId, atis: 'late' },
      { type: 'tools-used', sessionId, tools: ['Read'] },
      { type: 'relocated', sessionId, relocatedCwd: '/home/dev/moved' },
      expect.objectContaining({ type: 'custom-title', customTitle: 'Source title (fork)' }),
    ]);
    const ofFork = forkLines((await forkSession(sid(0x23d), options)).sessionId);
    expect(ofFork.find((line) => line['type'] === 'assistant')?.['requestSessionId']).toBe(sid(0x2fd));
  });

  it('14. reads a blank fork title as no title', async () => {
    const { sessionId } = await forkSession(sid(0x20d), { ...options, title: '   ' });
    expect(forkLines(sessionId).at(-1)).toMatchObject({ customTitle: 'Source title (fork)' });
  });

  it('15. cuts before a compact boundary that follows the last message', async () => {
    const atBoundary = forkLines(
      (await forkSession(sid(0x20d), { ...options, upToMessageId: mid(0x20d, 5) })).sessionId,
    );
    const atAnswer = forkLines(
      (await forkSession(sid(0x20d), { ...options, upToMessageId: mid(0x20d, 4) })).sessionId,
    );
    expect(atBoundary.some((line) => line['subtype'] === 'compact_boundary')).toBe(false);
    expect(atBoundary.map((line) => line['type'])).toEqual(atAnswer.map((line) => line['type']));
    expect(
      atBoundary.map((line) => (line['forkedFrom'] as { messageUuid?: string } | undefined)?.messageUuid),
    ).toEqual(
      atAnswer.map((line) => (line['forkedFrom'] as { messageUuid?: string } | undefined)?.messageUuid),
    );
  });

  it('16. looks a duplicated id up in folder name order and archives every copy', async () => {
    const second = join(temp.projectsDir, '-home-dev-dup-b', `${sid(0x210)}.jsonl`);
    utimesSync(second, T0 / 1000 + 3600, T0 / 1000 + 3600);
    expect((await getSessionInfo(sid(0x210), options))?.summary).toBe('copy in the first folder');
    expect(await uuidsOf(0x210)).toEqual([mid(0x210, 1)]);
    expect((await listed()).get(sid(0x210))?.summary).toBe('copy in the second folder');
    await archiveSession(sid(0x210), options);
    for (const folder of ['-home-dev-dup-a', '-home-dev-dup-b']) {
      expect(existsSync(join(temp.projectsDir, folder, sid(0x210), 'archived.json'))).toBe(true);
    }
    expect((await listed()).get(sid(0x210))?.archived).toBe(true);
  });

  it('23. gives every row every key, in the official order, undefined where there is no value', async () => {
    const KEYS = [
      'sessionId',
      'summary',
      'lastModified',
      'fileSize',
      'customTitle',
      'firstPrompt',
      'gitBranch',
      'cwd',
      'tag',
      'createdAt',
      'archived',
    ];
    const rows = await listSessions(options);
    expect(rows.length).toBeGreaterThan(40);
    for (const row of rows) {
      expect(Object.keys(row), row.sessionId).toEqual(KEYS);
      expect(Object.keys((await getSessionInfo(row.sessionId, options))!), row.sessionId).toEqual(KEYS);
    }
    const bare = rows.find((row) => row.sessionId === sid(0x270))!;
    expect([bare.customTitle, bare.tag, bare.archived, bare.gitBranch]).toEqual([
      undefined,
      undefined,
      undefined,
      'main',
    ]);
  });

  it('24. lists equal mtimes by session id descending, as the official SDK orders them (pages follow)', async () => {
    const tied = [0x272, 0x270, 0x273, 0x271];
    for (const n of tied) {
      const seconds = (T0 + 3_600_000) / 1000;
      utimesSync(join(temp.projectsDir, PROJECT, `${sid(n)}.jsonl`), seconds, seconds);
    }
    const newest = (await listSessions(options)).slice(0, 4).map((row) => row.sessionId);
    expect(newest).toEqual([0x273, 0x272, 0x271, 0x270].map(sid));
    const page = await listSessions({ ...options, offset: 1, limit: 2 });
    expect(page.map((row) => row.sessionId)).toEqual([0x272, 0x271].map(sid));
  });

  it('17. reads options leniently: empty dir, negative and fractional counts', async () => {
    const all = (await listSessions(options)).map((info) => info.sessionId);
    const ids = async (extra: object) =>
      (await listSessions({ ...options, ...extra })).map((info) => info.sessionId);
    expect(await ids({ dir: '' })).toEqual(all);
    expect(await ids({ limit: -1, offset: -3 })).toEqual(all);
    expect(await ids({ limit: 1.5 })).toEqual(all.slice(0, 2));
    expect(await ids({ limit: 0.4, offset: 0.5 })).toEqual(all.slice(1, 2));
    expect(await ids({ limit: null })).toEqual(all);
    expect(await uuidsOf(0x201, { offset: 1.5, limit: 1.6 })).toEqual([mid(0x201, 2), mid(0x201, 3)]);
    expect(await uuidsOf(0x201, { limit: 0.5 })).toEqual([]);
    expect(await uuidsOf(0x201, { limit: -1, offset: -2 })).toHaveLength(6);
    // The text of a number counts as the number, as the official SDK 0.3.332 reads it (run side by side).
    expect(await ids({ limit: '2' as unknown as number })).toEqual(all.slice(0, 2));
    expect(await uuidsOf(0x201, { offset: '4' as unknown as number })).toEqual([
      mid(0x201, 5),
      mid(0x201, 6),
    ]);
    await expect(listSessions({ ...options, limit: 'x' as unknown as number })).rejects.toThrow(TypeError);
    await expect(
      getSessionMessages(sid(0x201), { ...options, offset: {} as unknown as number }),
    ).rejects.toThrow(/offset must be a number/);
  });
});

describe('partial compactions: the kept messages spliced in after the anchor, as the official SDK reads them', () => {
  /** Per session of the corpus (cases 18), the messages the official SDK 0.3.332 returned, by number; then with system messages. */
  const OBSERVED: [number, number[], number[]][] = [
    [0x260, [6, 4, 7, 8], [5, 6, 4, 7, 8]], // as CLI 2.1.332 writes it: the list and the segment
    [0x261, [6, 3, 4, 7, 8], [5, 6, 3, 4, 7, 8]], // two kept messages
    [0x262, [6, 3, 4, 7, 8], [5, 6, 3, 4, 7, 8]], // the segment alone
    [0x263, [6, 7, 8], [5, 6, 7, 8]], // a kept uuid missing: nothing spliced
    [0x264, [1, 2, 6, 7, 8], [5, 1, 2, 6, 7, 8]], // anchored at the boundary (kept start)
    [0x265, [6, 4, 3, 7, 8], [5, 6, 4, 3, 7, 8]], // the list's order, not the old links
    [0x266, [6, 7, 8], [5, 6, 7, 8]], // anchor missing
    [0x267, [6, 3, 7, 8], [5, 6, 3, 7, 8]], // the list supersedes the segment
    [0x268, [1, 2, 3, 4, 7, 8], [1, 2, 3, 4, 7, 8]], // segment head missing: the tail's own links
    [0x269, [7, 8], [7, 8]], // segment tail missing
    [0x26a, [1, 2, 3, 7, 8], [1, 2, 3, 7, 8]], // head and tail swapped
    [0x26b, [6, 7, 8], [5, 6, 7, 8]], // segment anchor missing
    [0x26c, [6, 7, 8], [5, 6, 7, 8]], // a uuid missing: the segment is not used instead
    [0x26d, [6, 7, 8], [5, 6, 7, 8]], // an empty list: nor here
  ];
  const expected = (n: number, ks: number[]) => ks.map((k) => mid(n, k));
  const fileOf = (n: number) => join(temp.projectsDir, PROJECT, `${sid(n)}.jsonl`);

  it('18. from a transcript read whole', async () => {
    for (const [n, plain, withSystem] of OBSERVED) {
      expect(await uuidsOf(n), n.toString(16)).toEqual(expected(n, plain));
      expect(await uuidsOf(n, { includeSystemMessages: true }), n.toString(16)).toEqual(
        expected(n, withSystem),
      );
    }
  });

  it('18. from a transcript over 1 MiB (read through the byte index)', async () => {
    for (const [n, plain, withSystem] of OBSERVED) {
      // A line no chain holds, large enough that the file is indexed rather than parsed whole.
      const padding = JSON.stringify({ type: 'file-history-snapshot', snapshot: 'x'.repeat(1_100_000) });
      writeFileSync(fileOf(n), `${padding}\n${readFileSync(fileOf(n), 'utf8')}`);
      expect(await uuidsOf(n), n.toString(16)).toEqual(expected(n, plain));
      expect(await uuidsOf(n, { includeSystemMessages: true }), n.toString(16)).toEqual(
        expected(n, withSystem),
      );
    }
  });

  it('19. a fork maps the kept uuids to its copies and reads like its source (the official fork does the same)', async () => {
    const contentOf = (message: { type: string; message: unknown }) =>
      message.type === 'system' ? 'system' : (message.message as { content: unknown }).content;
    for (const n of [0x260, 0x261, 0x262, 0x264]) {
      const source = await getSessionMessages(sid(n), { ...options, includeSystemMessages: true });
      const { sessionId } = await forkSession(sid(n), options);
      const fork = await getSessionMessages(sessionId, { ...options, includeSystemMessages: true });
      expect(fork.map(contentOf), n.toString(16)).toEqual(source.map(contentOf));
      const lines = forkLines(sessionId);
      const uuids = new Set(lines.map((line) => line['uuid']));
      const metadata = lines.find((line) => line['subtype'] === 'compact_boundary')?.['compactMetadata'] as {
        preservedMessages?: { anchorUuid: string; uuids: string[] };
        preservedSegment?: Record<string, string>;
        trigger: string;
      };
      const named = [
        ...(metadata.preservedMessages === undefined
          ? []
          : [metadata.preservedMessages.anchorUuid, ...metadata.preservedMessages.uuids]),
        ...Object.values(metadata.preservedSegment ?? {}),
      ];
      expect(named.length).toBeGreaterThan(0);
      for (const uuid of named) expect(uuids.has(uuid), `${n.toString(16)} ${uuid}`).toBe(true);
      expect(metadata.trigger).toBe('manual');
    }
  });

  it("18. from a store's loaded entries", () => {
    for (const [n, plain, withSystem] of OBSERVED) {
      const entries = entriesOf(fileOf(n));
      const uuids = (includeSystem: boolean) =>
        messagesFromEntries(entries, storeRequest(includeSystem)).map((message) => message.uuid);
      expect(uuids(false), n.toString(16)).toEqual(expected(n, plain));
      expect(uuids(true), n.toString(16)).toEqual(expected(n, withSystem));
    }
  });
});

describe('issue 13: project folders of a dir', () => {
  const entry = (n: number, text: string, cwd: string | undefined) =>
    `${JSON.stringify({ parentUuid: null, sessionId: sid(n), type: 'user', message: { role: 'user', content: text }, uuid: mid(n, 1), timestamp: '2026-05-01T10:00:00.000Z', ...(cwd === undefined ? {} : { cwd }) })}\n`;
  const put = (folder: string, n: number, text: string, cwd: string | undefined) => {
    mkdirSync(join(temp.projectsDir, folder), { recursive: true });
    writeFileSync(join(temp.projectsDir, folder, `${sid(n)}.jsonl`), entry(n, text, cwd));
  };
  const idsIn = async (dir: string) =>
    (await listSessions({ ...options, dir })).map((info) => info.sessionId.slice(-3)).sort();

  it('10. searches every folder sharing a cut key, keeping transcripts whose cwd maps to the full key', async () => {
    const root = realpathSync(temp.root);
    const dir = join(root, 'x'.repeat(120), 'y'.repeat(120));
    const other = join(root, 'x'.repeat(120), `${'y'.repeat(119)}z`);
    mkdirSync(dir, { recursive: true });
    const key = await projectKeyForDirectory(dir);
    const prefix = key.slice(0, 200);
    put(`${prefix}-bunhash1`, 0x612, 'bun folder, own cwd', dir);
    put(`${prefix}-bunhash1`, 0x613, 'bun folder, another project', other);
    put(`${prefix}-bunhash2`, 0x614, 'bun folder, no cwd', undefined);
    expect(await idsIn(dir)).toEqual(['612']);
    put(key, 0x611, 'exact folder', dir);
    put(key, 0x615, 'exact folder, cwd of another key', other);
    expect(await idsIn(dir)).toEqual(['611', '612', '615']);
    expect((await getSessionInfo(sid(0x612), { ...options, dir }))?.summary).toBe('bun folder, own cwd');
  });

  it('11. drops a session recorded in another existing path with the same sanitized name', async () => {
    const root = realpathSync(temp.root);
    mkdirSync(join(root, 'col', 'a-b'), { recursive: true });
    mkdirSync(join(root, 'col', 'a', 'b'), { recursive: true });
    const dir = join(root, 'col', 'a-b');
    const key = await projectKeyForDirectory(dir);
    put(key, 0x601, 'in a-b', dir);
    put(key, 0x602, 'in a/b', join(root, 'col', 'a', 'b'));
    put(key, 0x603, 'in a.b, which does not exist', join(root, 'col', 'a.b'));
    put(key, 0x604, 'no cwd', undefined);
    expect(await idsIn(dir)).toEqual(['601', '603', '604']);
    expect((await getSessionInfo(sid(0x602), { ...options, dir }))?.summary).toBe('in a/b');
  });
});

describe('local commands and subagent meta entries, as the official SDK reads them', () => {
  /**
   * Per session of the corpus (cases 20, scenarios in scripts/make-parity-fixtures.mjs), the messages
   * the official SDK 0.3.332 returned, by number, `*` for `isCompletedLocalCommand`; with system
   * messages where that differs.
   */
  const OBSERVED: [number, string, string?][] = [
    [0x270, '1 2 4* 5* 6'], // a command and its output
    [0x271, '1 2 4* 5'], // a command without output
    [0x272, '1 2 4 5'], // output without a command
    [0x273, '1 2 4* 5 6 7'], // an assistant entry ends the run
    [0x274, '1 2 3 4 5 6'], // a caveat that is not meta
    [0x275, '1 2 4 5 6'], // a caveat whose text does not open with the tag
    [0x276, '1 2 3 4 5'], // no caveat
    [0x277, '1 2 4* 5 6 7'], // a second command without its own caveat
    [0x278, '1 2 4* 5* 6* 7* 8'], // stdout, stdout, stderr
    [0x279, '1 2 4* 5 6 7'], // a prompt ends the run
    [0x27a, '1 2 5* 7* 8'], // meta entries in between
    [0x27b, '1 2 5* 8* 9', '1 2 5* 7 8* 9'], // an attachment and a system entry in between
    [0x27c, '1 2 4* 5* 7* 8* 9'], // two commands, each after its caveat
    [0x27d, '1 2 4* 6* 7'], // a caveat inside a run
    [0x27e, '1 2 4* 5* 6'], // array content: the last text block decides
    [0x27f, '1 2 4 5 6'], // a text block after the command's
    [0x280, '1 2 4 5 6'], // the command tag not first
    [0x281, '1 2 5 6'], // a meta command
    [0x282, '1 2 4* 6 7'], // a meta assistant entry ends the run
  ];
  const shown = (messages: readonly SessionMessage[]) =>
    messages
      .map(({ uuid, isCompletedLocalCommand }) => {
        const k = Number.parseInt(uuid.slice(-6), 16) - 0x100000;
        return `${k}${isCompletedLocalCommand === true ? '*' : ''}`;
      })
      .join(' ');
  const read = async (n: number, includeSystemMessages = false) =>
    shown(await getSessionMessages(sid(n), { ...options, includeSystemMessages }));
  const fileOf = (n: number) => join(temp.projectsDir, PROJECT, `${sid(n)}.jsonl`);

  it('20. marks a local command and its output, from a transcript read whole', async () => {
    for (const [n, plain, withSystem = plain] of OBSERVED) {
      expect(await read(n), n.toString(16)).toBe(plain);
      expect(await read(n, true), n.toString(16)).toBe(withSystem);
    }
  });

  it('20. from a transcript over 1 MiB (read through the byte index)', async () => {
    for (const [n, plain, withSystem = plain] of OBSERVED) {
      const padding = JSON.stringify({ type: 'file-history-snapshot', snapshot: 'x'.repeat(1_100_000) });
      writeFileSync(fileOf(n), `${padding}\n${readFileSync(fileOf(n), 'utf8')}`);
      expect(await read(n), n.toString(16)).toBe(plain);
      expect(await read(n, true), n.toString(16)).toBe(withSystem);
    }
  });

  it("20. from a store's loaded entries", () => {
    for (const [n, plain, withSystem = plain] of OBSERVED) {
      const entries = entriesOf(fileOf(n));
      expect(shown(messagesFromEntries(entries, storeRequest(false))), n.toString(16)).toBe(plain);
      expect(shown(messagesFromEntries(entries, storeRequest(true))), n.toString(16)).toBe(withSystem);
    }
  });

  it('20. marks the messages of a page as the whole conversation does (the official SDK does too)', async () => {
    const page = async (offset: number, limit: number) =>
      shown(await getSessionMessages(sid(0x270), { ...options, offset, limit }));
    expect(await page(3, 1)).toBe('5*');
    expect(await page(2, 2)).toBe('4* 5*');
    expect(await page(4, 5)).toBe('6');
  });

  it('20. reads a tag spelled with a JSON escape, whole or through the byte index', async () => {
    const n = 0x270;
    const escaped = readFileSync(fileOf(n), 'utf8').replaceAll('"<command-name>', '"\\u003ccommand-name>');
    expect(escaped).not.toContain('"<command-name>');
    writeFileSync(fileOf(n), escaped);
    expect(await read(n)).toBe('1 2 4* 5* 6');
    const padding = JSON.stringify({ type: 'file-history-snapshot', snapshot: 'x'.repeat(1_100_000) });
    writeFileSync(fileOf(n), `${padding}\n${escaped}`);
    expect(await read(n)).toBe('1 2 4* 5* 6');
  });

  it("21. returns a subagent's meta entries marked is_meta, and marks its local command", async () => {
    const subagent = (messages: readonly SessionMessage[]) =>
      messages.map((message) => `${shown([message])}${message.is_meta === true ? 'm' : ''}`).join(' ');
    const observed = '10 11 12m 13m 14* 15* 16m 17';
    expect(subagent(await getSubagentMessages(sid(0x290), 'a0000000000000290', options))).toBe(observed);
    const transcript = join(
      temp.projectsDir,
      PROJECT,
      sid(0x290),
      'subagents',
      'agent-a0000000000000290.jsonl',
    );
    expect(subagent(messagesFromEntries(entriesOf(transcript), storeRequest(false, 'subagent')))).toBe(
      observed,
    );
  });
});

describe('which branch is the conversation, as the official SDK chooses it', () => {
  /** Per session of the corpus (cases 22), the messages the official SDK 0.3.332 returned, by number. */
  const OBSERVED: [number, number[]][] = [
    [0x2a0, []], // the latest leaf a meta user on a branch of its own: nothing to show
    [0x2a1, []], // the same with its parent missing
    [0x2a2, []], // a meta assistant entry
    [0x2a3, [1, 2]], // a subagent's (sidechain) leaf is passed over
    [0x2a4, [1, 2]], // a team member's leaf is passed over
    [0x2a5, [1]], // a meta leaf off the first prompt: that branch
    [0x2a6, [4]], // a prompt on the meta branch
  ];

  it('22. takes the latest leaf, passing over sidechain and team leaves but not meta ones', async () => {
    for (const [n, numbers] of OBSERVED) {
      expect(await uuidsOf(n), n.toString(16)).toEqual(numbers.map((k) => mid(n, k)));
      const entries = entriesOf(join(temp.projectsDir, PROJECT, `${sid(n)}.jsonl`));
      const fromStore = messagesFromEntries(entries, storeRequest(false));
      expect(
        fromStore.map(({ uuid }) => uuid),
        n.toString(16),
      ).toEqual(numbers.map((k) => mid(n, k)));
    }
  });
});
