import { mkdirSync, readdirSync, readFileSync, renameSync, statSync, unlinkSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import {
  SUMMARY_CACHE_MAX_ENTRIES,
  SUMMARY_INDEX_MAX_BYTES,
  SUMMARY_INDEX_TEMPORARY_STALE_MS,
  SUMMARY_INDEX_WRITE_INTERVAL_MS,
} from './limits.js';
import { readSmallFile } from './small-file.js';
import { folderPrefix, type SummaryCache, summaryCache } from './summary-cache.js';
import { SUMMARY_FOLD_REVISION } from './summary-fold.js';
import { SummaryIndexEntries, serializeSummaryIndex, summaryIndexRows } from './summary-index.js';
import { forEachInSlices } from './yield-slices.js';

/**
 * The summary index of a config dir, on disk: `<config dir>/ccsdk/session-summaries.json`, beside
 * the CLI's `projects` folder (removed with it, never mixed into the folders the CLI lists). A
 * listing adopts it once per process, so a new process lists the transcripts that did not change
 * since an earlier listing with one `stat` each instead of reading them; it is written again
 * (atomically: a new file renamed over it) after a listing that read or dropped summaries.
 *
 * It holds what a listing shows (first prompts, titles, branches, working directories) of
 * settled transcripts only, entries of transcripts a listing no longer finds are dropped when it
 * is written, and it is written only into a config dir the process's user owns, readable by that
 * user alone. `CCSDK_SESSION_INDEX=off` (or `0`, `false`) turns it off: nothing is read or written.
 */

/** The index's path under the config dir. */
export const SUMMARY_INDEX_PATH = join('ccsdk', 'session-summaries.json');

/** The environment variable that turns the index off (`off`, `0` or `false`). */
export const SUMMARY_INDEX_ENV = 'CCSDK_SESSION_INDEX';

const OFF_VALUES = new Set(['off', '0', 'false']);

/** The index file of the config dir whose projects folder is `projectsDir`. */
export function summaryIndexFile(projectsDir: string): string {
  return join(dirname(projectsDir), SUMMARY_INDEX_PATH);
}

/** This package's version, set by the build (tsup's `define`); undeclared when run from source. */
declare const __SESSION_JSONL_VERSION__: string | undefined;

/** The package's version: the build's constant, else its manifest (run from source); `undefined` when neither is found. */
function packageVersion(): string | undefined {
  if (typeof __SESSION_JSONL_VERSION__ === 'string') return __SESSION_JSONL_VERSION__;
  try {
    const manifest = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
      name?: unknown;
      version?: unknown;
    };
    return manifest.name === '@ccsdk/session-jsonl' && typeof manifest.version === 'string'
      ? manifest.version
      : undefined;
  } catch {
    return undefined;
  }
}

let writerName: string | null | undefined;
/**
 * Who folds summaries here: this package's version and the fold's revision; `undefined` (the index
 * is then off) when the version cannot be known.
 */
export function summaryIndexWriter(): string | undefined {
  if (writerName === undefined) {
    const version = packageVersion();
    writerName =
      version === undefined ? null : `@ccsdk/session-jsonl@${version}+fold.${SUMMARY_FOLD_REVISION}`;
  }
  return writerName ?? undefined;
}

/** True unless the environment turns the index off or there is no writer name. */
export function summaryIndexEnabled(
  env: Readonly<Record<string, string | undefined>> = process.env,
): boolean {
  const setting = env[SUMMARY_INDEX_ENV];
  if (setting !== undefined && OFF_VALUES.has(setting.trim().toLowerCase())) return false;
  return summaryIndexWriter() !== undefined;
}

/**
 * The index's text, or `undefined` when it is absent, not a regular file, larger than the bound, or
 * unreadable; never blocks on a FIFO put where it goes.
 */
function readIndexText(file: string): string | undefined {
  return readSmallFile(file, SUMMARY_INDEX_MAX_BYTES)?.toString('utf8');
}

let temporarySerial = 0;

/**
 * Removes temporary files of `file` (`<file>.<pid>.<n>.tmp`) left by a process that died between
 * writing and renaming one: those older than {@link SUMMARY_INDEX_TEMPORARY_STALE_MS}, so that a
 * save under way in another process keeps its own.
 */
function sweepStaleTemporaries(file: string, now: number): void {
  const folder = dirname(file);
  const prefix = `${basename(file)}.`;
  for (const name of readdirSync(folder)) {
    if (!name.startsWith(prefix) || !name.endsWith('.tmp')) continue;
    const path = join(folder, name);
    try {
      if (now - statSync(path).mtimeMs > SUMMARY_INDEX_TEMPORARY_STALE_MS) unlinkSync(path);
    } catch {
      // Gone already, or not ours to remove.
    }
  }
}

/** True when this process's user owns `dir` (always true where there are no user ids). */
function ownedByThisUser(dir: string): boolean {
  const uid = process.getuid?.();
  if (uid === undefined) return true;
  try {
    return statSync(dir).uid === uid;
  } catch {
    return false;
  }
}

/**
 * Ties a {@link SummaryCache} to the index files of the config dirs it lists: adopts each file
 * once, writes it back when the cache moved since.
 */
export class SummaryIndexFiles {
  readonly #cache: SummaryCache;
  /**
   * Per projects folder: the cache's `changes` when its index was last adopted or written (`NaN`
   * when the cache holds summaries the file lacks).
   */
  readonly #syncedAt = new Map<string, number>();
  /** Per projects folder: when this process last wrote its index (`Date.now()`). */
  readonly #writtenAt = new Map<string, number>();
  /** Per projects folder: the adoption under way. */
  readonly #adopting = new Map<string, Promise<void>>();

  constructor(cache: SummaryCache) {
    this.#cache = cache;
  }

  /**
   * Adopts the index of `projectsDir`'s config dir into the cache, the first time it is asked for
   * (callers at the same time share one adoption). The rows are checked and adopted in slices of
   * `SYNC_SLICE_MS`, so only the parse of the document holds the event loop.
   */
  adopt(projectsDir: string): Promise<void> {
    if (this.#syncedAt.has(projectsDir) || !summaryIndexEnabled()) return Promise.resolve();
    let adopting = this.#adopting.get(projectsDir);
    if (adopting === undefined) {
      adopting = this.#adoptOnce(projectsDir).finally(() => this.#adopting.delete(projectsDir));
      this.#adopting.set(projectsDir, adopting);
    }
    return adopting;
  }

  async #adoptOnce(projectsDir: string): Promise<void> {
    const changesBefore = this.#cache.changes;
    // Summaries kept before (read while the index was off): written even when nothing changes
    // after, unless the file holds each of them.
    const keptBefore = [...this.#cache.summariesBelow(projectsDir)].map(({ path }) => path);
    const text = readIndexText(summaryIndexFile(projectsDir));
    const indexed = new Set<string>();
    const document = text === undefined ? undefined : summaryIndexRows(text, summaryIndexWriter()!);
    if (document !== undefined && 'rows' in document) {
      const collected = new SummaryIndexEntries(SUMMARY_CACHE_MAX_ENTRIES);
      await forEachInSlices(document.rows, (row) => {
        collected.add(row);
        return true;
      });
      const below = folderPrefix(projectsDir);
      await forEachInSlices(collected.entries, ({ path, lite }) => {
        if (path.startsWith(below)) {
          this.#cache.adopt(path, lite);
          if (keptBefore.length > 0) indexed.add(path);
        }
        return true;
      });
    }
    // A summary kept or dropped while this ran (another caller's read) may not be in the file.
    const unwritten = keptBefore.some((path) => !indexed.has(path)) || this.#cache.changes !== changesBefore;
    this.#syncedAt.set(projectsDir, unwritten ? Number.NaN : this.#cache.changes);
  }

  /**
   * Writes the cache's summaries of `projectsDir` to its index when the cache changed since the
   * index was adopted or written (and the config dir is this user's); never throws. A process
   * writes one folder's index at most every {@link SUMMARY_INDEX_WRITE_INTERVAL_MS}: a save
   * sooner writes nothing, and the next save after the interval writes what changed meanwhile.
   */
  async save(projectsDir: string): Promise<void> {
    const synced = this.#syncedAt.get(projectsDir);
    if (synced === undefined || synced === this.#cache.changes || !summaryIndexEnabled()) return;
    const now = Date.now();
    const writtenAt = this.#writtenAt.get(projectsDir);
    if (writtenAt !== undefined && now - writtenAt < SUMMARY_INDEX_WRITE_INTERVAL_MS) return;
    this.#syncedAt.set(projectsDir, this.#cache.changes);
    this.#writtenAt.set(projectsDir, now);
    const configDir = dirname(projectsDir);
    if (!ownedByThisUser(configDir)) return;
    const file = summaryIndexFile(projectsDir);
    // Unique within the process by the counter and across processes by the pid; `wx` refuses a
    // name that is somehow taken (the save is then skipped).
    const temporary = `${file}.${process.pid}.${(temporarySerial++).toString(36)}.tmp`;
    try {
      const text = serializeSummaryIndex(this.#cache.summariesBelow(projectsDir), summaryIndexWriter()!);
      if (Buffer.byteLength(text) > SUMMARY_INDEX_MAX_BYTES) return;
      mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
      await writeFile(temporary, text, { mode: 0o600, flag: 'wx' });
      renameSync(temporary, file);
      sweepStaleTemporaries(file, now);
    } catch {
      try {
        unlinkSync(temporary);
      } catch {
        // Never written, or already renamed.
      }
    }
  }

  /** Forgets which indexes were adopted and when they were written (the next listing adopts them again). */
  reset(): void {
    this.#syncedAt.clear();
    this.#writtenAt.clear();
  }
}

/** The index files of the process's summary cache. */
export const summaryIndexFiles = new SummaryIndexFiles(summaryCache);
