import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
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
import { listSessions } from './list-sessions.js';
import { getSessionMessages } from './session-messages.js';
import type { SessionJsonlWarning } from './types.js';

let temp: TempConfig;
beforeEach(() => {
  temp = makeTempConfig();
});
afterEach(() => temp.cleanup());

const S = uuid(1);

async function read(body: string | Buffer, options: Parameters<typeof getSessionMessages>[1] = {}) {
  writeTranscript(temp.projectsDir, '-p', S, body);
  return getSessionMessages(S, { configDir: temp.configDir, ...options });
}

const uuids = (messages: { uuid: string }[]) => messages.map((m) => m.uuid);

describe('getSessionMessages', () => {
  it('should return the chain in order with the SessionMessage shape', async () => {
    const entries = conversation(S, 2);
    const messages = await read(jsonl(entries));
    expect(uuids(messages)).toEqual([uuid(1000), uuid(1001), uuid(1002), uuid(1003)]);
    expect(messages[0]).toEqual({
      type: 'user',
      uuid: uuid(1000),
      session_id: S,
      message: { role: 'user', content: 'prompt 0' },
      parent_tool_use_id: null,
      parent_agent_id: null,
      timestamp: entries[0]!['timestamp'],
    });
  });

  it('should walk through attachments and progress entries but return only user and assistant messages', async () => {
    const body = jsonl([
      userEntry(S, uuid(10), null, 'hi'),
      { type: 'attachment', uuid: uuid(11), parentUuid: uuid(10), attachment: { type: 'x' } },
      { type: 'progress', uuid: uuid(12), parentUuid: uuid(11) },
      assistantEntry(S, uuid(13), uuid(12), 'there'),
      {
        type: 'system',
        subtype: 'informational',
        uuid: uuid(14),
        parentUuid: uuid(13),
        content: 'note',
        sessionId: S,
      },
      userEntry(S, uuid(15), uuid(14), 'meta', { isMeta: true }),
      assistantEntry(S, uuid(16), uuid(15), 'end'),
      { type: 'progress', uuid: uuid(17), parentUuid: uuid(16) },
      { type: 'file-history-snapshot', messageId: uuid(16) },
    ]);
    expect(uuids(await read(body))).toEqual([uuid(10), uuid(13), uuid(16)]);
    const withSystem = await read(body, { includeSystemMessages: true });
    expect(withSystem.map((m) => m.type)).toEqual(['user', 'assistant', 'system', 'assistant']);
    expect(withSystem[2]?.message).toBeUndefined();
  });

  it('should pick the latest main leaf over a later sidechain leaf and over an earlier branch', async () => {
    const body = jsonl([
      userEntry(S, uuid(20), null, 'root'),
      assistantEntry(S, uuid(21), uuid(20), 'branch a'),
      assistantEntry(S, uuid(22), uuid(20), 'branch b (rewound later)'),
      userEntry(S, uuid(23), uuid(22), 'continue b'),
      assistantEntry(S, uuid(24), uuid(21), 'side', { isSidechain: true }),
    ]);
    expect(uuids(await read(body))).toEqual([uuid(20), uuid(22), uuid(23)]);
  });

  it('should keep compaction summaries and stop at a compaction boundary', async () => {
    const body = jsonl([
      userEntry(S, uuid(30), null, 'before compaction'),
      assistantEntry(S, uuid(31), uuid(30), 'old answer'),
      {
        type: 'system',
        subtype: 'compact_boundary',
        uuid: uuid(32),
        parentUuid: null,
        logicalParentUuid: uuid(31),
        sessionId: S,
      },
      userEntry(S, uuid(33), uuid(32), 'This session is being continued from a previous conversation...', {
        isCompactSummary: true,
      }),
      assistantEntry(S, uuid(34), uuid(33), 'after'),
    ]);
    expect(uuids(await read(body))).toEqual([uuid(33), uuid(34)]);
    expect(uuids(await read(body, { includeSystemMessages: true }))).toEqual([uuid(32), uuid(33), uuid(34)]);
  });

  it('should return [] for a cycle, an empty file, an unknown or invalid id', async () => {
    const cycle = jsonl([userEntry(S, uuid(40), uuid(41), 'a'), assistantEntry(S, uuid(41), uuid(40), 'b')]);
    expect(await read(cycle)).toEqual([]);
    expect(await read('')).toEqual([]);
    expect(await getSessionMessages(uuid(999), { configDir: temp.configDir })).toEqual([]);
    expect(await getSessionMessages('../etc/passwd', { configDir: temp.configDir })).toEqual([]);
    expect(await getSessionMessages(42 as unknown as string, { configDir: temp.configDir })).toEqual([]);
  });

  it('should stop a parent walk that loops back without hanging', async () => {
    const body = jsonl([
      userEntry(S, uuid(50), uuid(52), 'a'),
      assistantEntry(S, uuid(51), uuid(50), 'b'),
      { type: 'progress', uuid: uuid(52), parentUuid: uuid(51) },
      userEntry(S, uuid(53), uuid(51), 'c'),
    ]);
    expect(uuids(await read(body))).toEqual([uuid(50), uuid(51), uuid(53)]);
  });

  it('should skip malformed lines with warnings and read invalid UTF-8 as U+FFFD', async () => {
    const good = jsonl(conversation(S, 1));
    const badBytes = Buffer.from(jsonl([assistantEntry(S, uuid(1002), uuid(1001), 'bad-byte')]));
    badBytes[badBytes.indexOf('-byte')] = 0xc3;
    const body = Buffer.concat([
      Buffer.from(good),
      Buffer.from('this is garbage\n{"type":"user","unbalanced":[}\n\n'),
      badBytes,
      Buffer.from('{"type":"user","uuid":"cut-off'),
    ]);
    const warnings: SessionJsonlWarning[] = [];
    const messages = await read(body, { onWarning: (warning) => warnings.push(warning) });
    expect(uuids(messages)).toEqual([uuid(1000), uuid(1001), uuid(1002)]);
    expect((messages[2]!.message as { content: { text: string }[] }).content[0]?.text).toBe('bad\ufffdbyte');
    expect(warnings.map((w) => w.code)).toEqual(['MALFORMED_LINE', 'MALFORMED_LINE', 'MALFORMED_LINE']);
    expect(warnings[0]?.byteOffset).toBe(Buffer.byteLength(good));
  });

  it('should drop a message whose content does not parse and walk the chain again', async () => {
    const lines = conversation(S, 2).map((entry) => JSON.stringify(entry));
    lines[3] = lines[3]!.replace('"answer 1"', '"answer 1" tru');
    const warnings: SessionJsonlWarning[] = [];
    const messages = await read(`${lines.join('\n')}\n`, { onWarning: (w) => warnings.push(w) });
    expect(uuids(messages)).toEqual([uuid(1000), uuid(1001), uuid(1002)]);
    expect(warnings).toHaveLength(1);
  });

  it('should page with offset and limit', async () => {
    const body = jsonl(conversation(S, 5));
    const all = await read(body);
    expect(all).toHaveLength(10);
    expect(await read(body, { offset: 3, limit: 4 })).toEqual(all.slice(3, 7));
    expect(await read(body, { offset: 8, limit: 0 })).toEqual(all.slice(8));
    expect(await read(body, { offset: 20 })).toEqual([]);
    expect(await read(body, { limit: '2' as unknown as number })).toEqual(all.slice(0, 2));
    await expect(read(body, { limit: 'two' as unknown as number })).rejects.toThrow(TypeError);
    await expect(read(body, { onWarning: 'no' as unknown as () => void })).rejects.toThrow(TypeError);
  });

  it('should read a transcript whose lines are larger than a read chunk', async () => {
    const big = 'w'.repeat(3 * 1024 * 1024);
    const body = jsonl([userEntry(S, uuid(60), null, big), assistantEntry(S, uuid(61), uuid(60), big)]);
    const messages = await read(body);
    expect(uuids(messages)).toEqual([uuid(60), uuid(61)]);
    expect((messages[0]!.message as { content: string }).content).toHaveLength(big.length);
  });

  it('should treat a FIFO or a folder named like a transcript as missing, without blocking', async () => {
    mkdirSync(join(temp.projectsDir, '-p', `${uuid(70)}.jsonl`), { recursive: true });
    execFileSync('mkfifo', [join(temp.projectsDir, '-p', `${uuid(71)}.jsonl`)]);
    expect(await getSessionMessages(uuid(70), { configDir: temp.configDir })).toEqual([]);
    expect(await getSessionMessages(uuid(71), { configDir: temp.configDir })).toEqual([]);
    expect(await listSessions({ configDir: temp.configDir })).toEqual([]);
  });
});
