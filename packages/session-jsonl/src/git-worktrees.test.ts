import { mkdirSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  assistantEntry,
  jsonl,
  makeTempConfig,
  type TempConfig,
  userEntry,
  uuid,
  writeTranscript,
} from '../test/helpers.js';
import { listGitWorktrees } from './git-worktrees.js';
import { listSessions } from './list-sessions.js';
import { canonicalizePath, projectKeyForDirectory, sanitizePath } from './project-key.js';
import { getSessionMessages } from './session-messages.js';

let temp: TempConfig;
let repo: string;
let linked: string;
let removed: string;

/** A repository laid out as git writes it: main `.git/` folder and two linked worktrees, one since deleted. */
function makeRepo(root: string): void {
  repo = join(root, 'repo');
  linked = join(root, 'wt-linked');
  removed = join(root, 'wt-removed');
  mkdirSync(join(repo, '.git', 'worktrees', 'linked'), { recursive: true });
  mkdirSync(join(repo, '.git', 'worktrees', 'removed'), { recursive: true });
  mkdirSync(join(repo, 'src', 'deep'), { recursive: true });
  mkdirSync(linked);
  writeFileSync(join(linked, '.git'), `gitdir: ${join(repo, '.git', 'worktrees', 'linked')}\n`);
  writeFileSync(join(repo, '.git', 'worktrees', 'linked', 'gitdir'), `${join(linked, '.git')}\n`);
  writeFileSync(join(repo, '.git', 'worktrees', 'linked', 'commondir'), '../..\n');
  writeFileSync(join(repo, '.git', 'worktrees', 'removed', 'gitdir'), `${join(removed, '.git')}\n`);
  writeFileSync(join(repo, '.git', 'worktrees', 'removed', 'commondir'), '../..\n');
}

beforeEach(() => {
  temp = makeTempConfig();
  makeRepo(realpathSync(temp.root));
});
afterEach(() => temp.cleanup());

const T0 = Date.UTC(2026, 3, 1);

function session(id: string, text: string): string {
  return jsonl([userEntry(id, uuid(100), null, text), assistantEntry(id, uuid(101), uuid(100), 'ok')]);
}

describe('listGitWorktrees', () => {
  it('should list the main worktree first, then linked ones, from any folder of the repository', async () => {
    const expected = [repo, linked, removed];
    expect(await listGitWorktrees(repo)).toEqual(expected);
    expect(await listGitWorktrees(linked)).toEqual(expected);
    expect(await listGitWorktrees(join(repo, 'src', 'deep'))).toEqual(expected);
  });

  it('should return [] outside a repository', async () => {
    const outside = join(temp.root, 'plain');
    mkdirSync(outside);
    expect(await listGitWorktrees(outside)).toEqual([]);
  });
});

describe('listSessions with dir', () => {
  it('should include the worktrees, and a removed worktree should still name its project', async () => {
    writeTranscript(temp.projectsDir, sanitizePath(repo), uuid(1), session(uuid(1), 'in main'), T0 + 3);
    writeTranscript(temp.projectsDir, sanitizePath(linked), uuid(2), session(uuid(2), 'in linked'), T0 + 2);
    writeTranscript(temp.projectsDir, sanitizePath(removed), uuid(3), session(uuid(3), 'in removed'), T0 + 1);
    writeTranscript(temp.projectsDir, '-elsewhere', uuid(4), session(uuid(4), 'other project'), T0);
    const all = await listSessions({ configDir: temp.configDir, dir: repo });
    expect(all.map((s) => s.summary)).toEqual(['in main', 'in linked', 'in removed']);
    expect(all.map((s) => s.cwd)).toEqual(['/home/dev/project', '/home/dev/project', '/home/dev/project']);
    const own = await listSessions({ configDir: temp.configDir, dir: repo, includeWorktrees: false });
    expect(own.map((s) => s.summary)).toEqual(['in main']);
    rmSync(removed, { recursive: true, force: true });
    const fromRemoved = await listSessions({
      configDir: temp.configDir,
      dir: removed,
      includeWorktrees: false,
    });
    expect(fromRemoved.map((s) => s.summary)).toEqual(['in removed']);
    expect(await getSessionMessages(uuid(4), { configDir: temp.configDir, dir: repo })).toEqual([]);
    expect(await getSessionMessages(uuid(4), { configDir: temp.configDir })).toHaveLength(2);
  });

  it('should prefer the own folder, then the worktrees in git order, for equal copies', async () => {
    const id = uuid(9);
    writeTranscript(temp.projectsDir, sanitizePath(repo), id, session(id, 'main copy'), T0);
    writeTranscript(temp.projectsDir, sanitizePath(linked), id, session(id, 'link copy'), T0);
    expect((await listSessions({ configDir: temp.configDir, dir: repo })).map((s) => s.summary)).toEqual([
      'main copy',
    ]);
    expect((await listSessions({ configDir: temp.configDir, dir: linked })).map((s) => s.summary)).toEqual([
      'link copy',
    ]);
  });

  it('should find a long path whose hash suffix differs (prefix fallback) and NFC-normalize unicode paths', async () => {
    const long = join(temp.root, `${'segment-'.repeat(30)}end`);
    mkdirSync(long);
    const key = await projectKeyForDirectory(long);
    expect(key.length).toBeGreaterThan(200);
    const ownCwd = realpathSync(long);
    writeTranscript(
      temp.projectsDir,
      `${key.slice(0, 200)}-bunhash1`,
      uuid(5),
      jsonl([userEntry(uuid(5), uuid(100), null, 'long path', { cwd: ownCwd })]),
      T0,
    );
    // A folder sharing only the prefix: its transcripts count only when their cwd maps to the full key.
    writeTranscript(
      temp.projectsDir,
      `${key.slice(0, 200)}-bunhash2`,
      uuid(7),
      jsonl([userEntry(uuid(7), uuid(100), null, 'other project', { cwd: `${ownCwd}-other` })]),
      T0,
    );
    expect((await listSessions({ configDir: temp.configDir, dir: long })).map((s) => s.summary)).toEqual([
      'long path',
    ]);
    const composed = join(temp.root, 'caf\u00e9-\u65e5\u672c');
    mkdirSync(composed);
    writeTranscript(
      temp.projectsDir,
      sanitizePath(await canonicalizePath(composed)),
      uuid(6),
      session(uuid(6), 'unicode'),
      T0,
    );
    const decomposed = join(temp.root, 'cafe\u0301-\u65e5\u672c');
    expect(
      (await listSessions({ configDir: temp.configDir, dir: decomposed })).map((s) => s.summary),
    ).toEqual(['unicode']);
  });
});
