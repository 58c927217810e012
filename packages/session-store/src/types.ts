/**
 * Where a transcript lives in a {@link SessionStore}: the project, the session and, for a
 * subagent transcript, the path under the session (`subagents/agent-<id>`, possibly nested).
 */
export interface SessionKey {
  /** The project scope: by default the CLI's folder name for the working directory (see `projectKeyForDirectory`). */
  projectKey: string;
  /** The session's UUID. */
  sessionId: string;
  /**
   * Absent for the main transcript. For a subagent transcript the path relative to the session
   * folder without `.jsonl`, e.g. `subagents/agent-a1` or `subagents/workflows/r1/agent-a2`.
   * Adapters treat it as an opaque key suffix; an empty string means the main transcript.
   */
  subpath?: string;
}

/** The key of a whole session, as `listSubkeys` takes it. */
export interface SessionListSubkeysKey {
  /** The project scope, as in {@link SessionKey.projectKey}. */
  projectKey: string;
  /** The session's UUID. */
  sessionId: string;
}

/**
 * One transcript line as the store sees it: a JSON object with a string `type`, usually a
 * `uuid` (the idempotency key) and an ISO `timestamp`; the rest is opaque. Stores persist it
 * verbatim; loading must return a deep-equal copy (key order may change).
 */
export interface SessionStoreEntry {
  /** The entry's kind as the CLI wrote it (`user`, `assistant`, `summary`, `custom-title`, ...). */
  type: string;
  /** The entry's id, when it has one: the idempotency key of `append`. */
  uuid?: string;
  /** When the CLI wrote it, as an ISO 8601 string, when present. */
  timestamp?: string;
  [key: string]: unknown;
}

/** One row of `listSessions`: a session and its storage write time. */
export interface SessionStoreListEntry {
  /** The session's UUID. */
  sessionId: string;
  /**
   * Storage write time, integer epoch milliseconds. Readers also accept numeric strings, ISO
   * strings and `Date`s (normalized to epoch ms); anything else sorts as oldest and reads as 0.
   */
  mtime: number;
}

/**
 * A session's incrementally folded summary, as `listSessionSummaries` returns it (maintained
 * with `foldSessionSummary` inside `append`).
 */
export interface SessionSummaryEntry {
  /** The session's UUID. */
  sessionId: string;
  /** Storage write time of the summary, same clock as `listSessions` mtimes, epoch ms. */
  mtime: number;
  /** Opaque state owned by the SDK: persist it verbatim, never interpret it. */
  data: Record<string, unknown>;
}

/**
 * An external session store: where the transcripts the CLI writes locally are mirrored to, and
 * where store-backed reads, mutations and resumes read from.
 *
 * `append` and `load` are required. The other methods are optional and probed at run time; a
 * method that is missing, or that throws a not-implemented error (see `isNotImplementedError`),
 * counts as absent and the SDK takes the documented fallback. Validate an adapter with
 * `runSessionStoreConformance` from `@ccsdk/session-store/conformance`.
 */
export interface SessionStore {
  /**
   * Persists `entries` after those already stored under `key`, in call order. Called after the
   * CLI's local write succeeded. Treat `entry.uuid` as an idempotency key: a retried or
   * re-imported batch can repeat earlier entries. `append(key, [])` must create nothing.
   */
  append(key: SessionKey, entries: SessionStoreEntry[]): Promise<void>;
  /** Everything appended under `key`, in order; `null` for a key never written. */
  load(key: SessionKey): Promise<SessionStoreEntry[] | null>;
  /** The project's main transcripts (no subpaths) with their mtimes, in any order. */
  listSessions?(projectKey: string): Promise<SessionStoreListEntry[]>;
  /** One folded summary per main transcript of the project, in any order. */
  listSessionSummaries?(projectKey: string): Promise<SessionSummaryEntry[]>;
  /**
   * Deletes `key`. A main key (no subpath, or an empty one) also deletes every subkey of the
   * session; a subpath key deletes only that transcript. Deleting an unknown key is a no-op.
   */
  delete?(key: SessionKey): Promise<void>;
  /** The subpaths stored under a session (never the main transcript), in any order. */
  listSubkeys?(key: SessionListSubkeysKey): Promise<string[]>;
}

/** The optional methods of {@link SessionStore}, by name. */
export type SessionStoreOptionalMethod = 'listSessions' | 'listSessionSummaries' | 'delete' | 'listSubkeys';
