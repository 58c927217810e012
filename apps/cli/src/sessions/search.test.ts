import { getSessionMessages, getSubagentMessages, listSessions } from '@ccsdk/session-store';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { copyFixture, type FixtureCopy, runCcsdk } from '../../test/run-ccsdk.js';

let fixture: FixtureCopy;
beforeEach(() => {
  fixture = copyFixture();
});
afterEach(() => fixture.cleanup());

/** Keys whose values are ids or kinds, not text a person reads. */
const NOT_TEXT_KEYS = new Set(['type', 'id', 'tool_use_id', 'role', 'signature']);

/** Every readable string inside a stored message's content, by a plain walk (the test's own oracle). */
function stringsOf(value: unknown, key = ''): string[] {
  if (typeof value === 'string') return NOT_TEXT_KEYS.has(key) ? [] : [value];
  if (Array.isArray(value)) return value.flatMap((item) => stringsOf(item));
  if (typeof value === 'object' && value !== null) {
    return Object.entries(value).flatMap(([inner, item]) => stringsOf(item, inner));
  }
  return [];
}

/** The ids of the sessions whose messages hold `test`, in listing order, as the library reads them. */
async function expectedHits(test: (text: string) => boolean, dir?: string): Promise<string[]> {
  const options = { configDir: fixture.configDir, ...(dir === undefined ? {} : { dir }) };
  const hits: string[] = [];
  for (const session of await listSessions(options)) {
    const messages = await getSessionMessages(session.sessionId, options);
    if (
      messages.some((message) => stringsOf((message.message as { content?: unknown })?.content).some(test))
    ) {
      hits.push(session.sessionId);
    }
  }
  return hits;
}

interface Hit {
  session: { sessionId: string; summary: string };
  matches: number;
  firstMatch: {
    uuid: string;
    parentToolUseId: string | null;
    snippet: { before: string; match: string; after: string };
  };
}

async function searchJson(args: string[], cwd?: string): Promise<Hit[]> {
  const run = await runCcsdk(['sessions', 'search', ...args, '--json'], {
    env: fixture.env,
    ...(cwd ? { cwd } : {}),
  });
  expect(run.code, run.stderr).toBe(0);
  return JSON.parse(run.stdout) as Hit[];
}

describe('ccsdk sessions search', () => {
  it('should find, newest first, the sessions whose messages contain the text, ignoring case', async () => {
    const hits = await searchJson(['subtask', '--all-projects']);
    const expected = await expectedHits((text) => text.toLowerCase().includes('subtask'));
    expect(hits.map((hit) => hit.session.sessionId)).toEqual(expected);
    expect(expected.length).toBeGreaterThan(0);
    for (const hit of hits) {
      expect(hit.firstMatch.snippet.match.toLowerCase()).toBe('subtask');
      expect(hit.matches).toBeGreaterThan(0);
    }
    const listed = await listSessions({ configDir: fixture.configDir });
    expect(hits.map((hit) => hit.session)).toEqual(
      JSON.parse(JSON.stringify(listed.filter((session) => expected.includes(session.sessionId)))),
    );
  });

  it('should match case exactly with --case-sensitive, and take a regular expression with --regex', async () => {
    const exact = await searchJson(['SPAWN', '--all-projects', '--case-sensitive']);
    expect(exact.map((hit) => hit.session.sessionId)).toEqual(
      await expectedHits((text) => text.includes('SPAWN')),
    );
    const none = await searchJson(['spawn', '--all-projects', '--case-sensitive']);
    expect(none.map((hit) => hit.session.sessionId)).toEqual(
      await expectedHits((text) => text.includes('spawn')),
    );
    const pattern = /caf[eé]\s+prompt/i;
    const regex = await searchJson(['caf[eé]\\s+prompt', '--all-projects', '--regex']);
    expect(regex.map((hit) => hit.session.sessionId)).toEqual(
      await expectedHits((text) => pattern.test(text)),
    );
    expect(regex.length).toBeGreaterThan(0);
  });

  it('should stop after --limit hits and search only the current project by default', async () => {
    const all = await searchJson(['prompt', '--all-projects']);
    expect(all.length).toBeGreaterThan(2);
    expect(await searchJson(['prompt', '--all-projects', '--limit', '2'])).toEqual(all.slice(0, 2));
    const inApp = await searchJson(['prompt', '--dir', '/home/dev/app']);
    expect(inApp.map((hit) => hit.session.sessionId)).toEqual(
      await expectedHits((text) => text.toLowerCase().includes('prompt'), '/home/dev/app'),
    );
    expect(await searchJson(['prompt'], fixture.home)).toEqual([]);
  });

  it('should print each hit with its snippet, without colour off a terminal', async () => {
    const run = await runCcsdk(['sessions', 'search', 'SUBTASK', '--all-projects'], { env: fixture.env });
    expect(run.code).toBe(0);
    const lines = run.stdout.trimEnd().split('\n');
    const expected = await expectedHits((text) => text.toLowerCase().includes('subtask'));
    expect(lines).toHaveLength(expected.length * 2);
    expect(lines.filter((_, index) => index % 2 === 0).map((line) => line.slice(0, 36))).toEqual(expected);
    for (const snippet of lines.filter((_, index) => index % 2 === 1))
      expect(snippet).toMatch(/^ {4}.*subtask/i);
    expect(run.stdout).not.toContain('\x1b[');
    expect(run.stderr).toBe('');
  });

  it('should print [] and say so when nothing matches, and refuse a bad pattern with exit 2', async () => {
    expect(await searchJson(['zzz-no-such-text', '--all-projects'])).toEqual([]);
    const human = await runCcsdk(['sessions', 'search', 'zzz-no-such-text', '--all-projects'], {
      env: fixture.env,
    });
    expect(human.stdout).toBe('');
    expect(human.stderr).toBe('No session matches "zzz-no-such-text".\n');
    const bad = await runCcsdk(['sessions', 'search', '(unclosed', '--regex'], { env: fixture.env });
    expect(bad.code).toBe(2);
    expect(bad.stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(bad.stderr).toContain('not a valid regular expression');
  });

  it('should search the subagent transcripts too with --subagents, marking a match found there', async () => {
    // "nested done" is only in a subagent transcript of session ...108 (workflows/run-7/agent-nested.1).
    expect(await searchJson(['nested done', '--all-projects'])).toEqual([]);
    const hits = await searchJson(['nested done', '--all-projects', '--subagents']);
    expect(hits.map((hit) => hit.session.sessionId)).toEqual(['00000000-0000-4000-8000-000000000108']);
    const subagent = await getSubagentMessages('00000000-0000-4000-8000-000000000108', 'nested.1', {
      configDir: fixture.configDir,
    });
    const answer = subagent.find((message) => message.type === 'assistant')!;
    expect(hits[0]!.firstMatch).toMatchObject({ uuid: answer.uuid, snippet: { match: 'nested done' } });
    expect(hits[0]!.firstMatch.parentToolUseId).not.toBeNull();
    expect(hits[0]!.matches).toBe(1);
    // A match in the main conversation keeps parentToolUseId null, and the same hits as without the flag.
    const main = await searchJson(['all done', '--all-projects', '--subagents']);
    expect(main.map((hit) => hit.session.sessionId)).toEqual(
      await expectedHits((text) => text.includes('all done')),
    );
    expect(main.every((hit) => hit.firstMatch.parentToolUseId === null)).toBe(true);
    const human = await runCcsdk(['sessions', 'search', 'nested done', '--all-projects', '--subagents'], {
      env: fixture.env,
    });
    expect(human.stdout.trimEnd().split('\n')[1]).toMatch(/^ {4}┃ nested done/);
  });
});
