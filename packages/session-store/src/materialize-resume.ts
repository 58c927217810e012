import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { isUuid, projectKeyForDirectory } from '@ccsdk/session-jsonl';
import { type ChildEnvironment, childConfigLocation } from './child-config-dir.js';
import { SessionStoreError } from './errors.js';
import { isRecord } from './is-record.js';
import { DEFAULT_LOAD_TIMEOUT_MS } from './limits.js';
import { quote } from './quote.js';
import { preserveTranscripts, removeTempDir } from './remove-temp-dir.js';
import { continueCandidates } from './resume-candidates.js';
import { isSafeSubpath } from './safe-subpath.js';
import { SEEDED_FILE_MODE, seedConfigDir } from './seed-config-dir.js';
import { boundedStoreCall } from './store-call.js';
import { callOptional, checkSessionStore } from './store-probe.js';
import type { SessionStore, SessionStoreEntry } from './types.js';

/** Options of {@link materializeResumeFromStore}. */
export interface MaterializeResumeOptions extends ChildEnvironment {
  /** The store to load from. */
  store: SessionStore;
  /** Resume this session (a UUID). Give this or `continue`. */
  sessionId?: string;
  /** Resume the store's newest session of the project that is not a sidechain. */
  continue?: boolean;
  /** The CLI's working directory; names the project key. Default `process.cwd()`. */
  cwd?: string;
  /** Bound on each store call, in ms. Default {@link DEFAULT_LOAD_TIMEOUT_MS} (60 s). */
  loadTimeoutMs?: number;
  /** Folder to create the private config dir in. Default `os.tmpdir()`. */
  tmpDir?: string;
  /** Receives what was skipped (unserializable entries, unsafe subkeys, unreadable settings). Default `process.emitWarning`. */
  onWarning?: (message: string) => void;
}

/** A private config dir holding a session loaded from a store, ready for the CLI to resume. */
export interface MaterializedResume {
  /** The private config dir (mode 0700); the CLI's `CLAUDE_CONFIG_DIR`. */
  readonly configDir: string;
  /** Variables to lay over the child's environment: `CLAUDE_CONFIG_DIR`. */
  readonly env: {
    /** The private config dir. */
    readonly CLAUDE_CONFIG_DIR: string;
  };
  /** The session to pass as `resume` (for `continue`, the one picked). */
  readonly sessionId: string;
  /** The project key the transcript was written under. */
  readonly projectKey: string;
  /**
   * Removes the dir after the CLI exited (retrying transient errors). With `preserve: true`
   * (the mirror dropped batches, so the local copy is the only full one) the transcripts are
   * moved to a private `claude-preserved-resume-*` folder and everything else is deleted; the
   * result names that folder. Idempotent.
   */
  cleanup(options?: { preserve?: boolean }): Promise<{
    /** Where the transcripts were kept, with `preserve: true`. */
    preservedDir?: string;
  }>;
}

/** Compact JSONL of the entries that serialize; others are reported and skipped. */
function toJsonl(
  entries: readonly SessionStoreEntry[],
  warn: (m: string) => void,
): { text: string; count: number } {
  const lines: string[] = [];
  for (const entry of entries) {
    let line: string | undefined;
    try {
      line = JSON.stringify(entry);
    } catch {
      line = undefined;
    }
    if (line === undefined) {
      warn(
        `Skipped a stored entry that cannot be written as JSON${isRecord(entry) && typeof entry.uuid === 'string' ? ` (uuid ${entry.uuid})` : ''}.`,
      );
    } else lines.push(`${line}\n`);
  }
  return { text: lines.join(''), count: lines.length };
}

function checkOptions(options: MaterializeResumeOptions): { timeoutMs: number } {
  if (typeof options !== 'object' || options === null)
    throw new TypeError(`options must be an object, got ${quote(options)}`);
  checkSessionStore(options.store, 'store');
  const wantsContinue = options.continue === true;
  if (options.continue !== undefined && typeof options.continue !== 'boolean')
    throw new TypeError(`continue must be a boolean, got ${quote(options.continue)}`);
  if (wantsContinue === (options.sessionId !== undefined)) {
    throw new TypeError(
      `pass exactly one of sessionId and continue: true, got sessionId ${quote(options.sessionId)} and continue ${quote(options.continue)}`,
    );
  }
  if (options.sessionId !== undefined && !isUuid(options.sessionId)) {
    throw new SessionStoreError({
      code: 'INVALID_SESSION_ID',
      message: `Cannot resume ${quote(options.sessionId)} from a store: pass a session UUID.`,
    });
  }
  const timeoutMs = options.loadTimeoutMs ?? DEFAULT_LOAD_TIMEOUT_MS;
  if (!Number.isInteger(timeoutMs) || timeoutMs < 1 || timeoutMs > 2_147_483_647) {
    throw new TypeError(
      `loadTimeoutMs must be a positive integer number of ms, got ${quote(options.loadTimeoutMs)}`,
    );
  }
  return { timeoutMs };
}

/**
 * Loads a session from `store` into a fresh private config dir so the CLI can resume it with no
 * local files: `projects/<key>/<id>.jsonl`, subagent transcripts (when the store has
 * `listSubkeys`; unsafe subkeys skipped) with their `agent_metadata` as `.meta.json` sidecars,
 * and the user's credentials (without the refresh token), `.claude.json` and settings (without
 * plugin keys), every file mode 0600.
 *
 * `continue: true` picks the newest listed session whose first entry is not a sidechain. Resolves
 * `undefined` when there is nothing to resume (unknown or empty session, no candidate): start the
 * CLI as usual. Every store call is bounded by `loadTimeoutMs`; a failure or timeout rejects
 * with `STORE_CALL_FAILED` / `STORE_CALL_TIMEOUT` (before any process starts) and leaves no temp dir.
 */
export async function materializeResumeFromStore(
  options: MaterializeResumeOptions,
): Promise<MaterializedResume | undefined> {
  const { timeoutMs } = checkOptions(options);
  const { store } = options;
  const warn =
    options.onWarning ?? ((message: string) => process.emitWarning(message, 'SessionStoreResumeWarning'));
  const projectKey = await projectKeyForDirectory(options.cwd);
  const load = (sessionId: string, subpath?: string) =>
    boundedStoreCall(
      `SessionStore.load for session ${sessionId}${subpath === undefined ? '' : ` subpath ${subpath}`}`,
      timeoutMs,
      () =>
        store.load(subpath === undefined ? { projectKey, sessionId } : { projectKey, sessionId, subpath }),
    );
  let sessionId: string | undefined;
  let main: { text: string; count: number } | undefined;
  const candidates =
    options.sessionId !== undefined
      ? [options.sessionId]
      : await continueCandidates(store, projectKey, timeoutMs);
  for (const candidate of candidates) {
    const entries = await load(candidate);
    if (!Array.isArray(entries) || entries.length === 0) continue;
    if (options.continue === true && isRecord(entries[0]) && entries[0]['isSidechain'] === true) continue;
    const jsonl = toJsonl(entries, warn);
    if (jsonl.count === 0) continue;
    sessionId = candidate;
    main = jsonl;
    break;
  }
  if (sessionId === undefined || main === undefined) return undefined;
  const listed = await boundedStoreCall(`SessionStore.listSubkeys for session ${sessionId}`, timeoutMs, () =>
    callOptional(store, 'listSubkeys', { projectKey, sessionId: sessionId! }),
  );
  const subkeys = listed.implemented && Array.isArray(listed.value) ? listed.value : [];
  const configDir = await mkdtemp(join(options.tmpDir ?? tmpdir(), 'claude-resume-'));
  try {
    const sessionDir = join(configDir, 'projects', projectKey, sessionId);
    await mkdir(dirname(sessionDir), { recursive: true, mode: 0o700 });
    await writeFile(`${sessionDir}.jsonl`, main.text, { mode: SEEDED_FILE_MODE, flag: 'wx' });
    for (const subpath of subkeys) {
      if (!isSafeSubpath(subpath, sessionDir)) {
        warn(`Skipped subkey ${quote(subpath)} of session ${sessionId}: not a safe relative path.`);
        continue;
      }
      const entries = await load(sessionId, subpath);
      if (!Array.isArray(entries) || entries.length === 0) continue;
      const meta = entries.filter((entry) => isRecord(entry) && entry.type === 'agent_metadata').at(-1);
      const transcript = toJsonl(
        entries.filter((entry) => !(isRecord(entry) && entry.type === 'agent_metadata')),
        warn,
      );
      const filePath = join(sessionDir, `${subpath}.jsonl`);
      await mkdir(dirname(filePath), { recursive: true, mode: 0o700 });
      await writeFile(filePath, transcript.text, { mode: SEEDED_FILE_MODE, flag: 'wx' });
      if (meta !== undefined) {
        const { type: _type, ...sidecar } = meta;
        await writeFile(
          join(dirname(filePath), `${subpath.split('/').at(-1)}.meta.json`),
          JSON.stringify(sidecar),
          { mode: SEEDED_FILE_MODE, flag: 'wx' },
        );
      }
    }
    await seedConfigDir(configDir, childConfigLocation(options), warn);
  } catch (error) {
    await removeTempDir(configDir);
    if (SessionStoreError.isInstance(error)) throw error;
    throw new SessionStoreError({
      code: 'MATERIALIZE_FAILED',
      sessionId,
      cause: error,
      message: `Could not write the resume config dir for session ${sessionId}: ${String(error)}`,
    });
  }
  let cleaning: Promise<{ preservedDir?: string }> | undefined;
  return {
    configDir,
    env: { CLAUDE_CONFIG_DIR: configDir },
    sessionId,
    projectKey,
    cleanup(cleanupOptions = {}) {
      cleaning ??= (async () => {
        if (cleanupOptions.preserve === true) {
          const outcome = await preserveTranscripts(configDir);
          warn(
            `The session store missed some of session ${sessionId}; its full transcripts are kept in ${outcome.preservedDir}${outcome.problem === undefined ? '' : ` (${outcome.problem})`}. Import them with importSessionToStore.`,
          );
          return { preservedDir: outcome.preservedDir };
        }
        const left = await removeTempDir(configDir);
        if (left !== undefined) warn(`Could not remove the resume config dir ${configDir}: ${String(left)}`);
        return {};
      })();
      return cleaning;
    },
  };
}
