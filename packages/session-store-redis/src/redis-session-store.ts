import {
  checkLoadFromPosition,
  checkProjectKey,
  checkSessionOnlyKey,
  checkStoredKey,
  type EntryRow,
  foldSessionSummary,
  parseEntryRow,
  type SessionKey,
  type SessionListSubkeysKey,
  type SessionStore,
  type SessionStoreEntry,
  type SessionStoreListEntry,
  type SessionStoreLoadFrom,
  type SessionSummaryEntry,
  type StoredKey,
  toEntryRows,
} from '@ccsdk/session-store';
import { Connection } from './connection.js';
import { RedisSessionStoreError, storeError } from './errors.js';
import { KeyLayout } from './key-layout.js';
import { APPEND_CONFLICT_ATTEMPTS } from './limits.js';
import { APPEND_SCRIPT, DELETE_SESSION_SCRIPT } from './scripts.js';
import { type RedisSessionStoreOptions, resolveRedisOptions } from './store-options.js';

/** Which rows of a batch are new, given the uuids the server already holds (duplicates inside the batch count once). */
function freshMask(rows: readonly EntryRow[], known: readonly number[]): boolean[] {
  const seen = new Set<string>();
  let next = 0;
  return rows.map((row) => {
    if (row.uuid === null) return true;
    const stored = known[next++] === 1;
    const fresh = !stored && !seen.has(row.uuid);
    seen.add(row.uuid);
    return fresh;
  });
}

/**
 * A {@link SessionStore} on Redis: every method, the optional ones included. Each append is one
 * Lua script: entries pushed verbatim (JSON text) onto a list, uuids already stored under the
 * key skipped, the session's sorted-set score and folded summary written in the same step. The
 * summary is folded here from what the script will write; if another writer changed it in
 * between, the script writes nothing and the append reads again (optimistic, bounded by
 * {@link APPEND_CONFLICT_ATTEMPTS}). Key layout and memory per entry: see the README.
 *
 * Calls are bounded by `callTimeoutMs`; errors are {@link RedisSessionStoreError}s with stable
 * codes; the client reconnects by itself after the server comes back. Call {@link close} when done.
 */
export class RedisSessionStore implements SessionStore, SessionStoreLoadFrom {
  readonly #connection: Connection;
  readonly #keys: KeyLayout;
  readonly #maxEntryBytes: number;

  /** Validates `options` at once (a `TypeError` quoting the bad value); connects on first use. */
  constructor(options: RedisSessionStoreOptions) {
    const resolved = resolveRedisOptions(options);
    this.#keys = new KeyLayout(resolved.prefix);
    this.#connection = new Connection(resolved, this.#keys.schema);
    this.#maxEntryBytes = resolved.maxEntryBytes;
  }

  /** Appends `entries` under `key` atomically, skipping uuids already stored; `[]` writes nothing. */
  async append(key: SessionKey, entries: SessionStoreEntry[]): Promise<void> {
    const stored = checkStoredKey(key, storeError);
    const rows = toEntryRows(entries, this.#maxEntryBytes, storeError);
    if (rows.length === 0) return;
    await this.#connection.run('append', async (client) => {
      const keys = this.#keys.transcript(stored);
      const uuids = rows.flatMap((row) => (row.uuid === null ? [] : [row.uuid]));
      const args = rows.flatMap((row) => [row.uuid === null ? '-' : `u${row.uuid}`, row.body]);
      for (let attempt = 1; attempt <= APPEND_CONFLICT_ATTEMPTS; attempt++) {
        const [summary, known] = await Promise.all([
          stored.subpath === '' ? client.hget(keys.summaries, stored.sessionId) : Promise.resolve(null),
          uuids.length === 0 ? Promise.resolve([]) : client.smismember(keys.uuids, ...uuids),
        ]);
        const mask = freshMask(rows, known);
        const next = stored.subpath === '' ? this.#fold(stored, summary, entries, mask) : '';
        const written = await this.#connection.script(
          APPEND_SCRIPT,
          [keys.entries, keys.uuids, keys.sessions, keys.subkeys, keys.summaries],
          [
            stored.subpath === '' ? '1' : '0',
            stored.sessionId,
            encodeURIComponent(stored.subpath),
            summary === null ? '' : `j${summary}`,
            next,
            mask.map((fresh) => (fresh ? '1' : '0')).join(''),
            rows.length,
            ...args,
          ],
        );
        if (written !== -1) return;
      }
      throw new RedisSessionStoreError({
        code: 'CONFLICT',
        message: `Redis session store: ${APPEND_CONFLICT_ATTEMPTS} attempts of an append to session ${stored.sessionId} met concurrent changes; nothing of this batch was written.`,
      });
    });
  }

  #fold(key: StoredKey, summary: string | null, entries: SessionStoreEntry[], mask: boolean[]): string {
    const prev: SessionSummaryEntry | undefined =
      summary === null
        ? undefined
        : {
            sessionId: key.sessionId,
            mtime: 0,
            data: parseEntryRow(summary, `the summary of ${key.sessionId}`, storeError),
          };
    return JSON.stringify(
      foldSessionSummary(
        prev,
        key,
        entries.filter((_, i) => mask[i]),
      ).data,
    );
  }

  /** Everything stored under `key` in append order, or `null` for a key never written. */
  async load(key: SessionKey): Promise<SessionStoreEntry[] | null> {
    return this.#loadEntries('load', key, 0);
  }

  /**
   * The entries of `key` from position `from` on (`SessionStoreLoadFrom`, our extension): what
   * `load(key)` gives, without the first `from`; `[]` at or past the end; `null` for a key never
   * written. A reader that follows a growing transcript fetches only what is new.
   */
  async loadFrom(key: SessionKey, from: number): Promise<SessionStoreEntry[] | null> {
    return this.#loadEntries('loadFrom', key, checkLoadFromPosition(from));
  }

  #loadEntries(
    operation: 'load' | 'loadFrom',
    key: SessionKey,
    from: number,
  ): Promise<SessionStoreEntry[] | null> {
    const stored = checkStoredKey(key, storeError);
    return this.#connection.run(operation, async (client) => {
      const entriesKey = this.#keys.transcript(stored).entries;
      const bodies = await client.lrange(entriesKey, from, -1);
      // Redis drops an empty list, and a written transcript holds at least one entry: nothing
      // from 0 means never written; nothing from further on may be the end of a written one.
      if (bodies.length === 0) return from === 0 || (await client.exists(entriesKey)) === 0 ? null : [];
      const where = `${stored.sessionId}${stored.subpath === '' ? '' : `/${stored.subpath}`}`;
      return bodies.map((body) => parseEntryRow(body, where, storeError));
    });
  }

  /** The project's main transcripts with their last write time (server clock, epoch ms). */
  async listSessions(projectKey: string): Promise<SessionStoreListEntry[]> {
    const project = checkProjectKey(projectKey, storeError);
    return this.#connection.run('listSessions', async (client) => {
      const flat = await client.zrange(this.#keys.sessions(project), 0, -1, 'WITHSCORES');
      const rows: SessionStoreListEntry[] = [];
      for (let i = 0; i + 1 < flat.length; i += 2)
        rows.push({ sessionId: flat[i]!, mtime: Number(flat[i + 1]) });
      return rows;
    });
  }

  /** One folded summary per main transcript of the project, written by the same script as the entries. */
  async listSessionSummaries(projectKey: string): Promise<SessionSummaryEntry[]> {
    const project = checkProjectKey(projectKey, storeError);
    const sessions = await this.listSessions(project);
    return this.#connection.run('listSessionSummaries', async (client) => {
      const summaries = await client.hgetall(this.#keys.summaries(project));
      return sessions.flatMap(({ sessionId, mtime }) => {
        const data = summaries[sessionId];
        if (data === undefined) return [];
        return [{ sessionId, mtime, data: parseEntryRow(data, `the summary of ${sessionId}`, storeError) }];
      });
    });
  }

  /** Deletes `key`; a main key (or an empty subpath) takes the session's subkeys and summary with it. */
  async delete(key: SessionKey): Promise<void> {
    const stored = checkStoredKey(key, storeError);
    const keys = this.#keys.transcript(stored);
    await this.#connection.run('delete', async (client) => {
      if (stored.subpath !== '') {
        await client
          .multi()
          .del(keys.entries, keys.uuids)
          .srem(keys.subkeys, encodeURIComponent(stored.subpath))
          .exec();
        return;
      }
      await this.#connection.script(
        DELETE_SESSION_SCRIPT,
        [keys.sessions, keys.subkeys, keys.summaries, keys.entries, keys.uuids],
        [
          stored.sessionId,
          this.#keys.base('e', stored.projectKey, stored.sessionId),
          this.#keys.base('u', stored.projectKey, stored.sessionId),
        ],
      );
    });
  }

  /** The subpaths stored under the session, in any order (never the main transcript). */
  async listSubkeys(key: SessionListSubkeysKey): Promise<string[]> {
    const { projectKey, sessionId } = checkSessionOnlyKey(key, storeError);
    return this.#connection.run('listSubkeys', async (client) => {
      const members = await client.smembers(this.#keys.subkeys(projectKey, sessionId));
      return members.map((member) => decodeURIComponent(member));
    });
  }

  /** Closes the store's own connection (a `client` passed in stays open); later calls reject with `CLOSED`. Idempotent. */
  close(): Promise<void> {
    return this.#connection.close();
  }
}
