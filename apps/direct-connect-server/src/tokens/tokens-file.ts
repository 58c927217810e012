import { open } from 'node:fs/promises';
import { MIN_TOKEN_CHARS } from '../limits.js';
import {
  DEFAULT_TOKEN_CREATE_BURST,
  DEFAULT_TOKEN_CREATES_PER_MINUTE,
  MAX_TOKEN_CHARS,
  MAX_TOKEN_ENTRIES,
  MAX_TOKEN_LIMIT_VALUE,
  MAX_TOKEN_NAME_CHARS,
  MAX_TOKENS_FILE_BYTES,
} from './token-limits.js';
import { TokensFileError } from './tokens-file-error.js';

/** One named token and its limits, as the server uses it. */
export interface ServeTokenEntry {
  /** The principal's name: what log lines and session ownership use. Never a secret. */
  readonly name: string;
  /** The bearer token. */
  readonly token: string;
  /** Most live sessions this token may hold at once; `undefined`: only the server's cap applies. */
  readonly maxSessions: number | undefined;
  /** Creates per minute (the token bucket's refill); `undefined`: no rate limit. */
  readonly createsPerMinute: number | undefined;
  /** Creates at once (the bucket's size); set whenever `createsPerMinute` is. */
  readonly createBurst: number | undefined;
}

/** A tokens file read and checked, with what is worth a warning (the file's mode). */
export interface LoadedTokensFile {
  /** The entries, in file order. */
  readonly entries: readonly ServeTokenEntry[];
  /** What is worth telling the operator (a file others can read); never a token. */
  readonly warnings: readonly string[];
}

const NAME = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;
const ENTRY_KEYS = new Set(['name', 'token', 'maxSessions', 'createsPerMinute', 'createBurst']);

/**
 * Reads a tokens file: at most {@link MAX_TOKENS_FILE_BYTES} (more is refused unread), parsed by
 * {@link parseTokensFile}. A file that others (group or world) may read yields a warning.
 * Rejects with a {@link TokensFileError}.
 */
export async function readTokensFile(path: string): Promise<LoadedTokensFile> {
  let text: string;
  const warnings: string[] = [];
  try {
    const handle = await open(path, 'r');
    try {
      const stat = await handle.stat();
      if (!stat.isFile()) throw new Error('not a regular file');
      if (stat.size > MAX_TOKENS_FILE_BYTES) throw tooLarge();
      if ((stat.mode & 0o044) !== 0) {
        warnings.push(
          `the tokens file can be read by other users (mode ${(stat.mode & 0o777).toString(8)}); chmod 600 it`,
        );
      }
      const bytes = Buffer.alloc(MAX_TOKENS_FILE_BYTES + 1);
      const { bytesRead } = await handle.read(bytes, 0, bytes.length, 0);
      if (bytesRead > MAX_TOKENS_FILE_BYTES) throw tooLarge();
      text = bytes.subarray(0, bytesRead).toString('utf8');
    } finally {
      await handle.close();
    }
  } catch (error) {
    if (error instanceof TokensFileError) throw error;
    throw new TokensFileError({
      code: 'TOKENS_FILE_UNREADABLE',
      message: `The tokens file could not be read: ${(error as { code?: string }).code ?? (error instanceof Error ? error.message : 'unknown error')}.`,
    });
  }
  return { entries: parseTokensFile(text), warnings };
}

/**
 * Parses the text of a tokens file: `{ "tokens": [ { "name", "token", "maxSessions"?,
 * "createsPerMinute"?, "createBurst"? } ] }`, strictly: unknown keys, a name that is not a plain
 * word of at most {@link MAX_TOKEN_NAME_CHARS} characters, a token shorter than
 * `MIN_TOKEN_CHARS` or holding whitespace, a limit that is not a whole number from 1 to
 * {@link MAX_TOKEN_LIMIT_VALUE}, a duplicate name or token, no entry at all: each throws a
 * {@link TokensFileError} naming the entry and field and never quoting a token. An entry
 * without `createsPerMinute` gets {@link DEFAULT_TOKEN_CREATES_PER_MINUTE}, and without
 * `createBurst` the lower of {@link DEFAULT_TOKEN_CREATE_BURST} and its rate.
 */
export function parseTokensFile(text: string): ServeTokenEntry[] {
  if (Buffer.byteLength(text) > MAX_TOKENS_FILE_BYTES) throw tooLarge();
  let document: unknown;
  try {
    document = JSON.parse(text);
  } catch {
    // The parser's message quotes the text, which may hold a token: say only where.
    throw invalid('The tokens file is not JSON.');
  }
  if (!isPlainObject(document)) throw invalid('The tokens file must be a JSON object { "tokens": [...] }.');
  for (const key of Object.keys(document)) {
    if (key !== 'tokens') throw invalid(`The tokens file has an unknown key ${quoteKey(key)}.`);
  }
  const list = document.tokens;
  if (!Array.isArray(list) || list.length === 0) {
    throw invalid('"tokens" must be a non-empty array of entries.', undefined, 'tokens');
  }
  if (list.length > MAX_TOKEN_ENTRIES) {
    throw invalid(`"tokens" has ${list.length} entries; at most ${MAX_TOKEN_ENTRIES} are allowed.`);
  }
  const names = new Map<string, number>();
  const tokens = new Map<string, number>();
  return list.map((raw: unknown, index) => {
    const entry = parseEntry(raw, index);
    const sameName = names.get(entry.name);
    if (sameName !== undefined) {
      throw invalid(`entry ${index} has the same name as entry ${sameName}.`, index, 'name');
    }
    const sameToken = tokens.get(entry.token);
    if (sameToken !== undefined) {
      throw invalid(
        `entry ${describeEntry(index, entry.name)} has the same token as entry ${sameToken}.`,
        index,
        'token',
      );
    }
    names.set(entry.name, index);
    tokens.set(entry.token, index);
    return entry;
  });
}

function parseEntry(raw: unknown, index: number): ServeTokenEntry {
  if (!isPlainObject(raw)) throw invalid(`entry ${index} must be an object.`, index);
  const rawName = raw.name;
  const name =
    typeof rawName === 'string' && rawName.length <= MAX_TOKEN_NAME_CHARS && NAME.test(rawName)
      ? rawName
      : undefined;
  const where = describeEntry(index, name);
  for (const key of Object.keys(raw)) {
    if (!ENTRY_KEYS.has(key))
      throw invalid(`entry ${where} has an unknown key ${quoteKey(key)}.`, index, key);
  }
  if (name === undefined) {
    throw invalid(
      `entry ${index}: "name" must be 1 to ${MAX_TOKEN_NAME_CHARS} letters, digits, '.', '_' or '-', starting with a letter or digit.`,
      index,
      'name',
    );
  }
  const token = raw.token;
  if (
    typeof token !== 'string' ||
    token.length < MIN_TOKEN_CHARS ||
    token.length > MAX_TOKEN_CHARS ||
    /\s/.test(token)
  ) {
    const shape = typeof token === 'string' ? `a string of ${token.length} characters` : typeOf(token);
    throw invalid(
      `entry ${where}: "token" must be ${MIN_TOKEN_CHARS} to ${MAX_TOKEN_CHARS} characters without whitespace, got ${shape}.`,
      index,
      'token',
    );
  }
  const maxSessions = limit(raw, 'maxSessions', index, where);
  const createsPerMinute = limit(raw, 'createsPerMinute', index, where) ?? DEFAULT_TOKEN_CREATES_PER_MINUTE;
  const createBurst =
    limit(raw, 'createBurst', index, where) ?? Math.min(DEFAULT_TOKEN_CREATE_BURST, createsPerMinute);
  return { name, token, maxSessions, createsPerMinute, createBurst };
}

function limit(
  entry: Record<string, unknown>,
  field: string,
  index: number,
  where: string,
): number | undefined {
  const value = entry[field];
  if (value === undefined) return undefined;
  if (
    typeof value !== 'number' ||
    !Number.isSafeInteger(value) ||
    value < 1 ||
    value > MAX_TOKEN_LIMIT_VALUE
  ) {
    throw invalid(
      `entry ${where}: "${field}" must be a whole number from 1 to ${MAX_TOKEN_LIMIT_VALUE}, got ${typeof value === 'number' ? String(value) : typeOf(value)}.`,
      index,
      field,
    );
  }
  return value;
}

function describeEntry(index: number, name: string | undefined): string {
  return name === undefined ? String(index) : `${index} (${JSON.stringify(name)})`;
}

/**
 * An unknown key, quoted only when it is plain and shorter than any token could be (a key could
 * be a pasted token).
 */
function quoteKey(key: string): string {
  return key.length < MIN_TOKEN_CHARS && /^[A-Za-z_][A-Za-z0-9_]*$/.test(key)
    ? JSON.stringify(key)
    : `of ${key.length} characters`;
}

function typeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return `a ${typeof value}`;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function invalid(message: string, entryIndex?: number, field?: string): TokensFileError {
  return new TokensFileError({
    code: 'TOKENS_FILE_INVALID',
    message: `Invalid tokens file: ${message}`,
    ...(entryIndex === undefined ? {} : { entryIndex }),
    ...(field === undefined ? {} : { field }),
  });
}

function tooLarge(): TokensFileError {
  return new TokensFileError({
    code: 'TOKENS_FILE_TOO_LARGE',
    message: `The tokens file passed ${MAX_TOKENS_FILE_BYTES} bytes.`,
  });
}
