/** One hit of {@link FileIndex.search}. */
export interface FileIndexMatch {
  /** The path as loaded (or a top-level folder, for an empty query). */
  path: string;
  /** 0 for the best hit, rising by rank to below 1 (rank divided by the number of hits). */
  score: number;
  /** Indexes of the matched characters in `path`. */
  positions: number[];
}

/** Largest number of paths one index holds; more are ignored. */
export const FILE_INDEX_MAX_PATHS = 1_000_000;

/** Paths handed to the event loop between two slices of an async load. */
const ASYNC_SLICE_PATHS = 10_000;

/**
 * A fuzzy finder over file paths, for an `@file` picker: load a list of paths, then search as
 * the user types. A query matches a path when its characters appear in order (case ignored);
 * a match inside the file name beats one spread over folders, a contiguous one beats a gapped
 * one, one that starts the file name beats one inside it, then shorter paths win, then fewer
 * gaps, then the order loaded. An empty query lists the top level
 * (folders, then files).
 */
export class FileIndex {
  #paths: string[] = [];

  /** Replaces the index with `paths` (non-strings and empty strings are skipped). */
  loadFromFileList(paths: readonly string[]): void {
    this.#paths = clean(paths);
  }

  /** Like {@link FileIndex.loadFromFileList}, yielding to the event loop between slices. */
  async loadFromFileListAsync(paths: readonly string[]): Promise<void> {
    const kept: string[] = [];
    for (let start = 0; start < Math.min(paths.length, FILE_INDEX_MAX_PATHS); start += ASYNC_SLICE_PATHS) {
      kept.push(...clean(paths.slice(start, start + ASYNC_SLICE_PATHS)));
      await new Promise((resolve) => setImmediate(resolve));
    }
    this.#paths = kept.slice(0, FILE_INDEX_MAX_PATHS);
  }

  /** Same as {@link FileIndex.loadFromFileList}. */
  buildIndex(paths: readonly string[]): void {
    this.loadFromFileList(paths);
  }

  /** Same as {@link FileIndex.loadFromFileListAsync}. */
  buildAsync(paths: readonly string[]): Promise<void> {
    return this.loadFromFileListAsync(paths);
  }

  /** Empties the index. */
  reset(): void {
    this.#paths = [];
  }

  /** The best `limit` hits for `query` (default 100). */
  search(query: string, limit = 100): FileIndexMatch[] {
    const max = Number.isFinite(limit) ? Math.max(0, Math.floor(limit)) : 100;
    const text = String(query ?? '').toLowerCase();
    if (text === '')
      return withScores(
        topLevel(this.#paths)
          .slice(0, max)
          .map((path) => ({ path, positions: [] })),
      );
    const hits: Array<{ path: string; positions: number[]; cost: number[]; index: number }> = [];
    this.#paths.forEach((path, index) => {
      const found = matchPath(path, text);
      if (found !== undefined) hits.push({ path, index, ...found });
    });
    hits.sort((a, b) => compareCost(a.cost, b.cost) || a.index - b.index);
    return withScores(hits.slice(0, max).map(({ path, positions }) => ({ path, positions })));
  }
}

function clean(paths: readonly unknown[]): string[] {
  if (!Array.isArray(paths)) throw new TypeError(`FileIndex needs an array of paths, got ${typeof paths}`);
  return paths.filter((p): p is string => typeof p === 'string' && p !== '').slice(0, FILE_INDEX_MAX_PATHS);
}

function topLevel(paths: readonly string[]): string[] {
  const folders = new Set<string>();
  const files: string[] = [];
  for (const path of paths) {
    const slash = path.indexOf('/');
    if (slash > 0) folders.add(path.slice(0, slash));
    else if (!files.includes(path)) files.push(path);
  }
  return [...folders, ...files];
}

/** Where `text` matches in `path`, and what the match costs (compared element by element). */
function matchPath(path: string, text: string): { positions: number[]; cost: number[] } | undefined {
  const lower = path.toLowerCase();
  const nameStart = lower.lastIndexOf('/') + 1;
  const inName = subsequence(lower, text, nameStart);
  const positions = inName ?? subsequence(lower, text, 0);
  if (positions === undefined) return undefined;
  const contiguous = lower.includes(text);
  const placed = contiguous ? contiguousPositions(lower, text, nameStart) : positions;
  const gaps = placed.reduce((sum, at, i) => (i === 0 ? 0 : sum + (at - (placed[i - 1] as number) - 1)), 0);
  const atNameStart = placed[0] === nameStart ? 0 : 1;
  return {
    positions: placed,
    cost: [inName === undefined ? 1 : 0, contiguous ? 0 : 1, atNameStart, path.length, gaps],
  };
}

function subsequence(lower: string, text: string, from: number): number[] | undefined {
  const positions: number[] = [];
  let at = from;
  for (const char of text) {
    const found = lower.indexOf(char, at);
    if (found < 0) return undefined;
    positions.push(found);
    at = found + 1;
  }
  return positions;
}

/** The contiguous occurrence to show: the one in the file name if any, else the first. */
function contiguousPositions(lower: string, text: string, nameStart: number): number[] {
  const inName = lower.indexOf(text, nameStart);
  const start = inName >= 0 ? inName : lower.indexOf(text);
  return Array.from({ length: text.length }, (_, i) => start + i);
}

function compareCost(a: readonly number[], b: readonly number[]): number {
  for (let i = 0; i < a.length; i += 1) {
    const diff = (a[i] as number) - (b[i] as number);
    if (diff !== 0) return diff;
  }
  return 0;
}

function withScores(hits: Array<{ path: string; positions: number[] }>): FileIndexMatch[] {
  return hits.map((hit, rank) => ({ path: hit.path, score: rank / hits.length, positions: hit.positions }));
}
