import {
  checkLoadFromPosition,
  checkProjectKey,
  checkSessionOnlyKey,
  checkStoredKey,
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
import type pg from 'pg';
import { Connection } from './connection.js';
import { storeError } from './errors.js';
import { type Statements, statementsFor } from './statements.js';
import { type PostgresSessionStoreOptions, resolvePostgresOptions } from './store-options.js';

function parseSummary(data: string, sessionId: string): Record<string, unknown> {
  const value = parseEntryRow(data, `the summary of ${sessionId}`, storeError);
  return value as Record<string, unknown>;
}

/**
 * A {@link SessionStore} on PostgreSQL: every method, the optional ones included. Entries are
 * stored verbatim as JSON text, ordered by a per-transcript sequence, and deduplicated by `uuid`
 * (an entry whose uuid the key already holds is skipped, so a retried batch never doubles).
 * Each append is one transaction that also folds the session summary; appends to one key from
 * several processes are serialized by a row lock, so each writer's order holds and nothing is lost.
 *
 * The tables are created on first use in `schema` (versioned; see the README). Calls are bounded
 * by `callTimeoutMs`; errors are {@link PostgresSessionStoreError}s with stable codes. Call
 * {@link close} when done (it ends the store's own pool).
 */
export class PostgresSessionStore implements SessionStore, SessionStoreLoadFrom {
  readonly #connection: Connection;
  readonly #sql: Statements;
  readonly #maxEntryBytes: number;

  /** Validates `options` at once (a `TypeError` quoting the bad value); connects on first use. */
  constructor(options: PostgresSessionStoreOptions) {
    const resolved = resolvePostgresOptions(options);
    this.#connection = new Connection(resolved);
    this.#sql = statementsFor(resolved.schema);
    this.#maxEntryBytes = resolved.maxEntryBytes;
  }

  /** Appends `entries` under `key` in one transaction, skipping uuids already stored; `[]` writes nothing. */
  async append(key: SessionKey, entries: SessionStoreEntry[]): Promise<void> {
    const stored = checkStoredKey(key, storeError);
    const rows = toEntryRows(entries, this.#maxEntryBytes, storeError);
    if (rows.length === 0) return;
    await this.#connection.transaction('append', async (client) => {
      const k = [stored.projectKey, stored.sessionId, stored.subpath];
      const touched = await client.query<{ id: string; mtime_ms: string; base: string }>(
        this.#sql.touchTranscript,
        [...k, rows.length],
      );
      const { id, mtime_ms, base } = touched.rows[0]!;
      const inserted = await client.query<{ seq: string }>(this.#sql.insertEntries, [
        id,
        base,
        rows.map((row) => row.uuid),
        rows.map((row) => row.body),
      ]);
      if (stored.subpath === '') {
        const offsets = new Set(inserted.rows.map((row) => Number(row.seq) - Number(base) - 1));
        await this.#foldSummary(
          client,
          stored,
          Number(mtime_ms),
          entries.filter((_, i) => offsets.has(i)),
        );
      }
    });
  }

  async #foldSummary(client: pg.PoolClient, key: StoredKey, mtime: number, added: SessionStoreEntry[]) {
    const found = await client.query<{ data: string }>(this.#sql.selectSummary, [
      key.projectKey,
      key.sessionId,
    ]);
    const previous = found.rows[0];
    const prev: SessionSummaryEntry | undefined =
      previous === undefined
        ? undefined
        : { sessionId: key.sessionId, mtime, data: parseSummary(previous.data, key.sessionId) };
    const next = foldSessionSummary(prev, key, added, { mtime });
    await client.query(this.#sql.upsertSummary, [
      key.projectKey,
      key.sessionId,
      mtime,
      JSON.stringify(next.data),
    ]);
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
    const k = [stored.projectKey, stored.sessionId, stored.subpath];
    return this.#connection.run(operation, async (client) => {
      const result = await client.query<[string]>(
        from === 0
          ? { text: this.#sql.loadEntries, values: k, rowMode: 'array' }
          : { text: this.#sql.loadEntriesFrom, values: [...k, from], rowMode: 'array' },
      );
      if (result.rows.length === 0) {
        const exists = await client.query(this.#sql.transcriptExists, k);
        return exists.rows.length === 0 ? null : [];
      }
      const where = `${stored.sessionId}${stored.subpath === '' ? '' : `/${stored.subpath}`}`;
      return result.rows.map((row) => parseEntryRow(row[0], where, storeError));
    });
  }

  /** The project's main transcripts with their last write time (database clock, epoch ms). */
  async listSessions(projectKey: string): Promise<SessionStoreListEntry[]> {
    const project = checkProjectKey(projectKey, storeError);
    return this.#connection.run('listSessions', async (client) => {
      const result = await client.query<{ session_id: string; mtime_ms: string }>(this.#sql.listSessions, [
        project,
      ]);
      return result.rows.map((row) => ({ sessionId: row.session_id, mtime: Number(row.mtime_ms) }));
    });
  }

  /** One folded summary per main transcript of the project, kept in step by `append`. */
  async listSessionSummaries(projectKey: string): Promise<SessionSummaryEntry[]> {
    const project = checkProjectKey(projectKey, storeError);
    return this.#connection.run('listSessionSummaries', async (client) => {
      const result = await client.query<{ session_id: string; mtime_ms: string; data: string }>(
        this.#sql.listSummaries,
        [project],
      );
      return result.rows.map((row) => ({
        sessionId: row.session_id,
        mtime: Number(row.mtime_ms),
        data: parseSummary(row.data, row.session_id),
      }));
    });
  }

  /** Deletes `key`; a main key (or an empty subpath) takes the session's subkeys and summary with it. */
  async delete(key: SessionKey): Promise<void> {
    const stored = checkStoredKey(key, storeError);
    await this.#connection.transaction('delete', async (client) => {
      if (stored.subpath !== '') {
        await client.query(this.#sql.deleteSubkey, [stored.projectKey, stored.sessionId, stored.subpath]);
        return;
      }
      await client.query(this.#sql.deleteSession, [stored.projectKey, stored.sessionId]);
      await client.query(this.#sql.deleteSummary, [stored.projectKey, stored.sessionId]);
    });
  }

  /** The subpaths stored under the session, in first-append order (never the main transcript). */
  async listSubkeys(key: SessionListSubkeysKey): Promise<string[]> {
    const { projectKey, sessionId } = checkSessionOnlyKey(key, storeError);
    return this.#connection.run('listSubkeys', async (client) => {
      const result = await client.query<{ subpath: string }>(this.#sql.listSubkeys, [projectKey, sessionId]);
      return result.rows.map((row) => row.subpath);
    });
  }

  /** Ends the store's own pool (a `pool` passed in stays open); later calls reject with `CLOSED`. Idempotent. */
  close(): Promise<void> {
    return this.#connection.close();
  }
}
