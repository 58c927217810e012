import type { Dirent } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { isUuid, locateSessionTranscript, type SessionJsonlWarning } from '@ccsdk/session-jsonl';
import { SessionStoreError } from './errors.js';
import { appendParsedEntries, InMemorySessionStore } from './in-memory-session-store.js';
import { readJsonlBatches } from './jsonl-batches.js';
import { IMPORT_BATCH_CHARS, IMPORT_BATCH_ENTRIES } from './limits.js';
import { quote } from './quote.js';
import { booleanOption, functionOption, optionsObject, pathOption, storeProject } from './store-options.js';
import { checkSessionStore } from './store-probe.js';
import type { SessionKey, SessionStore, SessionStoreEntry } from './types.js';

/** Options of {@link importSessionToStore}: the official type exactly (see {@link ExtendedImportSessionToStoreOptions}). */
export interface ImportSessionToStoreOptions {
  /** Project directory to find the session in (and its worktrees); also names the destination project key. Default: search all projects, key from the current directory. */
  dir?: string;
  /** Also import subagent transcripts and their `.meta.json` sidecars. Default `true`; only `false` turns it off. */
  includeSubagents?: boolean;
  /** Entries per `append`; a missing or non-positive value means {@link IMPORT_BATCH_ENTRIES} (500). */
  batchSize?: number;
}

/** {@link ImportSessionToStoreOptions} plus ccsdk extensions: the config directory to read and where warnings go. */
export interface ExtendedImportSessionToStoreOptions extends ImportSessionToStoreOptions {
  /** Config directory to read instead of `CLAUDE_CONFIG_DIR` (else `~/.claude`). */
  configDir?: string;
  /** Receives each skipped line and unreadable sidecar. Default: `process.emitWarning`. */
  onWarning?: (warning: SessionJsonlWarning) => void;
}

function batchSizeOf(value: unknown): number {
  if (value === undefined || value === null) return IMPORT_BATCH_ENTRIES;
  if (typeof value !== 'number' || Number.isNaN(value))
    throw new TypeError(`batchSize must be a number, got ${quote(value)}`);
  if (value <= 0) return IMPORT_BATCH_ENTRIES;
  if (!Number.isSafeInteger(value))
    throw new TypeError(`batchSize must be a whole number of entries, got ${quote(value)}`);
  return value;
}

async function appendFile(
  store: SessionStore,
  key: SessionKey,
  filePath: string,
  batchEntries: number,
  onWarning: (w: SessionJsonlWarning) => void,
): Promise<void> {
  for await (const batch of readJsonlBatches(filePath, {
    batchEntries,
    batchChars: IMPORT_BATCH_CHARS,
    onWarning,
  })) {
    const entries = batch.values as SessionStoreEntry[];
    if (takesParsedEntries(store)) appendParsedEntries(store, key, entries);
    else await store.append(key, entries);
  }
}

/**
 * Whether `store` is our own in-memory store with its own `append` (not a subclass that wraps
 * it), which can keep the entries just parsed (freezing them) instead of copying them again.
 */
function takesParsedEntries(store: SessionStore): store is InMemorySessionStore {
  return store instanceof InMemorySessionStore && store.append === InMemorySessionStore.prototype.append;
}

/** Subagent transcripts under `folder`, depth first in name order; real folders and files only, no symlinks. */
async function subagentFiles(
  folder: string,
  relative: string,
  found: { filePath: string; subpath: string }[],
): Promise<void> {
  let entries: Dirent[];
  try {
    entries = await readdir(folder, { withFileTypes: true });
  } catch {
    return;
  }
  entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const entry of entries) {
    const rel = `${relative}/${entry.name}`;
    if (entry.isDirectory()) await subagentFiles(join(folder, entry.name), rel, found);
    else if (entry.isFile() && entry.name.endsWith('.jsonl') && entry.name.length > '.jsonl'.length) {
      found.push({ filePath: join(folder, entry.name), subpath: rel.slice(0, -'.jsonl'.length) });
    }
  }
}

async function readSidecar(
  metaPath: string,
  onWarning: (w: SessionJsonlWarning) => void,
): Promise<Record<string, unknown> | undefined> {
  let text: string;
  try {
    text = await readFile(metaPath, 'utf8');
  } catch (error) {
    if ((error as { code?: unknown }).code !== 'ENOENT') {
      onWarning({
        code: 'UNREADABLE_FILE',
        message: `Skipped subagent metadata ${metaPath}: ${String(error)}`,
        filePath: metaPath,
      });
    }
    return undefined;
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    onWarning({
      code: 'UNREADABLE_FILE',
      message: `Skipped subagent metadata ${metaPath}: it is not JSON.`,
      filePath: metaPath,
    });
    return undefined;
  }
  if (typeof value === 'object' && value !== null) return value as Record<string, unknown>;
  // Spread as the official SDK spreads it: nothing from null, a number or a boolean; a string's
  // characters by index.
  onWarning({
    code: 'UNREADABLE_FILE',
    message: `Subagent metadata ${metaPath} is not a JSON object: imported as an agent_metadata entry without its fields.`,
    filePath: metaPath,
  });
  return { ...(value as object) } as Record<string, unknown>;
}

/**
 * Copies a local session into `store`: the main transcript first, then (unless
 * `includeSubagents: false`) each subagent transcript followed by its `.meta.json` sidecar as
 * one `{type: 'agent_metadata', ...sidecar}` entry (a sidecar's own `type` wins; a sidecar that
 * is JSON but not an object is spread as the official SDK spreads it, with a warning, and one
 * that is not JSON is skipped).
 *
 * Streams each file and appends in batches of `batchSize` entries (default 500) or about 1 MiB
 * of line text, whichever comes first, so memory stays bounded by one batch whatever the
 * transcript size. Every line that parses is forwarded as is, without schema checks; blank lines
 * are skipped and malformed ones reported to `onWarning`. The destination project key is the
 * key of `dir` (default the current directory). Ordered but not transactional: a store error
 * propagates and stops the import, leaving earlier batches in place; re-importing appends again
 * (adapters should dedupe by `uuid`).
 *
 * Throws `INVALID_SESSION_ID` for a non-UUID id and `SESSION_NOT_FOUND` when no non-empty
 * transcript exists where it looked.
 */
export async function importSessionToStore(
  sessionId: string,
  store: SessionStore,
  options: ExtendedImportSessionToStoreOptions = {},
): Promise<void> {
  if (!isUuid(sessionId)) {
    throw new SessionStoreError({
      code: 'INVALID_SESSION_ID',
      message: `Invalid session id ${quote(sessionId)}: pass the UUID of a local session.`,
    });
  }
  checkSessionStore(store, 'store');
  const raw = optionsObject(options);
  const dir = pathOption(raw, 'dir');
  const configDir = pathOption(raw, 'configDir');
  const includeSubagents = raw['includeSubagents'] !== false;
  if (raw['includeSubagents'] !== undefined) booleanOption(raw, 'includeSubagents', true);
  const batchEntries = batchSizeOf(raw['batchSize']);
  const onWarning =
    functionOption<(w: SessionJsonlWarning) => void>(raw, 'onWarning') ??
    ((warning: SessionJsonlWarning) => process.emitWarning(warning.message, 'SessionStoreImportWarning'));
  const location = await locateSessionTranscript(sessionId, {
    ...(dir === undefined ? {} : { dir }),
    ...(configDir === undefined ? {} : { configDir }),
  });
  if (location === undefined) {
    throw new SessionStoreError({
      code: 'SESSION_NOT_FOUND',
      sessionId,
      message: `Session ${sessionId} not found${dir === undefined ? '' : ` for ${dir}`}: no non-empty transcript to import.`,
    });
  }
  const { projectKey } = await storeProject(dir);
  await appendFile(store, { projectKey, sessionId }, location.filePath, batchEntries, onWarning);
  if (!includeSubagents) return;
  const sessionDir = join(location.projectDir, sessionId);
  const files: { filePath: string; subpath: string }[] = [];
  await subagentFiles(join(sessionDir, 'subagents'), 'subagents', files);
  for (const { filePath, subpath } of files) {
    const key = { projectKey, sessionId, subpath };
    await appendFile(store, key, filePath, batchEntries, onWarning);
    const meta = await readSidecar(`${filePath.slice(0, -'.jsonl'.length)}.meta.json`, onWarning);
    if (meta !== undefined) await store.append(key, [{ type: 'agent_metadata', ...meta }]);
  }
}
