import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeTempConfig, type TempConfig, uuid, writeTranscript } from '../test/helpers.js';
import { listSessions } from './list-sessions.js';
import { getSessionInfo } from './session-info.js';

// What a listing takes from a first line opened by a byte order mark (the CLI never writes one;
// an editor may): each case was run on the official SDK 0.3.332 (the side-by-side probes behind
// tooling/bench/src/session-read-parity.property.test.ts) and gave the row expected here.

let temp: TempConfig;
beforeEach(() => {
  temp = makeTempConfig();
});
afterEach(() => temp.cleanup());

const S = uuid(1);
const MARK = '\ufeff';
/** The second line: a prompt, so the session is listed whatever the first line gives. */
const PROMPT = JSON.stringify({
  type: 'user',
  parentUuid: null,
  isSidechain: false,
  uuid: uuid(0x102),
  sessionId: S,
  message: { role: 'user', content: 'hello' },
});
const USER_LINE = {
  type: 'user',
  parentUuid: null,
  isSidechain: false,
  uuid: uuid(0x101),
  sessionId: S,
  cwd: '/work/first',
  gitBranch: 'first-branch',
  timestamp: '2026-01-02T00:00:00.000Z',
  entrypoint: 'sdk-ts',
  message: { role: 'user', content: 'first' },
};

/** How the first line is spelled. */
const SPELLINGS: Record<string, (json: string) => string> = {
  plain: (json) => json,
  'space before the object': (json) => ` ${json}`,
  'spaces inside the braces': (json) => `  { ${json.slice(1, -1)} }  `,
  'a space after each colon': (json) => json.replace(/":/g, '": '),
  'another type key first': (json) => `{"type":"assistant",${json.slice(1)}`,
};

async function rowAfterMark(first: object, spelling: string, extra: object = {}) {
  writeTranscript(
    temp.projectsDir,
    '-p',
    S,
    `${MARK}${SPELLINGS[spelling]!(JSON.stringify(first))}\n${PROMPT}\n`,
  );
  const rows = await listSessions({ configDir: temp.configDir, ...extra });
  return rows.find((row) => row.sessionId === S);
}

describe('a first line after a byte order mark', () => {
  it.each(Object.keys(SPELLINGS))(
    'gives its cwd, branch, time and entry point, but not its prompt text (%s)',
    async (spelling) => {
      const row = await rowAfterMark(USER_LINE, spelling);
      expect(row).toMatchObject({
        cwd: '/work/first',
        gitBranch: 'first-branch',
        createdAt: Date.parse('2026-01-02T00:00:00.000Z'),
        firstPrompt: 'hello',
      });
      // An SDK entry point makes the session programmatic.
      expect(await rowAfterMark(USER_LINE, spelling, { includeProgrammatic: false })).toBeUndefined();
    },
  );

  it.each(Object.keys(SPELLINGS))("makes the session a subagent's when it says so (%s)", async (spelling) => {
    expect(await rowAfterMark({ ...USER_LINE, isSidechain: true }, spelling)).toBeUndefined();
  });

  it.each<[string, boolean]>([
    ['plain', true],
    ['space before the object', true],
    ['spaces inside the braces', false],
    ['a space after each colon', false],
    ['another type key first', false],
  ])(
    'gives a title or tag only when spelled starting {"type":"<its type>" (%s: %s)',
    async (spelling, read) => {
      const custom = await rowAfterMark(
        { type: 'custom-title', customTitle: 'Named', sessionId: S },
        spelling,
      );
      expect(custom?.customTitle).toBe(read ? 'Named' : undefined);
      const ai = await rowAfterMark({ type: 'ai-title', aiTitle: 'Guessed', sessionId: S }, spelling);
      expect(ai?.summary).toBe(read ? 'Guessed' : 'hello');
      const tag = await rowAfterMark({ type: 'tag', tag: 'urgent', sessionId: S }, spelling);
      expect(tag?.tag).toBe(read ? 'urgent' : undefined);
      // getSessionInfo reads the file as the listing does.
      expect((await getSessionInfo(S, { configDir: temp.configDir }))?.tag).toBe(read ? 'urgent' : undefined);
    },
  );
});
