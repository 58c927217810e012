import { foldSessionSummary } from './fold-session-summary.js';
import { freezeParsedJson, frozenJsonCopy } from './frozen-json.js';
import { checkSessionKey, isMainKey } from './session-key.js';
import type {
  SessionKey,
  SessionListSubkeysKey,
  SessionStore,
  SessionStoreEntry,
  SessionStoreListEntry,
  SessionSummaryEntry,
} from './types.js';

/**
 * The importer's way into an {@link InMemorySessionStore}: appends entries that `JSON.parse` has
 * just made and that nothing else holds, so the store freezes and keeps them instead of copying
 * them. A function of this module, set by the class itself, so the class's type stays the
 * official one. Package-internal: not exported from the package's entry.
 */
export let appendParsedEntries: (
  store: InMemorySessionStore,
  key: SessionKey,
  entries: SessionStoreEntry[],
) => void;

/**
 * A transcript's entries, each deeply frozen (see frozen-json.ts), and when it last changed. The
 * array is copied on write: `load` freezes it and hands it out as it is, and the next append to a
 * frozen array pushes onto a copy of it (see {@link appendTo}).
 */
interface StoredTranscript {
  entries: SessionStoreEntry[];
  mtime: number;
}

/**
 * Appends `batch` to `transcript`: pushed onto its array, or onto a copy of it when a `load` has
 * handed that array out (frozen), so what a caller loaded never changes.
 */
function appendTo(transcript: StoredTranscript, batch: readonly SessionStoreEntry[], mtime: number): void {
  if (Object.isFrozen(transcript.entries)) transcript.entries = transcript.entries.slice();
  for (const entry of batch) transcript.entries.push(entry);
  transcript.mtime = mtime;
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

/**
 * Deeply frozen copies of the batch, as a JSON round trip gives them; throws a `TypeError` for an
 * entry that has no JSON text (`undefined`, a function, a cycle) before anything is kept.
 */
function frozenCopies(batch: readonly SessionStoreEntry[]): SessionStoreEntry[] {
  const copies = new Array<SessionStoreEntry>(batch.length);
  for (let i = 0; i < batch.length; i++) {
    const copy = frozenJsonCopy(batch[i]);
    if (copy === undefined) throw new TypeError(`entries[${i}] is not a JSON value`);
    copies[i] = copy as SessionStoreEntry;
  }
  return copies;
}

/**
 * The reference {@link SessionStore}: everything in process memory, all optional methods
 * implemented, passes the whole conformance suite. For tests and development; data is gone when
 * the process exits.
 *
 * What a caller passes or gets back cannot change what is stored: `append` keeps a deeply frozen
 * copy of each entry, equal to what a JSON round trip gives (`undefined` fields dropped, a `Date`
 * becomes its ISO string, as in a transcript file; strings are shared, not copied), and `load`
 * hands out the store's own array of them, frozen too, at no copying cost (copied on write: the
 * next append goes onto a copy, so a loaded array never changes). Changing a loaded array or
 * entry throws a `TypeError` in strict mode (and does nothing otherwise); copy it to change it
 * (`[...entries]` for the array, `structuredClone` for a mutable copy of everything).
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

  /** Appends frozen copies of `entries` under `key`; an empty list is a no-op that creates nothing. */
  async append(key: SessionKey, entries: SessionStoreEntry[]): Promise<void> {
    checkSessionKey(key);
    const batch = checkEntries(entries);
    if (batch.length === 0) return;
    this.#store(key, frozenCopies(batch));
  }

  static {
    appendParsedEntries = (store, key, entries) => {
      checkSessionKey(key);
      if (entries.length === 0) return;
      for (const entry of entries) freezeParsedJson(entry);
      store.#store(key, entries);
    };
  }

  /** Keeps `batch`, whose entries are deeply frozen and held by nothing else. */
  #store(key: SessionKey, batch: readonly SessionStoreEntry[]): void {
    const session = this.#session(key, true)!;
    const mtime = this.#tick();
    if (isMainKey(key)) {
      session.main ??= { entries: [], mtime };
      appendTo(session.main, batch, mtime);
      session.summary = foldSessionSummary(session.summary, key, batch, { mtime });
      return;
    }
    const subpath = key.subpath as string;
    let transcript = session.subkeys.get(subpath);
    if (transcript === undefined) {
      transcript = { entries: [], mtime };
      session.subkeys.set(subpath, transcript);
    }
    appendTo(transcript, batch, mtime);
  }

  /**
   * Everything appended under `key`, in order, or `null` when never written: the store's own
   * array, frozen, with no copy made. Like the entries in it, it is read-only: sorting, reversing
   * or extending it throws a `TypeError` (copy it first: `[...entries]`). A later append never
   * changes an array already loaded (it goes onto a copy), so loads in between appends share one.
   */
  async load(key: SessionKey): Promise<SessionStoreEntry[] | null> {
    checkSessionKey(key);
    const transcript = this.#transcript(key);
    if (transcript === undefined) return null;
    Object.freeze(transcript.entries);
    return transcript.entries;
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

  /** Test helper: the (deeply frozen) entries under `key` in a new array, `[]` when none. */
  getEntries(key: SessionKey): SessionStoreEntry[] {
    const transcript = this.#transcript(key);
    return transcript === undefined ? [] : transcript.entries.slice();
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
