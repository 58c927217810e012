import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  DEFAULT_TOKEN_CREATE_BURST,
  DEFAULT_TOKEN_CREATES_PER_MINUTE,
  MAX_TOKENS_FILE_BYTES,
} from './token-limits.js';
import { parseTokensFile, readTokensFile } from './tokens-file.js';
import { TokensFileError } from './tokens-file-error.js';

const SECRET_A = 'team-a-secret-token-0123456789';
const SECRET_B = 'team-b-secret-token-9876543210';

/** The error `run` throws; it must be a TokensFileError whose message quotes no token. */
function failure(run: () => unknown, ...secrets: string[]): TokensFileError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(TokensFileError);
    const failed = error as TokensFileError;
    for (const secret of [SECRET_A, SECRET_B, ...secrets]) {
      expect(failed.message).not.toContain(secret);
      expect(String(failed.stack)).not.toContain(secret);
    }
    return failed;
  }
  throw new Error('expected a TokensFileError');
}

function file(...entries: object[]): string {
  return JSON.stringify({ tokens: entries });
}

describe('parseTokensFile', () => {
  it('should read entries with their limits and apply the named defaults', () => {
    const entries = parseTokensFile(
      file(
        { name: 'team-a', token: SECRET_A, maxSessions: 10, createsPerMinute: 30, createBurst: 5 },
        { name: 'team-b', token: SECRET_B },
        { name: 'slow', token: `${SECRET_B}x`, createsPerMinute: 3 },
      ),
    );
    expect(entries).toEqual([
      { name: 'team-a', token: SECRET_A, maxSessions: 10, createsPerMinute: 30, createBurst: 5 },
      {
        name: 'team-b',
        token: SECRET_B,
        maxSessions: undefined,
        createsPerMinute: DEFAULT_TOKEN_CREATES_PER_MINUTE,
        createBurst: DEFAULT_TOKEN_CREATE_BURST,
      },
      { name: 'slow', token: `${SECRET_B}x`, maxSessions: undefined, createsPerMinute: 3, createBurst: 3 },
    ]);
  });

  it.each([
    ['not JSON', `{"tokens":[{"name":"a","token":"${SECRET_A}"`],
    ['JSON text that is not an object', `"${SECRET_A}"`],
    ['an array', JSON.stringify([{ name: 'a', token: SECRET_A }])],
    ['no entries', file()],
    ['tokens that is not an array', JSON.stringify({ tokens: { name: 'a', token: SECRET_A } })],
    ['an unknown top-level key', JSON.stringify({ tokens: [{ name: 'a', token: SECRET_A }], extra: 1 })],
    ['a token pasted as a key', JSON.stringify({ tokens: [{ name: 'a', token: SECRET_B, [SECRET_A]: 1 }] })],
  ])('should refuse %s without quoting its text', (_label, text) => {
    expect(failure(() => parseTokensFile(text)).code).toBe('TOKENS_FILE_INVALID');
  });

  it('should name the entry and field of a duplicate token, never the token', () => {
    const error = failure(() =>
      parseTokensFile(file({ name: 'team-a', token: SECRET_A }, { name: 'team-b', token: SECRET_A })),
    );
    expect(error).toMatchObject({ code: 'TOKENS_FILE_INVALID', entryIndex: 1, field: 'token' });
    expect(error.message).toContain('"team-b"');
    expect(error.message).toContain('entry 0');
  });

  it('should name a duplicate name', () => {
    const error = failure(() =>
      parseTokensFile(file({ name: 'team-a', token: SECRET_A }, { name: 'team-a', token: SECRET_B })),
    );
    expect(error).toMatchObject({ entryIndex: 1, field: 'name' });
  });

  it.each([
    ['a short token', { name: 'a', token: 'short-token' }, 'token'],
    ['a token with a space', { name: 'a', token: `${SECRET_A} x` }, 'token'],
    ['a token of whitespace', { name: 'a', token: ' '.repeat(40) }, 'token'],
    ['a token with a newline', { name: 'a', token: `${SECRET_A}\n` }, 'token'],
    ['a numeric token', { name: 'a', token: 1234567890123456 }, 'token'],
    ['a missing token', { name: 'a' }, 'token'],
    ['a huge token', { name: 'a', token: 'x'.repeat(5000) }, 'token'],
    ['a missing name', { token: SECRET_A }, 'name'],
    ['an empty name', { name: '', token: SECRET_A }, 'name'],
    ['a name with a space', { name: 'team a', token: SECRET_A }, 'name'],
    ['a name with a newline', { name: 'a\nlevel=error', token: SECRET_A }, 'name'],
    ['a long name', { name: 'a'.repeat(65), token: SECRET_A }, 'name'],
    ['an unknown key', { name: 'a', token: SECRET_A, maxsessions: 3 }, 'maxsessions'],
    ['a zero cap', { name: 'a', token: SECRET_A, maxSessions: 0 }, 'maxSessions'],
    ['a negative rate', { name: 'a', token: SECRET_A, createsPerMinute: -1 }, 'createsPerMinute'],
    ['a fractional burst', { name: 'a', token: SECRET_A, createBurst: 1.5 }, 'createBurst'],
    ['a string cap', { name: 'a', token: SECRET_A, maxSessions: '10' }, 'maxSessions'],
    ['a huge cap', { name: 'a', token: SECRET_A, maxSessions: 1e9 }, 'maxSessions'],
    ['a null rate', { name: 'a', token: SECRET_A, createsPerMinute: null }, 'createsPerMinute'],
  ])('should refuse %s, naming the field', (_label, entry, field) => {
    const error = failure(() => parseTokensFile(file({ name: 'ok', token: SECRET_B }, entry)));
    expect(error).toMatchObject({ code: 'TOKENS_FILE_INVALID', entryIndex: 1, field });
    expect(error.message).toContain('entry 1');
  });

  it('should refuse a text past MAX_TOKENS_FILE_BYTES before parsing it', () => {
    const error = failure(() => parseTokensFile(' '.repeat(MAX_TOKENS_FILE_BYTES + 1)));
    expect(error.code).toBe('TOKENS_FILE_TOO_LARGE');
  });
});

describe('readTokensFile', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'ccsdk-tokens-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('should read a private file without a warning, and warn for one others can read', async () => {
    const path = join(dir, 'tokens.json');
    await writeFile(path, file({ name: 'team-a', token: SECRET_A }), { mode: 0o600 });
    await chmod(path, 0o600);
    expect(await readTokensFile(path)).toEqual({
      entries: [expect.objectContaining({ name: 'team-a' })],
      warnings: [],
    });
    await chmod(path, 0o644);
    const loaded = await readTokensFile(path);
    expect(loaded.warnings).toHaveLength(1);
    expect(loaded.warnings[0]).toContain('644');
  });

  it('should refuse a huge file unparsed, a missing one and a folder', async () => {
    const huge = join(dir, 'huge.json');
    await writeFile(huge, `{"tokens":[${'{"name":"a","token":"x"},'.repeat(50_000)}]}`);
    await expect(readTokensFile(huge)).rejects.toMatchObject({ code: 'TOKENS_FILE_TOO_LARGE' });
    await expect(readTokensFile(join(dir, 'missing.json'))).rejects.toMatchObject({
      code: 'TOKENS_FILE_UNREADABLE',
    });
    await expect(readTokensFile(dir)).rejects.toMatchObject({ code: 'TOKENS_FILE_UNREADABLE' });
  });
});
