import { existsSync, mkdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  conversation,
  jsonl,
  makeTempConfig,
  type TempConfig,
  uuid,
  writeTranscript,
} from '../test/helpers.js';
import { archiveSession, deleteSession, unarchiveSession } from './delete-archive.js';
import { SessionJsonlError } from './errors.js';
import { listSessions } from './list-sessions.js';
import { getSessionInfo } from './session-info.js';

let temp: TempConfig;
const S = uuid(1);

beforeEach(() => {
  temp = makeTempConfig();
  writeTranscript(temp.projectsDir, '-p', S, jsonl(conversation(S, 1)));
});
afterEach(() => temp.cleanup());

async function codeOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
    return 'resolved';
  } catch (error) {
    return SessionJsonlError.isInstance(error) ? error.code : `other: ${String(error)}`;
  }
}

describe('deleteSession', () => {
  it('should remove the transcript and its sibling folder, and then report not found', async () => {
    const folder = join(temp.projectsDir, '-p', S, 'subagents');
    mkdirSync(folder, { recursive: true });
    writeFileSync(join(folder, 'agent-a.jsonl'), '{}\n');
    await deleteSession(S, { configDir: temp.configDir });
    expect(existsSync(join(temp.projectsDir, '-p', `${S}.jsonl`))).toBe(false);
    expect(existsSync(join(temp.projectsDir, '-p', S))).toBe(false);
    expect(await codeOf(deleteSession(S, { configDir: temp.configDir }))).toBe('SESSION_NOT_FOUND');
    expect(await codeOf(deleteSession('x'))).toBe('INVALID_SESSION_ID');
  });

  it('should remove a symlinked sibling folder without touching its target', async () => {
    const outside = join(temp.root, 'outside');
    mkdirSync(outside);
    writeFileSync(join(outside, 'precious.txt'), 'keep me');
    symlinkSync(outside, join(temp.projectsDir, '-p', S));
    await deleteSession(S, { configDir: temp.configDir });
    expect(readFileSync(join(outside, 'precious.txt'), 'utf8')).toBe('keep me');
  });
});

describe('archiveSession and unarchiveSession', () => {
  it('should write the mark beside the transcript and report it in listings', async () => {
    await archiveSession(S, { configDir: temp.configDir });
    const mark = join(temp.projectsDir, '-p', S, 'archived.json');
    // One JSON object, keys in this order, no newline after it: the bytes the official SDK writes.
    expect(readFileSync(mark, 'utf8')).toMatch(
      /^\{"archived":true,"at":"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z","by":"sdk"\}$/,
    );
    expect(statSync(mark).mode & 0o777).toBe(0o600);
    expect((await listSessions({ configDir: temp.configDir }))[0]?.archived).toBe(true);
    await unarchiveSession(S, { configDir: temp.configDir });
    expect(readFileSync(mark, 'utf8')).toMatch(/^\{"archived":false,"at":"[^"]+","by":"sdk"\}$/);
    expect((await getSessionInfo(S, { configDir: temp.configDir }))?.archived).toBe(false);
  });

  it('should refuse unknown sessions and a sibling path that is not a folder', async () => {
    expect(await codeOf(archiveSession(uuid(2), { configDir: temp.configDir }))).toBe('SESSION_NOT_FOUND');
    writeTranscript(temp.projectsDir, '-p', uuid(3), jsonl(conversation(uuid(3), 1)));
    writeFileSync(join(temp.projectsDir, '-p', uuid(3)), 'a file, not a folder');
    expect(await codeOf(archiveSession(uuid(3), { configDir: temp.configDir }))).toBe('UNSAFE_PATH');
  });

  it('should replace a symlinked mark instead of writing through it', async () => {
    const outside = join(temp.root, 'victim.json');
    writeFileSync(outside, 'original');
    mkdirSync(join(temp.projectsDir, '-p', S));
    symlinkSync(outside, join(temp.projectsDir, '-p', S, 'archived.json'));
    await archiveSession(S, { configDir: temp.configDir });
    expect(readFileSync(outside, 'utf8')).toBe('original');
    expect((await getSessionInfo(S, { configDir: temp.configDir }))?.archived).toBe(true);
  });
});
