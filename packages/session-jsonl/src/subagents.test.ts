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
