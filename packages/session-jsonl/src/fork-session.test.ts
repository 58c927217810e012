import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  assistantEntry,
  conversation,
  jsonl,
  makeTempConfig,
  type TempConfig,
  userEntry,
  uuid,
  writeTranscript,
} from '../test/helpers.js';
import { SessionJsonlError } from './errors.js';
import { forkSession } from './fork-session.js';
import { isUuid } from './ids.js';
import { listSessions } from './list-sessions.js';
import { publishByHardLink } from './publish-file.js';
import { getSessionInfo } from './session-info.js';
import { getSessionMessages } from './session-messages.js';

let temp: TempConfig;
const S = uuid(1);

beforeEach(() => {
  temp = makeTempConfig();
});
afterEach(() => temp.cleanup());

function lines(sessionId: string): Record<string, unknown>[] {
  return readFileSync(join(temp.projectsDir, '-p', `${sessionId}.jsonl`), 'utf8')
    .trimEnd()
    .split('\n')
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

async function codeOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
    return 'resolved';
  } catch (error) {
    return SessionJsonlError.isInstance(error) ? error.code : `other: ${String(error)}`;
  }
}

describe('forkSession', () => {
  it('should copy the conversation with fresh uuids, forkedFrom, and a "(fork)" title', async () => {
    const source: Record<string, unknown>[] = conversation(S, 2).map((entry) => ({
      ...entry,
      teamName: 't',
      slug: 's',
      agentName: 'a',
      sourceToolAssistantUUID: 'x',
    }));
    const body = jsonl(source);
    writeTranscript(temp.projectsDir, '-p', S, body);
    const { sessionId: fork } = await forkSession(S, { configDir: temp.configDir });
    expect(isUuid(fork)).toBe(true);
    expect(readFileSync(join(temp.projectsDir, '-p', `${S}.jsonl`), 'utf8')).toBe(body);
    const copied = lines(fork);
    expect(copied).toHaveLength(5);
    const oldUuids = source.map((entry) => entry['uuid']);
    copied.slice(0, 4).forEach((entry, i) => {
      expect(entry['sessionId']).toBe(fork);
      expect(oldUuids).not.toContain(entry['uuid']);
      expect(entry['forkedFrom']).toEqual({ sessionId: S, messageUuid: oldUuids[i] });
      expect(entry['parentUuid']).toBe(i === 0 ? null : copied[i - 1]!['uuid']);
      expect(entry['message']).toEqual(source[i]!['message']);
      for (const dropped of ['teamName', 'slug', 'agentName', 'sourceToolAssistantUUID'])
        expect(dropped in entry).toBe(false);
    });
    expect(copied[0]!['timestamp']).toBe(source[0]!['timestamp']);
    expect(copied[3]!['timestamp']).not.toBe(source[3]!['timestamp']);
    expect(copied[4]).toMatchObject({
      type: 'custom-title',
      sessionId: fork,
      customTitle: 'prompt 0 (fork)',
    });
    const messages = await getSessionMessages(fork, { configDir: temp.configDir });
    expect(messages.map((m) => m.message)).toEqual(source.map((entry) => entry['message']));
    const listed = await listSessions({ configDir: temp.configDir });
    expect(listed.find((s) => s.sessionId === fork)?.summary).toBe('prompt 0 (fork)');
    expect(statSync(join(temp.projectsDir, '-p', `${fork}.jsonl`)).mode & 0o777).toBe(0o600);
    expect(readdirSync(join(temp.projectsDir, '-p')).filter((name) => name.startsWith('.'))).toEqual([]);
  });

  it('should name the fork after the custom title, the AI title, or fall back', async () => {
    writeTranscript(
      temp.projectsDir,
      '-p',
      S,
      jsonl([...conversation(S, 1), { type: 'ai-title', aiTitle: 'AI name' }]),
    );
    const ai = await forkSession(S, { configDir: temp.configDir });
    expect((await getSessionInfo(ai.sessionId, { configDir: temp.configDir }))?.customTitle).toBe(
      'AI name (fork)',
    );
    writeTranscript(
      temp.projectsDir,
      '-p',
      uuid(2),
      jsonl([
        ...conversation(uuid(2), 1),
        { type: 'custom-title', customTitle: 'Mine' },
        { type: 'ai-title', aiTitle: 'AI' },
      ]),
    );
    const custom = await forkSession(uuid(2), { configDir: temp.configDir });
    expect((await getSessionInfo(custom.sessionId, { configDir: temp.configDir }))?.customTitle).toBe(
      'Mine (fork)',
    );
    writeTranscript(
      temp.projectsDir,
      '-p',
      uuid(3),
      jsonl([assistantEntry(uuid(3), uuid(10), null, 'no prompt at all')]),
    );
    const bare = await forkSession(uuid(3), { configDir: temp.configDir });
    expect((await getSessionInfo(bare.sessionId, { configDir: temp.configDir }))?.customTitle).toBe(
      'Forked session (fork)',
    );
    const named = await forkSession(uuid(3), { configDir: temp.configDir, title: '  Explicit  ' });
    expect((await getSessionInfo(named.sessionId, { configDir: temp.configDir }))?.customTitle).toBe(
      'Explicit',
    );
  });

  it('should stop at upToMessageId, inclusive', async () => {
    writeTranscript(temp.projectsDir, '-p', S, jsonl(conversation(S, 3)));
    const { sessionId } = await forkSession(S, { configDir: temp.configDir, upToMessageId: uuid(1002) });
    const messages = await getSessionMessages(sessionId, { configDir: temp.configDir });
    expect(messages.map((m) => (m.message as { content: unknown }).content)).toEqual([
      'prompt 0',
      [{ type: 'text', text: 'answer 0' }],
      'prompt 1',
    ]);
  });

  it('should drop sidechains and progress entries and relink parents across progress', async () => {
    writeTranscript(
      temp.projectsDir,
      '-p',
      S,
      jsonl([
        { type: 'content-replacement', sessionId: S, replacements: [{ kind: 'r1' }] },
        userEntry(S, uuid(20), null, 'start'),
        { type: 'progress', uuid: uuid(21), parentUuid: uuid(20), sessionId: S },
        { type: 'progress', uuid: uuid(22), parentUuid: uuid(21), sessionId: S },
        assistantEntry(S, uuid(23), uuid(22), 'done'),
        assistantEntry(S, uuid(24), uuid(23), 'side', { isSidechain: true }),
        {
          type: 'system',
          subtype: 'compact_boundary',
          uuid: uuid(25),
          parentUuid: null,
          logicalParentUuid: uuid(23),
          sessionId: S,
        },
        { type: 'file-history-snapshot', messageId: uuid(23) },
        'garbage line',
      ]),
    );
    const { sessionId } = await forkSession(S, { configDir: temp.configDir });
    const copied = lines(sessionId);
    expect(copied.map((entry) => entry['type'])).toEqual([
      'user',
      'assistant',
      'system',
      'content-replacement',
      'custom-title',
    ]);
    expect(copied[1]!['parentUuid']).toBe(copied[0]!['uuid']);
    expect(copied[2]!['logicalParentUuid']).toBe(copied[1]!['uuid']);
    expect(copied[3]).toEqual({ type: 'content-replacement', sessionId, replacements: [{ kind: 'r1' }] });
  });

  it("should write a boundary's kept-message parts after its other keys, preservedMessages first (as the official SDK's forks do)", async () => {
    const segment = { headUuid: uuid(31), anchorUuid: uuid(32), tailUuid: uuid(31) };
    const kept = { anchorUuid: uuid(32), uuids: [uuid(31)], allUuids: [uuid(31)] };
    // Per source compactMetadata, the keys of the fork's, as the official SDK 0.3.332 wrote them.
    const cases: [Record<string, unknown>, string[]][] = [
      [
        { trigger: 'manual', preservedSegment: segment, preservedMessages: kept, postTokens: 1 },
        ['trigger', 'postTokens', 'preservedMessages', 'preservedSegment'],
      ],
      [{ preservedSegment: segment, trigger: 'manual' }, ['trigger', 'preservedSegment']],
      [
        { trigger: 'manual', preservedMessages: kept, preTokens: 2 },
        ['trigger', 'preTokens', 'preservedMessages'],
      ],
      [
        { preservedMessages: 'x', preservedSegment: null, trigger: 'manual' },
        ['trigger', 'preservedMessages', 'preservedSegment'],
      ],
      [{ trigger: 'manual', preTokens: 2 }, ['trigger', 'preTokens']],
    ];
    for (const [metadata, keys] of cases) {
      writeTranscript(
        temp.projectsDir,
        '-p',
        S,
        jsonl([
          userEntry(S, uuid(30), null, 'start'),
          {
            type: 'system',
            subtype: 'compact_boundary',
            uuid: uuid(32),
            parentUuid: null,
            logicalParentUuid: uuid(30),
            sessionId: S,
            compactMetadata: metadata,
          },
          userEntry(S, uuid(31), uuid(32), 'kept'),
        ]),
      );
      const { sessionId } = await forkSession(S, { configDir: temp.configDir });
      const copied = lines(sessionId);
      const forked = copied[1]!['compactMetadata'] as Record<string, unknown>;
      expect(Object.keys(forked), JSON.stringify(metadata)).toEqual(keys);
      const copyOf = (source: string) =>
        copied.find(
          (entry) =>
            entry['forkedFrom'] !== undefined &&
            (entry['forkedFrom'] as { messageUuid: string }).messageUuid === source,
        )?.['uuid'];
      expect(isUuid(copyOf(uuid(31))) && isUuid(copyOf(uuid(32)))).toBe(true);
      if (metadata['preservedSegment'] === segment) {
        expect(forked['preservedSegment']).toEqual({
          headUuid: copyOf(uuid(31)),
          anchorUuid: copyOf(uuid(32)),
          tailUuid: copyOf(uuid(31)),
        });
      }
      if (metadata['preservedMessages'] === kept) {
        expect(forked['preservedMessages']).toEqual({
          anchorUuid: copyOf(uuid(32)),
          uuids: [copyOf(uuid(31))],
          allUuids: [copyOf(uuid(31))],
        });
      }
      if (metadata['preservedMessages'] === 'x') {
        expect(forked['preservedMessages']).toBe('x');
        expect(forked['preservedSegment']).toBe(null);
      }
    }
  });

  it('should refuse bad input with typed errors and leave no file behind', async () => {
    writeTranscript(temp.projectsDir, '-p', S, jsonl(conversation(S, 1)));
    writeTranscript(
      temp.projectsDir,
      '-p',
      uuid(2),
      jsonl([{ type: 'cost-state' }, { type: 'progress', uuid: uuid(30) }]),
    );
    expect(await codeOf(forkSession('x', { configDir: temp.configDir }))).toBe('INVALID_SESSION_ID');
    expect(await codeOf(forkSession(S, { configDir: temp.configDir, upToMessageId: 'nope' }))).toBe(
      'INVALID_MESSAGE_ID',
    );
    expect(await codeOf(forkSession(S, { configDir: temp.configDir, upToMessageId: uuid(77) }))).toBe(
      'MESSAGE_NOT_FOUND',
    );
    expect(await codeOf(forkSession(S, { configDir: temp.configDir, title: 42 as unknown as string }))).toBe(
      'INVALID_TITLE',
    );
    expect(await codeOf(forkSession(uuid(9), { configDir: temp.configDir }))).toBe('SESSION_NOT_FOUND');
    expect(await codeOf(forkSession(uuid(2), { configDir: temp.configDir }))).toBe('NOTHING_TO_FORK');
    expect(readdirSync(join(temp.projectsDir, '-p')).sort()).toEqual(
      [`${S}.jsonl`, `${uuid(2)}.jsonl`].sort(),
    );
  });
});

describe('publishByHardLink', () => {
  it('should never replace an existing file and should remove its staging file', async () => {
    const folder = join(temp.projectsDir, '-p');
    writeTranscript(temp.projectsDir, '-p', S, 'existing\n');
    let code = '';
    try {
      await publishByHardLink(folder, `${S}.jsonl`, async (handle) => {
        await handle.writeFile('replacement\n');
      });
    } catch (error) {
      code = SessionJsonlError.isInstance(error) ? error.code : 'other';
    }
    expect(code).toBe('PUBLISH_FAILED');
    expect(readFileSync(join(folder, `${S}.jsonl`), 'utf8')).toBe('existing\n');
    expect(readdirSync(folder)).toEqual([`${S}.jsonl`]);
  });

  it('should remove the staging file when writing fails', async () => {
    const folder = join(temp.projectsDir, '-q');
    const { mkdirSync } = await import('node:fs');
    mkdirSync(folder);
    await expect(
      publishByHardLink(folder, 'x.jsonl', async () => {
        throw new Error('disk full');
      }),
    ).rejects.toThrow('disk full');
    expect(readdirSync(folder)).toEqual([]);
    writeFileSync(join(folder, 'keep'), '');
  });
});
