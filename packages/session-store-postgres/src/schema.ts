import type { PoolClient } from 'pg';
import { PostgresSessionStoreError } from './errors.js';

/** Version of the table layout this release writes. Stored in `<schema>.ccsdk_schema`. */
export const SCHEMA_VERSION = 1;

/** Quotes a checked schema name as an SQL identifier. */
export function ident(schema: string): string {
  return `"${schema.replaceAll('"', '""')}"`;
}

/**
 * Statements that bring the layout from version `i` to `i + 1`, by `i`. Version 0 is an empty
 * schema. A later release appends its migration here and raises {@link SCHEMA_VERSION}.
 */
function migrations(s: string): readonly (readonly string[])[] {
  return [
    [
      `CREATE TABLE ${s}.transcripts (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        project_key text NOT NULL,
        session_id text NOT NULL,
        subpath text NOT NULL,
        mtime_ms bigint NOT NULL,
        next_seq bigint NOT NULL,
        UNIQUE (project_key, session_id, subpath)
      )`,
      `CREATE TABLE ${s}.entries (
        transcript_id bigint NOT NULL REFERENCES ${s}.transcripts (id) ON DELETE CASCADE,
        seq bigint NOT NULL,
        uuid text,
        body text NOT NULL,
        PRIMARY KEY (transcript_id, seq)
      )`,
      `CREATE UNIQUE INDEX entries_uuid ON ${s}.entries (transcript_id, uuid) WHERE uuid IS NOT NULL`,
      `CREATE TABLE ${s}.summaries (
        project_key text NOT NULL,
        session_id text NOT NULL,
        mtime_ms bigint NOT NULL,
        data text NOT NULL,
        PRIMARY KEY (project_key, session_id)
      )`,
    ],
  ];
}

/**
 * Creates or migrates the store's tables in `schema`, in one transaction under an advisory lock
 * (several processes may start at once). Throws `SCHEMA_TOO_NEW` when a newer release wrote it.
 */
export async function ensureSchema(client: PoolClient, schema: string): Promise<void> {
  const s = ident(schema);
  await client.query('BEGIN');
  try {
    await client.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`ccsdk-session-store:${schema}`]);
    await client.query(`CREATE SCHEMA IF NOT EXISTS ${s}`);
    await client.query(
      `CREATE TABLE IF NOT EXISTS ${s}.ccsdk_schema (
        singleton boolean PRIMARY KEY DEFAULT true CHECK (singleton),
        version integer NOT NULL
      )`,
    );
    const found = await client.query<{ version: number }>(`SELECT version FROM ${s}.ccsdk_schema`);
    const current = found.rows[0]?.version ?? 0;
    if (current > SCHEMA_VERSION) {
      throw new PostgresSessionStoreError({
        code: 'SCHEMA_TOO_NEW',
        message: `Schema ${s} is at version ${current}, newer than ${SCHEMA_VERSION} which this release of @ccsdk/session-store-postgres knows; upgrade the package.`,
      });
    }
    const steps = migrations(s);
    for (let version = current; version < SCHEMA_VERSION; version++) {
      for (const statement of steps[version] ?? []) await client.query(statement);
    }
    if (current < SCHEMA_VERSION) {
      await client.query(
        `INSERT INTO ${s}.ccsdk_schema (singleton, version) VALUES (true, $1)
         ON CONFLICT (singleton) DO UPDATE SET version = EXCLUDED.version`,
        [SCHEMA_VERSION],
      );
    }
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  }
}
