import { statSync } from 'node:fs';
import { dirname, sep } from 'node:path';
import { SUMMARY_CACHE_MAX_BYTES, SUMMARY_CACHE_MAX_ENTRIES, SUMMARY_CACHE_SETTLED_MS } from './limits.js';
import { type LiteSummary, readLiteSummary } from './lite-read.js';
import { type FileStamp, sameStamp } from './session-files.js';
import type { SessionSummaryData } from './summary-fold.js';
import type { IndexedSummary } from './summary-index.js';

/** What a {@link SummaryCache} needs from the system; tests pass their own clock or reader. */
export interface SummaryCacheSystem {
  /** Reads a transcript's summary (open, fstat, head, tail); `undefined` when it cannot be listed. */
  readonly read: (filePath: string) => LiteSummary | undefined;
  /** The file's stamp now, or `undefined` when it is gone, not a regular file, or cannot be stat'ed. */
  readonly stat: (filePath: string) => FileStamp | undefined;
  /** Epoch milliseconds now. */
  readonly now: () => number;
}

/** The bounds of a {@link SummaryCache}. */
export interface SummaryCacheLimits {
  readonly maxEntries: number;
  readonly maxBytes: number;
  /** How long a file must have been still before a read for its summary to be kept. */
  readonly settledMs: number;
}

interface Kept {
  readonly lite: LiteSummary;
  readonly bytes: number;
}

/** Fixed cost of one kept summary beside its strings: the map entry, the objects, the stamp. */
const ENTRY_OVERHEAD_BYTES = 320;
/** Bytes a string of `length` UTF-16 code units takes at most. */
const BYTES_PER_CHAR = 2;

function stringBytes(value: unknown): number {
  return typeof value === 'string' ? value.length * BYTES_PER_CHAR : 0;
}

function estimateBytes(filePath: string, data: SessionSummaryData): number {
  let bytes = ENTRY_OVERHEAD_BYTES + stringBytes(filePath);
  for (const key in data) bytes += stringBytes(data[key as keyof SessionSummaryData]);
  return bytes;
}

/** `dir` ending in one separator: a path below it starts with this. */
export function folderPrefix(dir: string): string {
  return dir.endsWith(sep) ? dir : dir + sep;
}

/**
 * Transcript summaries kept between reads, each valid while its file is the same file, unchanged:
 * same device, inode, size, mtime and ctime. A summary is a function of the file's bytes, so a
 * kept one equals what a new read would give; the first stat that differs (an append, a rewrite,
 * a rename over it, a chmod, a touch) drops it and reads the file again. Kept only for files that
 * were still for {@link SummaryCacheLimits.settledMs} when the read began, so that a change in the
 * same clock tick as the last one, which may leave the times as they were, is never missed.
 *
 * A hit costs one `stat` instead of open, fstat, two reads, close and the fold. Summaries are frozen
 * when kept: callers share them and must not change them.
 */
export class SummaryCache {
  readonly #system: SummaryCacheSystem;
  readonly #limits: SummaryCacheLimits;
  /** By path, least recently used first. */
  readonly #kept = new Map<string, Kept>();
  #bytes = 0;
  #changes = 0;

  constructor(system: SummaryCacheSystem, limits: SummaryCacheLimits) {
    this.#system = system;
    this.#limits = limits;
  }

  /** Summaries kept now. */
  get size(): number {
    return this.#kept.size;
  }

  /** Estimated bytes of the summaries kept now. */
  get bytes(): number {
    return this.#bytes;
  }

  /**
   * Grows by one each time a read keeps a new summary or drops a stale or absent one (not when a
   * hit only moves a summary up, nor when the bounds drop the least recently used): a summary
   * index needs writing again only when it moved.
   */
  get changes(): number {
    return this.#changes;
  }

  /**
   * The transcript's summary: the kept one while its file is unchanged, else a new read. A caller
   * that has just stat'ed the file passes that stamp (`current`) and no second stat is made.
   */
  read(filePath: string, current?: FileStamp): LiteSummary | undefined {
    const kept = this.#kept.get(filePath);
    if (kept !== undefined) {
      const stamp = current ?? this.#system.stat(filePath);
      this.#forget(filePath, kept);
      if (stamp !== undefined && sameStamp(kept.lite.stamp, stamp)) {
        this.#keep(filePath, kept);
        return kept.lite;
      }
      this.#changes++;
    }
    const readAt = this.#system.now();
    const lite = this.#system.read(filePath);
    if (lite !== undefined && this.#settled(lite.stamp, readAt)) {
      Object.freeze(lite.data);
      this.#keep(filePath, { lite, bytes: estimateBytes(filePath, lite.data) });
      this.#changes++;
    }
    return lite;
  }

  /**
   * Keeps a summary read earlier, elsewhere (a summary index on disk), unless one is kept for the
   * path already (that one is as new or newer). Used only while its stamp holds, like any other.
   */
  adopt(filePath: string, lite: LiteSummary): void {
    if (this.#kept.has(filePath)) return;
    Object.freeze(lite.data);
    this.#keep(filePath, { lite, bytes: estimateBytes(filePath, lite.data) });
  }

  /** The kept summaries of files below `dir` (paths that start with {@link folderPrefix}), least recently used first. */
  *summariesBelow(dir: string): IterableIterator<IndexedSummary> {
    const prefix = folderPrefix(dir);
    for (const [path, { lite }] of this.#kept) {
      if (path.startsWith(prefix)) yield { path, lite };
    }
  }

  /**
   * Drops the kept summaries of files that lie directly in one of `dirs` but are not in `present`:
   * transcripts a listing of those folders no longer found (deleted or moved).
   */
  forgetAbsent(dirs: ReadonlySet<string>, present: ReadonlySet<string>): void {
    for (const [path, kept] of this.#kept) {
      if (present.has(path) || !dirs.has(dirname(path))) continue;
      this.#forget(path, kept);
      this.#changes++;
    }
  }

  /** Drops every kept summary. */
  clear(): void {
    this.#kept.clear();
    this.#bytes = 0;
  }

  #settled(stamp: FileStamp, readAt: number): boolean {
    return readAt - Math.max(stamp.mtimeMs, stamp.ctimeMs) >= this.#limits.settledMs;
  }

  #keep(filePath: string, kept: Kept): void {
    if (kept.bytes > this.#limits.maxBytes) return;
    this.#kept.set(filePath, kept);
    this.#bytes += kept.bytes;
    while (this.#kept.size > this.#limits.maxEntries || this.#bytes > this.#limits.maxBytes) {
      const [oldestPath, oldest] = this.#kept.entries().next().value as [string, Kept];
      this.#forget(oldestPath, oldest);
    }
  }

  #forget(filePath: string, kept: Kept): void {
    this.#kept.delete(filePath);
    this.#bytes -= kept.bytes;
  }
}

/** The stat of a regular file, itself a stamp (compared once, never kept: no copy). */
function regularFileStamp(filePath: string): FileStamp | undefined {
  try {
    const stats = statSync(filePath, { throwIfNoEntry: false });
    return stats?.isFile() === true ? stats : undefined;
  } catch {
    return undefined;
  }
}

/** The process's summary cache, shared by `listSessions` and `getSessionInfo`. */
export const summaryCache = new SummaryCache(
  { read: (filePath) => readLiteSummary(filePath), stat: regularFileStamp, now: () => Date.now() },
  {
    maxEntries: SUMMARY_CACHE_MAX_ENTRIES,
    maxBytes: SUMMARY_CACHE_MAX_BYTES,
    settledMs: SUMMARY_CACHE_SETTLED_MS,
  },
);

/**
 * Drops the transcript summaries this process keeps between `listSessions` and `getSessionInfo`
 * calls (a kept summary is used only while its file is unchanged; this frees their memory).
 */
export function clearSessionSummaryCache(): void {
  summaryCache.clear();
}
