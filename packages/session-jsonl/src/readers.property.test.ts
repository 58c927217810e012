import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  conversation,
  jsonl,
  makeTempConfig,
  type TempConfig,
  uuid,
  writeTranscript,
} from '../test/helpers.js';
import { forkSession } from './fork-session.js';
import { listSessions } from './list-sessions.js';
import { renameSession, tagSession } from './rename-tag.js';
import { getSessionInfo } from './session-info.js';
import { getSessionMessages } from './session-messages.js';
import { getSubagentMessages, listSubagents } from './subagents.js';
import { sanitizeTag } from './tag-sanitize.js';

let temp: TempConfig;
beforeAll(() => {
  temp = makeTempConfig();
});
afterAll(() => temp.cleanup());

const S = uuid(1);
const RUNS = 40;
const valid = jsonl([...conversation(S, 3), { type: 'custom-title', customTitle: 'T', sessionId: S }]);

/** Bytes that never spell a uuid field, so they cannot add a chain entry. */
const garbage = fc
  .oneof(
    fc.uint8Array({ maxLength: 300 }),
    fc
      .string({
        unit: fc.constantFrom('{', '}', '[', ']', '"', ':', ',', '\\', 'a', '1', ' ', '\n', 'é', '\u2028'),
      })
      .map((s) => Buffer.from(s)),
  )
  .filter((bytes) => !Buffer.from(bytes).includes('uuid') && !Buffer.from(bytes).includes('Title'));

async function readAll() {
  const options = { configDir: temp.configDir };
  return {
    messages: await getSessionMessages(S, options),
    info: await getSessionInfo(S, options),
    listed: await listSessions(options),
    subagents: await listSubagents(S, options),
    subagentMessages: await getSubagentMessages(S, 'a', options),
  };
}

describe('readers on damaged transcripts', () => {
  it('should never throw, and garbage lines should not change what is read', async () => {
    writeTranscript(temp.projectsDir, '-p', S, valid);
    const baseline = await readAll();
    expect(baseline.messages).toHaveLength(6);
    await fc.assert(
      fc.asyncProperty(garbage, fc.nat({ max: 8 }), fc.boolean(), async (junk, at, newlineBefore) => {
        const lines = valid.trimEnd().split('\n');
        const cut = Math.min(at, lines.length);
        const body = Buffer.concat([
          Buffer.from(
            lines
              .slice(0, cut)
              .map((line) => `${line}\n`)
              .join(''),
          ),
          Buffer.from(newlineBefore ? '\n' : ''),
          Buffer.from(junk),
          Buffer.from('\n'),
          Buffer.from(
            lines
              .slice(cut)
              .map((line) => `${line}\n`)
              .join(''),
          ),
        ]);
        writeTranscript(temp.projectsDir, '-p', S, body);
        const result = await readAll();
        expect(result.messages).toEqual(baseline.messages);
        expect(result.info?.summary).toBe('T');
        expect(result.info?.firstPrompt).toBe('prompt 0');
      }),
      { numRuns: RUNS },
    );
  });

  it('should never throw on arbitrary bytes, cut anywhere', async () => {
    await fc.assert(
      fc.asyncProperty(fc.nat(), garbage, async (cut, junk) => {
        const bytes = Buffer.from(valid);
        const body = Buffer.concat([bytes.subarray(0, cut % bytes.length), Buffer.from(junk)]);
        writeTranscript(temp.projectsDir, '-p', S, body);
        const result = await readAll();
        expect(result.messages.length).toBeLessThanOrEqual(6);
        for (const message of result.messages) expect(['user', 'assistant']).toContain(message.type);
      }),
      { numRuns: RUNS },
    );
  });
});

describe('mutations never corrupt the source', () => {
  const title = fc.string({ minLength: 1, maxLength: 40, unit: 'grapheme' }).filter((s) => s.trim() !== '');

  it('should leave rename and tag as exactly one appended entry', async () => {
    await fc.assert(
      fc.asyncProperty(title, fc.boolean(), fc.boolean(), async (text, endsWithNewline, asTag) => {
        const before = endsWithNewline ? valid : valid.trimEnd();
        const path = writeTranscript(temp.projectsDir, '-p', S, before);
        const messagesBefore = await getSessionMessages(S, { configDir: temp.configDir });
        const tag = sanitizeTag(text);
        if (asTag && tag === '') return;
        if (asTag) await tagSession(S, text, { configDir: temp.configDir });
        else await renameSession(S, text, { configDir: temp.configDir });
        const entry = asTag
          ? { type: 'tag', tag, sessionId: S }
          : { type: 'custom-title', customTitle: text.trim(), sessionId: S };
        const expected = `${before}${endsWithNewline ? '' : '\n'}${JSON.stringify(entry)}\n`;
        expect(readFileSync(path, 'utf8')).toBe(expected);
        expect(await getSessionMessages(S, { configDir: temp.configDir })).toEqual(messagesBefore);
        const info = await getSessionInfo(S, { configDir: temp.configDir });
        if (asTag) expect(info?.tag).toBe(tag);
        else expect(info?.customTitle).toBe(text.trim());
      }),
      { numRuns: RUNS },
    );
  });

  it('should leave the source of a fork byte for byte unchanged', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.option(title, { nil: undefined }),
        fc.integer({ min: 0, max: 5 }),
        async (forkTitle, upTo) => {
          const path = writeTranscript(temp.projectsDir, '-p', S, valid);
          const { sessionId } = await forkSession(S, {
            configDir: temp.configDir,
            upToMessageId: uuid(1000 + upTo),
            ...(forkTitle === undefined ? {} : { title: forkTitle }),
          });
          expect(readFileSync(path, 'utf8')).toBe(valid);
          const forked = await getSessionMessages(sessionId, { configDir: temp.configDir });
          const source = await getSessionMessages(S, { configDir: temp.configDir });
          expect(forked.map((m) => m.message)).toEqual(source.slice(0, upTo + 1).map((m) => m.message));
        },
      ),
      { numRuns: 20 },
    );
  });
});
