import { chmodSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { countingCache as countingCacheOf } from '../test/counting-cache.js';
import { jsonl, makeTempConfig, type TempConfig, userEntry, uuid, writeTranscript } from '../test/helpers.js';
import { SUMMARY_CACHE_SETTLED_MS } from './limits.js';
import { listSessions } from './list-sessions.js';
import { type LiteSummary, readLiteSummary } from './lite-read.js';
import { renameSession } from './rename-tag.js';
import { fileStampOf } from './session-files.js';
import { getSessionInfo } from './session-info.js';
import { clearSessionSummaryCache, type SummaryCacheLimits, summaryCache } from './summary-cache.js';

let temp: TempConfig;
beforeEach(() => {
  temp = makeTempConfig();
  clearSessionSummaryCache();
});
afterEach(() => {
  vi.useRealTimers();
  clearSessionSummaryCache();
  temp.cleanup();
});

const LIMITS: SummaryCacheLimits = {
  maxEntries: 100,
  maxBytes: 1 << 20,
  settledMs: SUMMARY_CACHE_SETTLED_MS,
};
/** A clock far enough ahead that every file written by the test counts as settled. */
const LATER = () => Date.now() + 10 * SUMMARY_CACHE_SETTLED_MS;

function prompt(sessionId: string, text: string): string {
  return jsonl([userEntry(sessionId, uuid(1), null, text)]);
}

/** A cache over the real reader and stat, counting reads, with the given clock. */
function countingCache(now: () => number, limits: SummaryCacheLimits = LIMITS) {
  return countingCacheOf(now, limits);
}

function firstPrompt(lite: LiteSummary | undefined): string | undefined {
  return lite?.data.firstPrompt;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('SummaryCache', () => {
  it('should read an unchanged settled transcript once and give the same summary after', () => {
    const path = writeTranscript(temp.projectsDir, '-p', uuid(7), prompt(uuid(7), 'hello there'));
    const { cache, reads } = countingCache(LATER);
    const first = cache.read(path);
    const second = cache.read(path);
    expect(firstPrompt(first)).toBe('hello there');
    expect(second).toBe(first);
    expect(reads).toEqual([path]);
    expect(Object.isFrozen(second?.data)).toBe(true);
  });

  it("should take a stamp the caller just stat'ed instead of stat'ing again, and read again when it differs", async () => {
    const path = writeTranscript(temp.projectsDir, '-p', uuid(7), prompt(uuid(7), 'version A'));
    const { cache, reads, stats } = countingCache(LATER);
    cache.read(path);
    const current = fileStampOf(statSync(path));
    expect(firstPrompt(cache.read(path, current))).toBe('version A');
    expect([reads.length, stats.length]).toEqual([1, 0]);
    await sleep(30);
    writeFileSync(path, prompt(uuid(7), 'version B'));
    expect(firstPrompt(cache.read(path, fileStampOf(statSync(path))))).toBe('version B');
    expect([reads.length, stats.length]).toEqual([2, 0]);
  });

  it('should keep nothing for a file changed less than the settle time before the read', () => {
    const path = writeTranscript(temp.projectsDir, '-p', uuid(7), prompt(uuid(7), 'fresh'));
    const stamp = readLiteSummary(path)!.stamp;
    const changedAt = Math.max(stamp.mtimeMs, stamp.ctimeMs);
    const early = countingCache(() => changedAt + SUMMARY_CACHE_SETTLED_MS - 1);
    early.cache.read(path);
    early.cache.read(path);
    expect(early.reads).toHaveLength(2);
    expect(early.cache.size).toBe(0);
    const settled = countingCache(() => changedAt + SUMMARY_CACHE_SETTLED_MS);
    settled.cache.read(path);
    settled.cache.read(path);
    expect(settled.reads).toHaveLength(1);
  });

  it('should keep nothing for a file whose times lie ahead of the clock', () => {
    const path = writeTranscript(temp.projectsDir, '-p', uuid(7), prompt(uuid(7), 'future'));
    const { cache, reads } = countingCache(() => Date.now() - 60_000);
    cache.read(path);
    cache.read(path);
    expect(reads).toHaveLength(2);
  });

  it('should read again after an append', () => {
    const path = writeTranscript(temp.projectsDir, '-p', uuid(7), prompt(uuid(7), 'first'));
    const { cache, reads } = countingCache(LATER);
    cache.read(path);
    writeFileSync(
      path,
      `${prompt(uuid(7), 'first')}${jsonl([{ type: 'custom-title', customTitle: 'Renamed', sessionId: uuid(7) }])}`,
    );
    expect(cache.read(path)?.data.customTitle).toBe('Renamed');
    expect(reads).toHaveLength(2);
  });

  it('should read again after a rewrite in place that keeps the size', async () => {
    const path = writeTranscript(temp.projectsDir, '-p', uuid(7), prompt(uuid(7), 'version A'));
    const { cache, reads } = countingCache(LATER);
    expect(firstPrompt(cache.read(path))).toBe('version A');
    const before = statSync(path).size;
    await sleep(30);
    writeFileSync(path, prompt(uuid(7), 'version B'));
    expect(statSync(path).size).toBe(before);
    expect(firstPrompt(cache.read(path))).toBe('version B');
    expect(reads).toHaveLength(2);
  });

  it('should read again after another file is renamed over the path, and after a chmod', async () => {
    const path = writeTranscript(temp.projectsDir, '-p', uuid(7), prompt(uuid(7), 'version A'));
    const { cache, reads } = countingCache(LATER);
    cache.read(path);
    const staged = join(temp.root, 'staged.jsonl');
    writeFileSync(staged, prompt(uuid(7), 'version C'));
    renameSync(staged, path);
    expect(firstPrompt(cache.read(path))).toBe('version C');
    cache.read(path);
    expect(reads).toHaveLength(2);
    // A chmod changes the ctime alone: size, mtime and inode stay.
    const before = statSync(path);
    await sleep(30);
    chmodSync(path, 0o600);
    const after = statSync(path);
    expect([after.ino, after.size, after.mtimeMs]).toEqual([before.ino, before.size, before.mtimeMs]);
    expect(after.ctimeMs).not.toBe(before.ctimeMs);
    cache.read(path);
    expect(reads).toHaveLength(3);
  });

  it('should give undefined and forget the summary once the file is gone or emptied', () => {
    const path = writeTranscript(temp.projectsDir, '-p', uuid(7), prompt(uuid(7), 'here'));
    const { cache } = countingCache(LATER);
    expect(cache.read(path)).toBeDefined();
    writeFileSync(path, '');
    expect(cache.read(path)).toBeUndefined();
    expect(cache.size).toBe(0);
    writeFileSync(path, prompt(uuid(7), 'back'));
    expect(firstPrompt(cache.read(path))).toBe('back');
    rmSync(path);
    expect(cache.read(path)).toBeUndefined();
    expect(cache.size).toBe(0);
    expect(cache.bytes).toBe(0);
  });

  it('should drop the least recently used summary past the entry bound', () => {
    const paths = [1, 2, 3].map((n) =>
      writeTranscript(temp.projectsDir, '-p', uuid(n), prompt(uuid(n), `p${n}`)),
    );
    const { cache, reads } = countingCache(LATER, { ...LIMITS, maxEntries: 2 });
    cache.read(paths[0]!);
    cache.read(paths[1]!);
    cache.read(paths[0]!); // used again: paths[1] is now the least recent
    cache.read(paths[2]!);
    expect(cache.size).toBe(2);
    reads.length = 0;
    cache.read(paths[0]!);
    cache.read(paths[2]!);
    expect(reads).toEqual([]);
    cache.read(paths[1]!);
    expect(reads).toEqual([paths[1]]);
  });

  it('should hold its estimated bytes under the byte bound and keep no summary larger than it', () => {
    const long = 'x'.repeat(4000);
    const paths = [1, 2, 3, 4].map((n) =>
      writeTranscript(
        temp.projectsDir,
        '-p',
        uuid(n),
        jsonl([{ type: 'last-prompt', lastPrompt: `${n}${long}`, sessionId: uuid(n) }]),
      ),
    );
    const { cache } = countingCache(LATER, { ...LIMITS, maxBytes: 20_000 });
    for (const path of paths) cache.read(path);
    expect(cache.bytes).toBeLessThanOrEqual(20_000);
    expect(cache.size).toBe(2);
    const tiny = countingCache(LATER, { ...LIMITS, maxBytes: 1_000 });
    expect(tiny.cache.read(paths[0]!)?.data.lastPrompt).toBe(`1${long}`);
    expect(tiny.cache.size).toBe(0);
    expect(tiny.cache.bytes).toBe(0);
  });
});

describe('listSessions and getSessionInfo with kept summaries', () => {
  it('should keep summaries between listings and show every change made after', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(LATER());
    const paths = [1, 2].map((n) =>
      writeTranscript(temp.projectsDir, '-p', uuid(n), prompt(uuid(n), `prompt ${n}`)),
    );
    const first = await listSessions({ configDir: temp.configDir });
    expect(first.map((s) => s.summary).sort()).toEqual(['prompt 1', 'prompt 2']);
    expect(summaryCache.size).toBe(2);
    expect(await listSessions({ configDir: temp.configDir })).toEqual(first);

    await renameSession(uuid(1), 'A new title', { configDir: temp.configDir });
    vi.setSystemTime(LATER());
    const renamed = await listSessions({ configDir: temp.configDir });
    expect(renamed.find((s) => s.sessionId === uuid(1))?.summary).toBe('A new title');
    expect((await getSessionInfo(uuid(1), { configDir: temp.configDir }))?.customTitle).toBe('A new title');

    rmSync(paths[1]!);
    expect((await listSessions({ configDir: temp.configDir })).map((s) => s.sessionId)).toEqual([uuid(1)]);
  });

  it('should give callers rows they may change without changing a later listing', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(LATER());
    writeTranscript(temp.projectsDir, '-p', uuid(1), prompt(uuid(1), 'untouched'));
    const rows = await listSessions({ configDir: temp.configDir });
    rows[0]!.summary = 'changed by the caller';
    rows[0]!.firstPrompt = 'changed too';
    const again = await listSessions({ configDir: temp.configDir });
    expect(again[0]?.summary).toBe('untouched');
    expect(again[0]?.firstPrompt).toBe('untouched');
  });
});

describe('SummaryCache with summaries from elsewhere', () => {
  it('should adopt a summary only where none is kept, and count reads and drops as changes', () => {
    const [a, b] = [1, 2].map((n) =>
      writeTranscript(temp.projectsDir, '-p', uuid(n), prompt(uuid(n), `p${n}`)),
    );
    const { cache, reads } = countingCache(LATER);
    expect(cache.changes).toBe(0);
    cache.read(a!);
    expect(cache.changes).toBe(1);
    const stale = { data: { firstPrompt: 'older' }, stamp: readLiteSummary(a!)!.stamp };
    cache.adopt(a!, stale);
    expect(firstPrompt(cache.read(a!))).toBe('p1');
    const adopted = readLiteSummary(b!)!;
    cache.adopt(b!, adopted);
    expect(cache.read(b!)).toBe(adopted);
    expect(Object.isFrozen(adopted.data)).toBe(true);
    expect(reads).toEqual([a]);
    expect(cache.changes).toBe(1);
  });

  it('should list the summaries below a folder and drop those of files its listing no longer found', () => {
    const kept = [1, 2].map((n) =>
      writeTranscript(temp.projectsDir, '-p', uuid(n), prompt(uuid(n), `p${n}`)),
    );
    const other = writeTranscript(temp.projectsDir, '-q', uuid(3), prompt(uuid(3), 'p3'));
    const { cache } = countingCache(LATER);
    for (const path of [...kept, other]) cache.read(path);
    expect([...cache.summariesBelow(join(temp.projectsDir, '-p'))].map((e) => e.path)).toEqual(kept);
    expect([...cache.summariesBelow(temp.projectsDir)]).toHaveLength(3);
    const before = cache.changes;
    cache.forgetAbsent(new Set([join(temp.projectsDir, '-p')]), new Set([kept[0]!]));
    expect([...cache.summariesBelow(temp.projectsDir)].map((e) => e.path)).toEqual([kept[0], other]);
    expect(cache.changes).toBe(before + 1);
  });
});
