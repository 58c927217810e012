import { closeSync, constants, openSync } from 'node:fs';
import { isUuid } from './ids.js';
import { LineCursor } from './line-cursor.js';
import { checkOptionsObject, optionalDir, optionalPath, projectsDirFor } from './options.js';
import { searchedProjectDirs } from './project-dirs.js';
import { findSessionCopies } from './session-files.js';
import { findSubagentFiles } from './subagent-files.js';
import { malformedLine } from './transcript-index.js';
import type { SessionJsonlWarning, SessionLookupOptions } from './types.js';
import { decodeUtf8 } from './utf8.js';

/** Where a session's transcript is, as the readers resolve it. */
export interface SessionTranscriptLocation {
  /** Absolute path of the `<sessionId>.jsonl` file. */
  filePath: string;
  /** The project folder's name (the project key the CLI used). */
  projectKey: string;
  /** Absolute path of the project folder. */
  projectDir: string;
  /** Size in bytes when located. */
  size: number;
  /** Modification time when located, integer epoch ms. */
  mtimeMs: number;
}

/** A subagent transcript of a session. */
export interface SubagentTranscriptLocation {
  /** The subagent's id (the `<id>` of `agent-<id>.jsonl`). */
  agentId: string;
  /** Absolute path of its transcript. */
  filePath: string;
  /** Path of the `agent-<id>.meta.json` sidecar (may not exist). */
  metaPath: string;
  /** Relative to the session folder, without `.jsonl`: `subagents/agent-<id>` or nested under `workflows/<runId>/`. */
  subpath: string;
}

/**
 * The transcript the readers would use for `sessionId` (the best non-empty copy), or
 * `undefined` for an invalid or unknown id. For tools that stream a transcript themselves,
 * such as an importer into a session store.
 */
export async function locateSessionTranscript(
  sessionId: string,
  options: SessionLookupOptions = {},
): Promise<SessionTranscriptLocation | undefined> {
  const raw = checkOptionsObject(options);
  const dir = optionalDir(raw);
  const configDir = optionalPath(raw, 'configDir');
  if (!isUuid(sessionId)) return undefined;
  const [file] = await findSessionCopies(
    await searchedProjectDirs(projectsDirFor({ configDir }), dir),
    sessionId,
  );
  if (file === undefined) return undefined;
  return {
    filePath: file.filePath,
    projectKey: file.projectDir.name,
    projectDir: file.projectDir.path,
    size: file.size,
    mtimeMs: file.mtimeMs,
  };
}

/** The subagent transcripts of a session, as `listSubagents` finds them; `[]` for an invalid id. */
export async function locateSubagentTranscripts(
  sessionId: string,
  options: SessionLookupOptions = {},
): Promise<SubagentTranscriptLocation[]> {
  const raw = checkOptionsObject(options);
  const dir = optionalDir(raw);
  const configDir = optionalPath(raw, 'configDir');
  if (!isUuid(sessionId)) return [];
  const files = await findSubagentFiles(
    await searchedProjectDirs(projectsDirFor({ configDir }), dir),
    sessionId,
  );
  return files.map(({ agentId, filePath, metaPath, subpath }) => ({ agentId, filePath, metaPath, subpath }));
}

/** One parsed transcript entry and the length of its line in characters. */
export interface TranscriptEntry {
  /** The parsed line. */
  entry: Record<string, unknown>;
  /** The line's length in characters. */
  chars: number;
}

/**
 * Streams a transcript file's entries (every line that parses to a JSON object) in file order,
 * in batches of at most `batchEntries`. Lines that do not parse are skipped and reported to
 * `onWarning`; invalid UTF-8 reads as U+FFFD. Memory stays bounded by one batch and one line.
 */
export async function* readTranscriptEntries(
  filePath: string,
  options: { batchEntries?: number; onWarning?: (warning: SessionJsonlWarning) => void } = {},
): AsyncGenerator<TranscriptEntry[], void, undefined> {
  const batchEntries = options.batchEntries ?? 500;
  if (!Number.isSafeInteger(batchEntries) || batchEntries <= 0) {
    throw new TypeError(`batchEntries must be a positive integer, got ${String(options.batchEntries)}`);
  }
  const fd = openSync(filePath, constants.O_RDONLY | constants.O_NONBLOCK);
  const cursor = new LineCursor(fd);
  try {
    let batch: TranscriptEntry[] = [];
    while (cursor.next()) {
      const text = decodeUtf8(cursor.bytes, cursor.start, cursor.end);
      if (text.trim() === '') continue;
      let value: unknown;
      try {
        value = JSON.parse(text);
      } catch {
        value = undefined;
      }
      if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
        batch.push({ entry: value as Record<string, unknown>, chars: text.length });
      } else {
        options.onWarning?.(malformedLine(filePath, cursor.offset));
      }
      if (batch.length >= batchEntries) {
        yield batch;
        batch = [];
      }
    }
    if (batch.length > 0) yield batch;
  } finally {
    cursor.close();
    closeSync(fd);
  }
}
