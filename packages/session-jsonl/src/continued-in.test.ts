import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { jsonl, makeTempConfig, type TempConfig, uuid, writeTranscript } from '../test/helpers.js';
import { listSessions } from './list-sessions.js';

// When a session continued in another is left out of the listing: each case was run on the
// official SDK 0.3.332 (the side-by-side probes behind
// tooling/bench/src/session-read-parity.property.test.ts) and gave the outcome expected here.

let temp: TempConfig;
beforeEach(() => {
  temp = makeTempConfig();
});
afterEach(() => temp.cleanup());

const SOURCE = uuid(1);
const TARGET = uuid(2);
const prompt = (text: string, extra: Record<string, unknown> = {}) => ({
  type: 'user',
  message: { role: 'user', content: text },
  ...extra,
});
/** A `continued-in` entry as the CLI writes it (with the session id), or without the id. */
const continuation = (target: unknown = TARGET, withSessionId = true) => ({
  type: 'continued-in',
  continuedInSessionId: target,
  ...(withSessionId ? { sessionId: SOURCE } : {}),
});
/** A target that is a conversation: it has a message line (a top-level `parentUuid`). */
const conversationTarget = [prompt('target', { uuid: uuid(20), parentUuid: null, sessionId: TARGET })];

async function listed(source: object[], target: object[] = conversationTarget): Promise<boolean> {
  writeTranscript(temp.projectsDir, '-p', SOURCE, jsonl(source));
  writeTranscript(temp.projectsDir, '-p', TARGET, jsonl(target));
  const rows = await listSessions({ configDir: temp.configDir });
  return rows.some((row) => row.sessionId === SOURCE);
}

describe('a session continued in another', () => {
  it.each<[string, object[], boolean]>([
    ['the continuation last', [prompt('hi'), continuation()], false],
    [
      'a title, a tag, an answer after it',
      [
        prompt('hi'),
        continuation(),
        { type: 'ai-title', aiTitle: 'T' },
        { type: 'tag', tag: 'x' },
        { type: 'assistant', message: { role: 'assistant', content: [] } },
      ],
      false,
    ],
    ['a user prompt after it', [prompt('hi'), continuation(), prompt('back here')], true],
    [
      "a subagent's user prompt after it",
      [prompt('hi'), continuation(), prompt('side', { isSidechain: true })],
      true,
    ],
    [
      'a slash command, a meta entry, a tool result after it',
      [
        prompt('hi'),
        continuation(),
        prompt('<command-name>/x</command-name>'),
        prompt('meta', { isMeta: true }),
        {
          type: 'user',
          message: { role: 'user', content: [{ type: 'tool_result', tool_use_id: 't', content: 'ok' }] },
        },
      ],
      false,
    ],
    [
      'a later continuation without a uuid target',
      [prompt('hi'), continuation(), continuation('not-a-uuid')],
      true,
    ],
    ['a continuation without a session id', [prompt('hi'), continuation(TARGET, false)], false],
    ['a continuation to a missing session', [prompt('hi'), continuation(uuid(99))], true],
  ])('%s', async (_what, source, expected) => {
    expect(await listed(source)).toBe(expected);
  });

  it('should stay listed when the target holds no message line (no top-level parentUuid)', async () => {
    expect(await listed([prompt('hi'), continuation()], [prompt('target')])).toBe(true);
    expect(
      await listed(
        [prompt('hi'), continuation()],
        [{ type: 'custom-title', customTitle: 'x', parentUuid: null }],
      ),
    ).toBe(false);
  });
});
