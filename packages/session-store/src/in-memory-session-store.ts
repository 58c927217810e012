import { foldSessionSummary } from './fold-session-summary.js';
import { checkSessionKey, isMainKey } from './session-key.js';
import { parseStoredText, type StoredText, storedText } from './stored-text.js';
import type {
  SessionKey,
  SessionListSubkeysKey,
  SessionStore,
  SessionStoreEntry,
  SessionStoreListEntry,
  SessionSummaryEntry,
} from './types.js';

/**
 * The importer's way into an {@link InMemorySessionStore}: appends entries together with the JSON
 * text each was parsed from (`JSON.parse(lines[i])` gave `entries[i]`), keeping the lines as the
 * entries' texts instead of stringifying them again. A function of this module, set by the class
 * itself, so the class's type stays the official one. Package-internal: not exported from the
 * package's entry.
 */
export let appendParsedLines: (
  store: InMemorySessionStore,
  key: SessionKey,
  entries: SessionStoreEntry[],
  lines: StoredText[],
) => void;

/**
 * Entries are kept as their JSON texts (ASCII as strings, others as UTF-8 bytes): a copy in
 * (stringify) and out (parse) that nothing can reach into.
 */
interface StoredTranscript {
  texts: StoredText[];
  mtime: number;
}

interface StoredSession {
  main: StoredTranscript | undefined;
  summary: SessionSummaryEntry | undefined;
  subkeys: Map<string, StoredTranscript>;
}

function checkEntries(entries: unknown): SessionStoreEntry[] {
  if (!Array.isArray(entries)) {
    throw new TypeError(`entries must be an array of transcript entries, got ${typeof entries}`);
  }
  return entries as SessionStoreEntry[];
}

/** Each entry's JSON text; throws a `TypeError` for an entry that has none (`undefined`, a function). */
function entryTexts(batch: readonly SessionStoreEntry[]): StoredText[] {
  return batch.map((entry, index) => {
    const text = JSON.stringify(entry) as string | undefined;
    if (text === undefined) throw new TypeError(`entries[${index}] is not a JSON value`);
    return storedText(text);
  });
}

/**
 * Fresh objects for the stored texts, one `JSON.parse` per entry (measured on a 5 MB real-CLI
 * transcript: 6-10x faster than one parse of the texts joined into an array).
 */
function parseTexts(texts: readonly StoredText[]): SessionStoreEntry[] {
  const entries = new Array<SessionStoreEntry>(texts.length);
  for (let i = 0; i < texts.length; i++) entries[i] = parseStoredText(texts[i]!) as SessionStoreEntry;
  return entries;
}

/**
 * The reference {@link SessionStore}: everything in process memory, all optional methods
 * implemented, passes the whole conformance suite. For tests and development; data is gone when
 * the process exits. Entries are copied on the way in and out: kept as their JSON text
 * (`JSON.stringify` on append, `JSON.parse` on load), so JSON rules apply (`undefined`
 * fields dropped, a `Date` becomes its ISO string), as in a transcript file; cheaper than
 * `structuredClone` both ways and smaller in memory. A text with characters outside ASCII is
 * kept as its UTF-8 bytes, half what V8 would take for it as a string.
 *
 * mtimes come from a strictly increasing millisecond clock; summaries are folded on each main
 * append with {@link foldSessionSummary}; deleting a main key (or an empty subpath) removes the
 * session's subkeys too; `append(key, [])` creates nothing.
 */
export class InMemorySessionStore implements SessionStore {
  readonly #projects = new Map<string, Map<string, StoredSession>>();
  #lastMtime = 0;

  #tick(): number {
    this.#lastMtime = Math.max(Date.now(), this.#lastMtime + 1);
    return this.#lastMtime;
  }

  #session(key: SessionListSubkeysKey, create: boolean): StoredSession | undefined {
    let sessions = this.#projects.get(key.projectKey);
    if (sessions === undefined) {
      if (!create) return undefined;
      sessions = new Map();
      this.#projects.set(key.projectKey, sessions);
    }
    let session = sessions.get(key.sessionId);
    if (session === undefined && create) {
      session = { main: undefined, summary: undefined, subkeys: new Map() };
      sessions.set(key.sessionId, session);
    }
    return session;
  }

  #transcript(key: SessionKey): StoredTranscript | undefined {
    const session = this.#session(key, false);
    if (session === undefined) return undefined;
    return isMainKey(key) ? session.main : session.subkeys.get(key.subpath as string);
  }

  #dropIfEmpty(key: SessionListSubkeysKey): void {
    const sessions = this.#projects.get(key.projectKey);
    const session = sessions?.get(key.sessionId);
    if (sessions === undefined || session === undefined) return;
    if (session.main === undefined && session.subkeys.size === 0) sessions.delete(key.sessionId);
    if (sessions.size === 0) this.#projects.delete(key.projectKey);
  }

  /** Appends copies of `entries` under `key`; an empty list is a no-op that creates nothing. */
  async append(key: SessionKey, entries: SessionStoreEntry[]): Promise<void> {
    checkSessionKey(key);
    const batch = checkEntries(entries);
    if (batch.length === 0) return;
    this.#store(key, batch, entryTexts(batch));
  }

  static {
    appendParsedLines = (store, key, entries, lines) => {
      checkSessionKey(key);
      if (entries.length > 0) store.#store(key, entries, lines);
    };
  }

  #store(key: SessionKey, batch: readonly SessionStoreEntry[], texts: readonly StoredText[]): void {
    const session = this.#session(key, true)!;
    const mtime = this.#tick();
    if (isMainKey(key)) {
      if (session.main === undefined) session.main = { texts: [], mtime };
      for (const text of texts) session.main.texts.push(text);
      session.main.mtime = mtime;
      session.summary = foldSessionSummary(session.summary, key, batch, { mtime });
      return;
    }
    const subpath = key.subpath as string;
    let transcript = session.subkeys.get(subpath);
    if (transcript === undefined) {
      transcript = { texts: [], mtime };
      session.subkeys.set(subpath, transcript);
    }
    for (const text of texts) transcript.texts.push(text);
    transcript.mtime = mtime;
  }

  /** A copy of everything appended under `key`, or `null` when never written. */
  async load(key: SessionKey): Promise<SessionStoreEntry[] | null> {
    checkSessionKey(key);
    const transcript = this.#transcript(key);
    return transcript === undefined ? null : parseTexts(transcript.texts);
  }

  /** The project's main transcripts with their mtimes (sessions with only subagent entries are not listed). */
  async listSessions(projectKey: string): Promise<SessionStoreListEntry[]> {
    const rows: SessionStoreListEntry[] = [];
    for (const [sessionId, session] of this.#projects.get(projectKey) ?? []) {
      if (session.main !== undefined) rows.push({ sessionId, mtime: session.main.mtime });
    }
    return rows;
  }

  /** One folded summary per main transcript of the project. */
  async listSessionSummaries(projectKey: string): Promise<SessionSummaryEntry[]> {
    const rows: SessionSummaryEntry[] = [];
    for (const session of this.#projects.get(projectKey)?.values() ?? []) {
      if (session.main !== undefined && session.summary !== undefined)
        rows.push(structuredClone(session.summary));
    }
    return rows;
  }

  /** Deletes `key`; a main key (or an empty subpath) takes the session's subkeys with it. */
  async delete(key: SessionKey): Promise<void> {
    checkSessionKey(key);
    const session = this.#session(key, false);
    if (session === undefined) return;
    if (isMainKey(key)) {
      session.main = undefined;
      session.summary = undefined;
      session.subkeys.clear();
    } else {
      session.subkeys.delete(key.subpath as string);
    }
    this.#dropIfEmpty(key);
  }

  /** The subpaths stored under the session, in first-append order. */
  async listSubkeys(key: SessionListSubkeysKey): Promise<string[]> {
    return [...(this.#session(key, false)?.subkeys.keys() ?? [])];
  }

  /** Test helper: a copy of the entries under `key`, `[]` when none. */
  getEntries(key: SessionKey): SessionStoreEntry[] {
    const transcript = this.#transcript(key);
    return transcript === undefined ? [] : parseTexts(transcript.texts);
  }

  /** Test helper: the number of main transcripts stored, over all projects. */
  get size(): number {
    let count = 0;
    for (const sessions of this.#projects.values()) {
      for (const session of sessions.values()) if (session.main !== undefined) count++;
    }
    return count;
  }

  /** Test helper: forgets everything. */
  clear(): void {
    this.#projects.clear();
  }
}
