import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  assistantEntry,
  jsonl,
  makeTempConfig,
  type TempConfig,
  userEntry,
  uuid,
  wholeConversationRequest,
  writeTranscript,
} from '../test/helpers.js';
import { messagesFromEntries } from './entry-messages.js';
import { getSessionMessages } from './session-messages.js';

// Which leaf the conversation walk takes and which entries off the walked path it puts back: each
// case below was run on the official SDK 0.3.332 (the side-by-side probes behind
// tooling/bench/src/session-read-parity.property.test.ts) and gave the uuids expected here.

let temp: TempConfig;
beforeEach(() => {
  temp = makeTempConfig();
});
afterEach(() => temp.cleanup());

const S = uuid(1);
const id = (n: number) => uuid(100 + n);
const parent = (p: number | null) => (p === null ? null : id(p));
const user = (n: number, p: number | null, extra: Record<string, unknown> = {}) =>
  userEntry(S, id(n), parent(p), `u${n}`, extra);
const assistant = (n: number, p: number | null, extra: Record<string, unknown> = {}) =>
  assistantEntry(S, id(n), parent(p), `a${n}`, extra);
const withMessageId = (n: number, p: number | null, messageId: string) => {
  const entry = assistant(n, p);
  return { ...entry, message: { ...(entry['message'] as object), id: messageId } };
};
const toolResult = (n: number, p: number | null) =>
  userEntry(S, id(n), parent(p), [{ type: 'tool_result', tool_use_id: 'toolu_1', content: 'ok' }]);
const system = (n: number, p: number | null) => ({
  type: 'system',
  subtype: 'informational',
  content: 'note',
  uuid: id(n),
  parentUuid: parent(p),
  sessionId: S,
});

const CASES: [string, Record<string, unknown>[], number[], number[]][] = [
  // [what, entries in file order, messages, messages with system entries]
  [
    'a later system entry off an earlier message decides the branch',
    [user(1, null), assistant(2, 1), user(3, 2), system(4, 2)],
    [1, 2],
    [1, 2],
  ],
  [
    'a later attachment off an earlier message decides the branch',
    [user(1, null), assistant(2, 1), user(3, 1), { type: 'attachment', uuid: id(4), parentUuid: id(2) }],
    [1, 2],
    [1, 2],
  ],
  [
    'a progress entry neither ends nor continues a branch',
    [user(1, null), assistant(2, 1), user(3, 1), { type: 'progress', uuid: id(4), parentUuid: id(2) }],
    [1, 3],
    [1, 3],
  ],
  [
    "a subagent's entry does not continue its parent's branch",
    [user(1, null), user(2, 1), user(3, 1), user(4, 3, { isSidechain: true })],
    [1, 3],
    [1, 3],
  ],
  [
    "a subagent's later entry does not end a branch",
    [user(1, null), assistant(2, 1), user(3, 1), user(4, 2, { isSidechain: true })],
    [1, 3],
    [1, 3],
  ],
  [
    "a system entry under a subagent's entry leads to it",
    [user(1, null), assistant(2, 1), user(3, 1, { isSidechain: true }), system(4, 3)],
    [1],
    [1],
  ],
  [
    "a subagent's message above the latest branch end leaves nothing",
    [user(1, null, { isSidechain: true }), user(2, 1), system(3, 1)],
    [],
    [],
  ],
  [
    "a system entry alone under a subagent's one: the subagent's branch",
    [system(1, null), user(2, 1, { isSidechain: true })],
    [],
    [1],
  ],
  ['a system entry alone: nothing', [system(1, null)], [], []],
  [
    'a truthy isSidechain hides the entry',
    [user(1, null), system(2, 1), user(3, 2, { isSidechain: 'true' })],
    [1],
    [1],
  ],
  [
    'a truthy isMeta hides the entry',
    [user(1, null), assistant(2, 1), user(3, 2, { isMeta: 'yes' })],
    [1, 2],
    [1, 2],
  ],
  [
    'a tool result off the path under an assistant message is put back',
    [withMessageId(1, null, 'm1'), toolResult(2, 1), user(3, 1)],
    [1, 2, 3],
    [1, 2, 3],
  ],
  [
    'a plain user entry off the path is not',
    [withMessageId(1, null, 'm1'), user(2, 1), user(3, 1)],
    [1, 3],
    [1, 3],
  ],
  [
    'what follows a put-back tool result is not',
    [withMessageId(1, null, 'm1'), toolResult(2, 1), assistant(4, 2), user(3, 1)],
    [1, 2, 3],
    [1, 2, 3],
  ],
];

describe('the conversation walk, as the official SDK takes it', () => {
  it.each(CASES)('%s (file and store readers)', async (_what, entries, expected, withSystem) => {
    writeTranscript(temp.projectsDir, '-p', S, jsonl(entries));
    const options = { configDir: temp.configDir };
    const uuids = (messages: { uuid: string }[]) => messages.map((m) => m.uuid);
    expect(uuids(await getSessionMessages(S, options))).toEqual(expected.map(id));
    expect(uuids(await getSessionMessages(S, { ...options, includeSystemMessages: true }))).toEqual(
      withSystem.map(id),
    );
    expect(uuids(messagesFromEntries(entries, wholeConversationRequest()))).toEqual(expected.map(id));
  });
});
