import { ident } from './schema.js';

/** The store's SQL, for one schema. Every statement takes parameters; nothing is spliced in but the checked schema name. */
export interface Statements {
  /** Creates or touches a transcript row, locks it, reserves `$4` sequence numbers: `id`, `mtime_ms`, `base`. */
  readonly touchTranscript: string;
  /** Inserts entries `$3` (uuids) / `$4` (bodies) at `$2 + ordinality`, skipping known uuids: the `seq`s written. */
  readonly insertEntries: string;
  readonly selectSummary: string;
  readonly upsertSummary: string;
  readonly loadEntries: string;
  readonly loadEntriesFrom: string;
  readonly transcriptExists: string;
  readonly listSessions: string;
  readonly listSummaries: string;
  readonly listSubkeys: string;
  readonly deleteSession: string;
  readonly deleteSummary: string;
  readonly deleteSubkey: string;
}

/** Builds the statements for `schema` (already checked). */
export function statementsFor(schema: string): Statements {
  const s = ident(schema);
  const nowMs = '(extract(epoch from clock_timestamp()) * 1000)::bigint';
  return {
    touchTranscript: `INSERT INTO ${s}.transcripts AS t (project_key, session_id, subpath, mtime_ms, next_seq)
      VALUES ($1, $2, $3, ${nowMs}, $4::bigint)
      ON CONFLICT (project_key, session_id, subpath) DO UPDATE
        SET mtime_ms = GREATEST(t.mtime_ms, EXCLUDED.mtime_ms), next_seq = t.next_seq + EXCLUDED.next_seq
      RETURNING id, mtime_ms, next_seq - $4::bigint AS base`,
    insertEntries: `INSERT INTO ${s}.entries (transcript_id, seq, uuid, body)
      SELECT $1, $2::bigint + x.ord, x.uuid, x.body
        FROM unnest($3::text[], $4::text[]) WITH ORDINALITY AS x (uuid, body, ord)
      ON CONFLICT DO NOTHING
      RETURNING seq`,
    selectSummary: `SELECT data FROM ${s}.summaries WHERE project_key = $1 AND session_id = $2`,
    upsertSummary: `INSERT INTO ${s}.summaries (project_key, session_id, mtime_ms, data) VALUES ($1, $2, $3, $4)
      ON CONFLICT (project_key, session_id) DO UPDATE SET mtime_ms = EXCLUDED.mtime_ms, data = EXCLUDED.data`,
    loadEntries: `SELECT e.body FROM ${s}.entries e JOIN ${s}.transcripts t ON t.id = e.transcript_id
      WHERE t.project_key = $1 AND t.session_id = $2 AND t.subpath = $3 ORDER BY e.seq`,
    loadEntriesFrom: `SELECT e.body FROM ${s}.entries e JOIN ${s}.transcripts t ON t.id = e.transcript_id
      WHERE t.project_key = $1 AND t.session_id = $2 AND t.subpath = $3 ORDER BY e.seq OFFSET $4::bigint`,
    transcriptExists: `SELECT 1 FROM ${s}.transcripts WHERE project_key = $1 AND session_id = $2 AND subpath = $3`,
    listSessions: `SELECT session_id, mtime_ms FROM ${s}.transcripts WHERE project_key = $1 AND subpath = ''`,
    listSummaries: `SELECT m.session_id, m.mtime_ms, m.data FROM ${s}.summaries m
      JOIN ${s}.transcripts t ON t.project_key = m.project_key AND t.session_id = m.session_id AND t.subpath = ''
      WHERE m.project_key = $1`,
    listSubkeys: `SELECT subpath FROM ${s}.transcripts
      WHERE project_key = $1 AND session_id = $2 AND subpath <> '' ORDER BY id`,
    deleteSession: `DELETE FROM ${s}.transcripts WHERE project_key = $1 AND session_id = $2`,
    deleteSummary: `DELETE FROM ${s}.summaries WHERE project_key = $1 AND session_id = $2`,
    deleteSubkey: `DELETE FROM ${s}.transcripts WHERE project_key = $1 AND session_id = $2 AND subpath = $3`,
  };
}
