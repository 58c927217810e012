import { mkdirSync, realpathSync, symlinkSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
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
import { sanitizePath } from './project-key.js';
import { getSessionInfo } from './session-info.js';

let temp: TempConfig;
beforeEach(() => {
  temp = makeTempConfig();
});
afterEach(() => temp.cleanup());

const T0 = Date.UTC(2026, 2, 1);
const KiB = 1024;

function simple(sessionId: string, text: string, extra: Record<string, unknown> = {}): string {
  return jsonl([
    userEntry(sessionId, uuid(1), null, text, extra),
    assistantEntry(sessionId, uuid(2), uuid(1), 'ok'),
  ]);
}

/** An attachment line of about `bytes` bytes that carries no summary field. */
function filler(bytes: number): Record<string, unknown> {
  return {
    type: 'attachment',
    uuid: `f-${bytes}-${Math.random()}`,
    attachment: { type: 'blob', text: 'z'.repeat(bytes) },
  };
}

describe('listSessions ordering and paging', () => {
  it('should list newest first, equal mtimes by session id descending, with stable pages', async () => {
    writeTranscript(temp.projectsDir, '-p', uuid(3), simple(uuid(3), 'three'), T0 + 1000);
    writeTranscript(temp.projectsDir, '-p', uuid(1), simple(uuid(1), 'one'), T0 + 1000);
    writeTranscript(temp.projectsDir, '-q', uuid(2), simple(uuid(2), 'two'), T0 + 1000);
    writeTranscript(temp.projectsDir, '-q', uuid(4), simple(uuid(4), 'four'), T0 + 5000);
    const all = await listSessions({ configDir: temp.configDir });
    expect(all.map((s) => s.summary)).toEqual(['four', 'three', 'two', 'one']);
    expect(all[0]?.lastModified).toBe(T0 + 5000);
    const pages = [
      await listSessions({ configDir: temp.configDir, limit: 2 }),
      await listSessions({ configDir: temp.configDir, limit: 2, offset: 2 }),
      await listSessions({ configDir: temp.configDir, limit: 2, offset: 4 }),
    ];
    expect(pages.flat()).toEqual(all);
    expect(pages[2]).toEqual([]);
    expect(await listSessions({ configDir: temp.configDir, limit: 0 })).toEqual(all);
    expect(await listSessions({ configDir: temp.configDir, offset: 3 })).toEqual(all.slice(3));
  });

  it('should report every field of SDKSessionInfo', async () => {
    const id = uuid(7);
    const body = jsonl([
      { type: 'queue-operation', operation: 'enqueue', timestamp: '2026-03-01T10:00:00.000Z', sessionId: id },
      userEntry(id, uuid(1), null, 'hello there', { cwd: '/work/app', gitBranch: 'feature' }),
      assistantEntry(id, uuid(2), uuid(1), 'hi'),
      { type: 'custom-title', customTitle: 'Named', sessionId: id },
      { type: 'tag', tag: 'urgent', sessionId: id },
    ]);
    const path = writeTranscript(temp.projectsDir, '-work-app', id, body, T0);
    const [info] = await listSessions({ configDir: temp.configDir });
    expect(info).toEqual({
      sessionId: id,
      summary: 'Named',
      lastModified: T0,
      fileSize: Buffer.byteLength(body),
      customTitle: 'Named',
      firstPrompt: 'hello there',
      gitBranch: 'feature',
      cwd: '/work/app',
      tag: 'urgent',
      createdAt: Date.parse('2026-03-01T10:00:00.000Z'),
    });
    expect(path.endsWith(`${id}.jsonl`)).toBe(true);
  });
});

describe('listSessions skips', () => {
  it('should skip stubs, sidechains, metadata-only sessions, and files that are not transcripts', async () => {
    writeTranscript(temp.projectsDir, '-p', uuid(1), simple(uuid(1), 'kept'), T0);
    writeTranscript(temp.projectsDir, '-p', uuid(2), '', T0);
    writeTranscript(temp.projectsDir, '-p', uuid(3), simple(uuid(3), 'side', { isSidechain: true }), T0);
    writeTranscript(
      temp.projectsDir,
      '-p',
      uuid(4),
      jsonl([
        { type: 'cost-state', sessionId: uuid(4) },
        { type: 'user', gitBranch: 'x' },
      ]),
      T0,
    );
    writeTranscript(temp.projectsDir, '-p', 'not-a-uuid', simple(uuid(5), 'bad name'), T0);
    writeFileSync(join(temp.projectsDir, '-p', `${uuid(6)}.json`), simple(uuid(6), 'wrong suffix'));
    mkdirSync(join(temp.projectsDir, '-p', `${uuid(7)}.jsonl`));
    writeFileSync(join(temp.projectsDir, 'stray-file'), 'x');
    const listed = await listSessions({ configDir: temp.configDir });
    expect(listed.map((s) => s.summary)).toEqual(['kept']);
    expect(await getSessionInfo(uuid(3), { configDir: temp.configDir })).toBeUndefined();
    expect(await getSessionInfo(uuid(2), { configDir: temp.configDir })).toBeUndefined();
  });

  it('should return [] when the projects folder is missing', async () => {
    expect(await listSessions({ configDir: join(temp.root, 'nowhere') })).toEqual([]);
    expect(
      await listSessions({ configDir: temp.configDir, dir: join(temp.root, 'no-such-project') }),
    ).toEqual([]);
  });

  it('should hide programmatic and daemon sessions only when asked', async () => {
    writeTranscript(temp.projectsDir, '-p', uuid(1), simple(uuid(1), 'cli', { entrypoint: 'cli' }), T0);
    writeTranscript(temp.projectsDir, '-p', uuid(2), simple(uuid(2), 'sdk', { entrypoint: 'sdk-ts' }), T0);
    writeTranscript(
      temp.projectsDir,
      '-p',
      uuid(3),
      simple(uuid(3), 'daemon', { sessionKind: 'daemon-worker' }),
      T0,
    );
    const visible = await listSessions({ configDir: temp.configDir, includeProgrammatic: false });
    expect(visible.map((s) => s.summary)).toEqual(['cli']);
    expect(await listSessions({ configDir: temp.configDir })).toHaveLength(3);
  });
});

describe('listSessions dedupe across project folders', () => {
  const id = uuid(9);

  it('should list the newest copy, and look the id up in folder name order', async () => {
    writeTranscript(temp.projectsDir, '-a', id, simple(id, 'old copy'), T0);
    writeTranscript(temp.projectsDir, '-b', id, simple(id, 'new copy'), T0 + 10);
    const listed = await listSessions({ configDir: temp.configDir });
    expect(listed.map((s) => s.summary)).toEqual(['new copy']);
    expect((await getSessionInfo(id, { configDir: temp.configDir }))?.summary).toBe('old copy');
  });

  it('should prefer the larger copy on equal mtimes, then the first folder', async () => {
    writeTranscript(temp.projectsDir, '-a', id, simple(id, 'short'), T0);
    writeTranscript(temp.projectsDir, '-b', id, simple(id, 'the longer copy'), T0);
    expect((await listSessions({ configDir: temp.configDir })).map((s) => s.summary)).toEqual([
      'the longer copy',
    ]);
    writeTranscript(temp.projectsDir, '-c', id, simple(id, 'the longer cop2'), T0);
    expect((await listSessions({ configDir: temp.configDir })).map((s) => s.summary)).toEqual([
      'the longer copy',
    ]);
  });
});

describe('listSessions reads only the head and the tail', () => {
  it('should take tags, last prompts and summaries from the last 64 KiB only', async () => {
    const id = uuid(1);
    const body = jsonl([
      userEntry(id, uuid(2), null, 'first prompt'),
      { type: 'tag', tag: 'head-tag', sessionId: id },
      { type: 'last-prompt', lastPrompt: 'early last prompt', sessionId: id },
      { type: 'custom-title', customTitle: 'head title', sessionId: id },
      filler(70 * KiB),
      filler(70 * KiB),
    ]);
    writeTranscript(temp.projectsDir, '-p', id, body, T0);
    const [info] = await listSessions({ configDir: temp.configDir });
    expect(info?.tag).toBeUndefined();
    expect(info?.customTitle).toBe('head title');
    expect(info?.summary).toBe('head title');
  });

  it('should not see a title with more than 64 KiB on both sides, and use a last prompt at the end', async () => {
    const id = uuid(1);
    const body = jsonl([
      userEntry(id, uuid(2), null, 'first prompt'),
      filler(70 * KiB),
      { type: 'custom-title', customTitle: 'middle title', sessionId: id },
      filler(70 * KiB),
      { type: 'last-prompt', lastPrompt: 'recent prompt', sessionId: id },
    ]);
    writeTranscript(temp.projectsDir, '-p', id, body, T0);
    const [info] = await listSessions({ configDir: temp.configDir });
    expect(info?.customTitle).toBeUndefined();
    expect(info?.summary).toBe('recent prompt');
    expect(info?.firstPrompt).toBe('first prompt');
  });

  it('should find the first prompt behind a first line over 64 KiB, but not take its cwd', async () => {
    const id = uuid(1);
    const big = {
      type: 'attachment',
      uuid: uuid(3),
      cwd: '/from/big/line',
      timestamp: '2026-03-01T00:00:00.000Z',
      attachment: { text: 'q'.repeat(80 * KiB) },
    };
    const body = jsonl([
      big,
      userEntry(id, uuid(2), uuid(3), 'prompt after a big hook', {
        cwd: '/later',
        timestamp: '2026-03-02T00:00:00.000Z',
      }),
      filler(100 * KiB),
    ]);
    const project = join(temp.root, 'proj');
    mkdirSync(project);
    const { projectKeyForDirectory } = await import('./project-key.js');
    writeTranscript(temp.projectsDir, await projectKeyForDirectory(project), id, body, T0);
    const [info] = await listSessions({ configDir: temp.configDir, dir: project });
    expect(info?.firstPrompt).toBe('prompt after a big hook');
    expect(info?.createdAt).toBe(Date.parse('2026-03-01T00:00:00.000Z'));
    expect(info?.cwd).toBe(await (await import('./project-key.js')).canonicalizePath(project));
  });

  it('should not find a first prompt that ends past 1 MiB', async () => {
    const id = uuid(1);
    const late = jsonl([filler(1100 * KiB), userEntry(id, uuid(2), null, 'too late'), filler(70 * KiB)]);
    writeTranscript(temp.projectsDir, '-p', id, late, T0);
    expect(await listSessions({ configDir: temp.configDir })).toEqual([]);
    const titled = `${late}${jsonl([{ type: 'custom-title', customTitle: 'saved by title', sessionId: id }])}`;
    writeTranscript(temp.projectsDir, '-p', id, titled, T0);
    const [info] = await listSessions({ configDir: temp.configDir });
    expect(info?.summary).toBe('saved by title');
    expect(info?.firstPrompt).toBeUndefined();
    expect(info?.createdAt).toBeUndefined();
  });

  it('should ignore a cut last line and read invalid UTF-8 as U+FFFD', async () => {
    const id = uuid(1);
    const good = Buffer.from(jsonl([userEntry(id, uuid(2), null, 'caf\u00e9')]));
    const bad = Buffer.from(jsonl([{ type: 'custom-title', customTitle: 'bad-byte-title', sessionId: id }]));
    const index = bad.indexOf('-byte');
    bad[index] = 0xff;
    const cut = Buffer.from('{"type":"custom-title","customTitle":"never');
    writeTranscript(temp.projectsDir, '-p', id, Buffer.concat([good, bad, cut]), T0);
    const [info] = await listSessions({ configDir: temp.configDir });
    expect(info?.customTitle).toBe('bad\ufffdbyte-title');
    expect(info?.firstPrompt).toBe('caf\u00e9');
  });
});

describe('listSessions options', () => {
  it('should reject bad options with a TypeError quoting the value', async () => {
    await expect(listSessions({ limit: 'two' as unknown as number })).rejects.toThrow(
      /limit must be a number or the text of one, got "two"/,
    );
    await expect(listSessions({ offset: true as unknown as number })).rejects.toThrow(TypeError);
    await expect(listSessions({ dir: 7 as unknown as string })).rejects.toThrow(/dir/);
    await expect(listSessions({ includeWorktrees: 'yes' as unknown as boolean })).rejects.toThrow(/"yes"/);
    await expect(listSessions('x' as unknown as object)).rejects.toThrow(TypeError);
  });

  it('should report archive marks', async () => {
    writeTranscript(temp.projectsDir, '-p', uuid(1), simple(uuid(1), 'archived one'), T0 + 2);
    writeTranscript(temp.projectsDir, '-p', uuid(2), simple(uuid(2), 'unarchived one'), T0 + 1);
    writeTranscript(temp.projectsDir, '-p', uuid(3), simple(uuid(3), 'never'), T0);
    mkdirSync(join(temp.projectsDir, '-p', uuid(1)));
    writeFileSync(
      join(temp.projectsDir, '-p', uuid(1), 'archived.json'),
      '{"archived":true,"at":"x","by":"cli"}',
    );
    mkdirSync(join(temp.projectsDir, '-p', uuid(2)));
    writeFileSync(join(temp.projectsDir, '-p', uuid(2), 'archived.json'), '{"archived":false}');
    const listed = await listSessions({ configDir: temp.configDir });
    expect(listed.map((s) => s.archived)).toEqual([true, false, undefined]);
    // Never archived: the key is there, holding undefined, as in the official SDK's rows.
    expect(Object.keys(listed[2]!)).toContain('archived');
  });

  it('should find a removed project from any spelling of its path (a difference from the official SDK, on purpose)', async () => {
    // The CLI recorded the project where it ran: under the real path of temp.root, a folder since removed.
    const realRoot = realpathSync(temp.root);
    const removed = join(realRoot, 'gone', 'project');
    const key = sanitizePath(removed);
    writeTranscript(
      temp.projectsDir,
      key,
      uuid(1),
      simple(uuid(1), 'in the removed project', { cwd: removed }),
      T0,
    );
    symlinkSync(realRoot, join(temp.root, 'link'));
    const spellings = [
      removed,
      `${removed}/`,
      `${realRoot}/gone/./project/.`,
      `${realRoot}//gone/other/../project`,
      join(temp.root, 'link', 'gone', 'project'),
      relative(process.cwd(), removed),
    ];
    for (const dir of spellings) {
      const listed = await listSessions({ configDir: temp.configDir, dir });
      expect(
        listed.map((s) => s.summary),
        dir,
      ).toEqual(['in the removed project']);
      expect((await getSessionInfo(uuid(1), { configDir: temp.configDir, dir }))?.cwd, dir).toBe(removed);
    }
  });

  it('should read the conversation of a listed session', async () => {
    writeTranscript(temp.projectsDir, '-p', uuid(1), jsonl(conversation(uuid(1), 2)), T0);
    const [info] = await listSessions({ configDir: temp.configDir });
    expect(info?.summary).toBe('prompt 0');
  });
});
