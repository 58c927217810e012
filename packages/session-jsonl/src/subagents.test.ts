import { mkdirSync, writeFileSync } from 'node:fs';
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
import { getSessionMessages } from './session-messages.js';
import { getSubagentMessages, getSubagentMetadata, listSubagents } from './subagents.js';

let temp: TempConfig;
let sessionFolder: string;
const S = uuid(1);

function agentTranscript(agentId: string, turns: number): string {
  return jsonl(conversation(S, turns, 5000).map((entry) => ({ ...entry, isSidechain: true, agentId })));
}

beforeEach(() => {
  temp = makeTempConfig();
  writeTranscript(temp.projectsDir, '-p', S, jsonl(conversation(S, 1)));
  sessionFolder = join(temp.projectsDir, '-p', S);
  mkdirSync(join(sessionFolder, 'subagents', 'workflows', 'run-1'), { recursive: true });
  writeFileSync(join(sessionFolder, 'subagents', 'agent-a1.jsonl'), agentTranscript('a1', 2));
  writeFileSync(
    join(sessionFolder, 'subagents', 'agent-a1.meta.json'),
    JSON.stringify({
      agentType: 'general-purpose',
      toolUseId: 'toolu_parent',
      spawnDepth: 1,
      extra: { kept: true },
    }),
  );
  writeFileSync(
    join(sessionFolder, 'subagents', 'workflows', 'run-1', 'agent-b.2.jsonl'),
    agentTranscript('b.2', 1),
  );
  writeFileSync(
    join(sessionFolder, 'subagents', 'workflows', 'run-1', 'agent-b.2.meta.json'),
    JSON.stringify({ toolUseId: 'toolu_nested', parentAgentId: 'a1' }),
  );
  writeFileSync(join(sessionFolder, 'subagents', 'notes.txt'), 'not a transcript');
  writeFileSync(join(sessionFolder, 'subagents', 'agent-bad id.jsonl'), agentTranscript('x', 1));
});
afterEach(() => temp.cleanup());

describe('listSubagents', () => {
  it('should list agent ids from subagents/ and nested workflow folders', async () => {
    expect(await listSubagents(S, { configDir: temp.configDir })).toEqual(['a1', 'b.2']);
    expect(await listSubagents(uuid(2), { configDir: temp.configDir })).toEqual([]);
    expect(await listSubagents('nope', { configDir: temp.configDir })).toEqual([]);
  });
});

describe('getSubagentMessages', () => {
  it('should return the subagent chain with parent ids from the sidecar', async () => {
    const messages = await getSubagentMessages(S, 'a1', { configDir: temp.configDir });
    expect(messages.map((m) => m.uuid)).toEqual([uuid(5000), uuid(5001), uuid(5002), uuid(5003)]);
    expect(messages.every((m) => m.parent_tool_use_id === 'toolu_parent' && m.parent_agent_id === null)).toBe(
      true,
    );
    const nested = await getSubagentMessages(S, 'b.2', { configDir: temp.configDir, limit: 1 });
    expect(nested).toHaveLength(1);
    expect(nested[0]).toMatchObject({ parent_tool_use_id: 'toolu_nested', parent_agent_id: 'a1' });
  });

  it('should give null parent ids without a usable sidecar', async () => {
    writeFileSync(join(sessionFolder, 'subagents', 'agent-a1.meta.json'), '{corrupt');
    const messages = await getSubagentMessages(S, 'a1', { configDir: temp.configDir });
    expect(messages).toHaveLength(4);
    expect(messages[0]).toMatchObject({ parent_tool_use_id: null, parent_agent_id: null });
  });

  it('should refuse agent ids outside [A-Za-z0-9._-] and dot names', async () => {
    for (const agentId of ['..', '.', '../a1', 'a1/..', 'bad id', '', 'a1\u0000']) {
      expect(await getSubagentMessages(S, agentId, { configDir: temp.configDir })).toEqual([]);
      expect(await getSubagentMetadata(S, agentId, { configDir: temp.configDir })).toBeUndefined();
    }
  });

  it('should take the last message as the leaf of a subagent transcript', async () => {
    writeFileSync(
      join(sessionFolder, 'subagents', 'agent-c.jsonl'),
      jsonl([
        userEntry(S, uuid(1), null, 'task', { isSidechain: true }),
        assistantEntry(S, uuid(2), uuid(1), 'first try', { isSidechain: true }),
        assistantEntry(S, uuid(3), uuid(1), 'second try', { isSidechain: true }),
      ]),
    );
    const messages = await getSubagentMessages(S, 'c', { configDir: temp.configDir });
    expect(messages.map((m) => m.uuid)).toEqual([uuid(1), uuid(3)]);
  });
});

// How a subagent's transcript is read, unlike a main one: each case was run on the official SDK
// 0.3.332 (the side-by-side probes behind tooling/bench/src/session-read-parity.property.test.ts).
describe('getSubagentMessages, as the official reads a subagent', () => {
  const side = { isSidechain: true };
  const toolUse = (id: string) => ({
    message: { role: 'assistant', id: 'msg_1', content: [{ type: 'tool_use', id, name: 'Read', input: {} }] },
  });
  const toolResult = (id: string) => ({
    message: { role: 'user', content: [{ type: 'tool_result', tool_use_id: id, content: 'ok' }] },
  });
  async function uuidsOf(entries: Record<string, unknown>[]): Promise<string[]> {
    writeFileSync(join(sessionFolder, 'subagents', 'agent-c.jsonl'), jsonl(entries));
    return (await getSubagentMessages(S, 'c', { configDir: temp.configDir })).map((m) => m.uuid);
  }

  it.each(['system', 'progress'])(
    'should end the walk at a %s entry (a main conversation walks through it)',
    async (type) => {
      const between = { type, uuid: uuid(2), parentUuid: uuid(1), sessionId: S, isSidechain: true };
      const entries = [
        userEntry(S, uuid(1), null, 'task', side),
        between,
        userEntry(S, uuid(3), uuid(2), 'more', side),
      ];
      expect(await uuidsOf(entries)).toEqual([uuid(3)]);
      const main = uuid(9);
      writeTranscript(
        temp.projectsDir,
        '-p',
        main,
        jsonl(entries.map((entry) => ({ ...entry, isSidechain: false, sessionId: main }))),
      );
      const read = await getSessionMessages(main, { configDir: temp.configDir });
      expect(read.map((m) => m.uuid)).toEqual([uuid(1), uuid(3)]);
    },
  );

  it('should walk through an attachment entry', async () => {
    const attachment = {
      type: 'attachment',
      uuid: uuid(2),
      parentUuid: uuid(1),
      sessionId: S,
      isSidechain: true,
      attachment: {},
    };
    expect(
      await uuidsOf([
        userEntry(S, uuid(1), null, 'task', side),
        attachment,
        userEntry(S, uuid(3), uuid(2), 'more', side),
      ]),
    ).toEqual([uuid(1), uuid(3)]);
  });

  it('should not put back parallel tool results off the walked path', async () => {
    expect(
      await uuidsOf([
        userEntry(S, uuid(1), null, 'task', side),
        assistantEntry(S, uuid(2), uuid(1), '', { ...side, ...toolUse('t2') }),
        assistantEntry(S, uuid(3), uuid(2), '', { ...side, ...toolUse('t3') }),
        userEntry(S, uuid(4), uuid(2), '', { ...side, ...toolResult('t2') }),
        userEntry(S, uuid(5), uuid(3), '', { ...side, ...toolResult('t3') }),
      ]),
    ).toEqual([uuid(1), uuid(2), uuid(3), uuid(5)]);
  });

  it('should mark is_meta only an entry whose isMeta is true', async () => {
    writeFileSync(
      join(sessionFolder, 'subagents', 'agent-c.jsonl'),
      jsonl([
        userEntry(S, uuid(1), null, 'task', { ...side, isMeta: true }),
        userEntry(S, uuid(2), uuid(1), 'more', { ...side, isMeta: 'yes' }),
      ]),
    );
    const messages = await getSubagentMessages(S, 'c', { configDir: temp.configDir });
    expect(messages.map((m) => m.is_meta)).toEqual([true, undefined]);
  });

  it.each<[string, unknown, string | null]>([
    ['a tool use id', 'toolu_01', 'toolu_01'],
    ['dots, colons, dashes and underscores', 'call:1.a-b_c', 'call:1.a-b_c'],
    ['128 characters', 'x'.repeat(128), 'x'.repeat(128)],
    ['129 characters', 'x'.repeat(129), null],
    ['a space', 'toolu 01', null],
    ['a letter outside ASCII', 'é', null],
    ['empty', '', null],
    ['a number', 42, null],
  ])('should take a sidecar toolUseId of %s only when it is an id', async (_, toolUseId, expected) => {
    writeFileSync(join(sessionFolder, 'subagents', 'agent-a1.meta.json'), JSON.stringify({ toolUseId }));
    const [first] = await getSubagentMessages(S, 'a1', { configDir: temp.configDir });
    expect(first?.parent_tool_use_id).toBe(expected);
  });

  it.each<[string, unknown, string | null]>([
    ['an agent id', 'worker-1_a', 'worker-1_a'],
    ['a dot', 'a.b', null],
    ['a colon', 'a:b', null],
    ['a space around it', ' a1', null],
    ['empty', '', null],
  ])(
    'should take a sidecar parentAgentId of %s only when it is an id',
    async (_, parentAgentId, expected) => {
      writeFileSync(
        join(sessionFolder, 'subagents', 'agent-a1.meta.json'),
        JSON.stringify({ parentAgentId }),
      );
      const [first] = await getSubagentMessages(S, 'a1', { configDir: temp.configDir });
      expect(first?.parent_agent_id).toBe(expected);
    },
  );
});

describe('getSubagentMetadata', () => {
  it('should return the sidecar as written, unknown fields kept', async () => {
    expect(await getSubagentMetadata(S, 'a1', { configDir: temp.configDir })).toEqual({
      agentType: 'general-purpose',
      toolUseId: 'toolu_parent',
      spawnDepth: 1,
      extra: { kept: true },
    });
  });

  it('should accept {} and refuse corrupt, non-object, invalid UTF-8 and non-regular sidecars', async () => {
    const meta = join(sessionFolder, 'subagents', 'agent-a1.meta.json');
    writeFileSync(meta, '{}');
    expect(await getSubagentMetadata(S, 'a1', { configDir: temp.configDir })).toEqual({});
    for (const body of [
      '[1,2]',
      'null',
      '{"a":',
      Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0x22, 0x7d]),
    ]) {
      writeFileSync(meta, body);
      expect(await getSubagentMetadata(S, 'a1', { configDir: temp.configDir })).toBeUndefined();
    }
    const { rmSync } = await import('node:fs');
    rmSync(meta);
    mkdirSync(meta);
    expect(await getSubagentMetadata(S, 'a1', { configDir: temp.configDir })).toBeUndefined();
  });

  it('should return undefined until the transcript exists', async () => {
    writeFileSync(join(sessionFolder, 'subagents', 'agent-early.meta.json'), '{"toolUseId":"t"}');
    expect(await getSubagentMetadata(S, 'early', { configDir: temp.configDir })).toBeUndefined();
    writeFileSync(join(sessionFolder, 'subagents', 'agent-early.jsonl'), '');
    expect(await getSubagentMetadata(S, 'early', { configDir: temp.configDir })).toEqual({ toolUseId: 't' });
  });
});
