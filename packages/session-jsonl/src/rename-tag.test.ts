import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
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
import { SessionJsonlError } from './errors.js';
import { renameSession, tagSession } from './rename-tag.js';
import { getSessionInfo } from './session-info.js';
import { sanitizeTag } from './tag-sanitize.js';

let temp: TempConfig;
let path: string;
let before: string;
const S = uuid(1);

beforeEach(() => {
  temp = makeTempConfig();
  before = jsonl(conversation(S, 2));
  path = writeTranscript(temp.projectsDir, '-p', S, before);
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

describe('renameSession', () => {
  it('should append exactly one custom-title line', async () => {
    await renameSession(S, '  My title  ', { configDir: temp.configDir });
    expect(readFileSync(path, 'utf8')).toBe(
      `${before}{"type":"custom-title","customTitle":"My title","sessionId":"${S}"}\n`,
    );
    expect((await getSessionInfo(S, { configDir: temp.configDir }))?.customTitle).toBe('My title');
  });

  it('should start a new line when the last one lacks its newline', async () => {
    writeFileSync(path, `${before}{"type":"user","cut`);
    await renameSession(S, 'after crash', { configDir: temp.configDir });
    const lines = readFileSync(path, 'utf8').split('\n');
    expect(lines.at(-3)).toBe('{"type":"user","cut');
    expect(JSON.parse(lines.at(-2)!)).toEqual({
      type: 'custom-title',
      customTitle: 'after crash',
      sessionId: S,
    });
    expect((await getSessionInfo(S, { configDir: temp.configDir }))?.summary).toBe('after crash');
  });

  it('should refuse bad ids and titles with typed errors', async () => {
    expect(await codeOf(renameSession('nope', 'x', { configDir: temp.configDir }))).toBe(
      'INVALID_SESSION_ID',
    );
    for (const title of ['', '   ', 42, null, 'lone \ud800 surrogate']) {
      expect(await codeOf(renameSession(S, title as string, { configDir: temp.configDir }))).toBe(
        'INVALID_TITLE',
      );
    }
    expect(await codeOf(renameSession(uuid(2), 'x', { configDir: temp.configDir }))).toBe(
      'SESSION_NOT_FOUND',
    );
    expect(readFileSync(path, 'utf8')).toBe(before);
  });

  it('should never create a file: a 0-byte stub is not found, and a deleted session stays deleted', async () => {
    writeTranscript(temp.projectsDir, '-p', uuid(3), '');
    expect(await codeOf(renameSession(uuid(3), 'x', { configDir: temp.configDir }))).toBe(
      'SESSION_NOT_FOUND',
    );
    expect(readFileSync(join(temp.projectsDir, '-p', `${uuid(3)}.jsonl`), 'utf8')).toBe('');
  });

  it('should append to a copy that is not a stub when another folder has a stub', async () => {
    writeTranscript(temp.projectsDir, '-a-stub', S, '', Date.now() + 60_000);
    await renameSession(S, 'real copy', { configDir: temp.configDir });
    expect(readFileSync(path, 'utf8').endsWith(`"customTitle":"real copy","sessionId":"${S}"}\n`)).toBe(true);
  });
});

describe('mutation path safety', () => {
  it('should refuse to write through a symlink that leaves the project folder', async () => {
    const outside = join(temp.root, 'outside.jsonl');
    writeFileSync(outside, before);
    const link = join(temp.projectsDir, '-p', `${uuid(5)}.jsonl`);
    symlinkSync(outside, link);
    expect(await codeOf(renameSession(uuid(5), 'x', { configDir: temp.configDir }))).toBe('UNSAFE_PATH');
    expect(await codeOf(tagSession(uuid(5), 'x', { configDir: temp.configDir }))).toBe('UNSAFE_PATH');
    expect(readFileSync(outside, 'utf8')).toBe(before);
  });

  it('should follow a symlink that stays inside the project folder', async () => {
    mkdirSync(join(temp.projectsDir, '-p', 'store'));
    const target = join(temp.projectsDir, '-p', 'store', 'kept.jsonl');
    writeFileSync(target, before);
    symlinkSync(target, join(temp.projectsDir, '-p', `${uuid(6)}.jsonl`));
    await renameSession(uuid(6), 'inside', { configDir: temp.configDir });
    expect(readFileSync(target, 'utf8')).toBe(
      `${before}{"type":"custom-title","customTitle":"inside","sessionId":"${uuid(6)}"}\n`,
    );
  });

  it('should not open a FIFO for writing', async () => {
    execFileSync('mkfifo', [join(temp.projectsDir, '-p', `${uuid(7)}.jsonl`)]);
    expect(await codeOf(renameSession(uuid(7), 'x', { configDir: temp.configDir }))).toBe(
      'SESSION_NOT_FOUND',
    );
  });
});

describe('tagSession', () => {
  it('should append sanitized tags and clear with null', async () => {
    await tagSession(S, ' \u200bexp\u202eeriment\ufeff ', { configDir: temp.configDir });
    expect((await getSessionInfo(S, { configDir: temp.configDir }))?.tag).toBe('experiment');
    await tagSession(S, null, { configDir: temp.configDir });
    const lines = readFileSync(path, 'utf8').trimEnd().split('\n').slice(-2);
    expect(lines).toEqual([
      `{"type":"tag","tag":"experiment","sessionId":"${S}"}`,
      `{"type":"tag","tag":"","sessionId":"${S}"}`,
    ]);
    expect((await getSessionInfo(S, { configDir: temp.configDir }))?.tag).toBeUndefined();
  });

  it('should refuse tags that are blank after sanitizing', async () => {
    for (const tag of ['', '  ', '\u200b\u200f', '\ue000', 7, 'x\udc00']) {
      expect(await codeOf(tagSession(S, tag as string, { configDir: temp.configDir }))).toBe('INVALID_TAG');
    }
    expect(await codeOf(tagSession('bad', null))).toBe('INVALID_SESSION_ID');
  });
});

describe('sanitizeTag', () => {
  it('should NFKC-normalize and strip invisible characters until stable', () => {
    expect(sanitizeTag('ｆｕｌｌ')).toBe('full');
    expect(sanitizeTag('a\u2066b\u2069c')).toBe('abc');
    expect(sanitizeTag('\u00ad soft')).toBe('soft');
    expect(sanitizeTag('ok tag')).toBe('ok tag');
  });
});
