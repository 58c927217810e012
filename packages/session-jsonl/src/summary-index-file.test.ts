import { execFileSync } from 'node:child_process';
import {
  chownSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  truncateSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { countingCache } from '../test/counting-cache.js';
import { jsonl, makeTempConfig, type TempConfig, userEntry, uuid, writeTranscript } from '../test/helpers.js';
import { parseSummaryIndex } from '../test/parse-summary-index.js';
import {
  SUMMARY_CACHE_SETTLED_MS,
  SUMMARY_INDEX_MAX_BYTES,
  SUMMARY_INDEX_TEMPORARY_STALE_MS,
  SUMMARY_INDEX_WRITE_INTERVAL_MS,
} from './limits.js';
import { listSessions } from './list-sessions.js';
import { fileStampOf } from './session-files.js';
import { clearSessionSummaryCache } from './summary-cache.js';
import { serializeSummaryIndex } from './summary-index.js';
import {
  SUMMARY_INDEX_ENV,
  SummaryIndexFiles,
  summaryIndexEnabled,
  summaryIndexFile,
  summaryIndexFiles,
  summaryIndexWriter,
} from './summary-index-file.js';

let temp: TempConfig;
beforeEach(() => {
  temp = makeTempConfig();
  clearSessionSummaryCache();
  summaryIndexFiles.reset();
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(Date.now() + 10 * SUMMARY_CACHE_SETTLED_MS);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllEnvs();
  clearSessionSummaryCache();
  summaryIndexFiles.reset();
  temp.cleanup();
});

function prompt(sessionId: string, text: string): string {
  return jsonl([userEntry(sessionId, uuid(1), null, text)]);
}

function writeSessions(count: number): string[] {
  return Array.from({ length: count }, (_, n) =>
    writeTranscript(
      temp.projectsDir,
      n % 2 === 0 ? '-a' : '-b',
      uuid(n + 1),
      prompt(uuid(n + 1), `prompt ${n + 1}`),
    ),
  );
}

/** What another process would start with: an empty cache over the real reader, counting reads, and its index files. */
function newProcess(maxEntries = 100, maxBytes = 1 << 20) {
  const { cache, reads } = countingCache(() => Date.now(), {
    maxEntries,
    maxBytes,
    settledMs: SUMMARY_CACHE_SETTLED_MS,
  });
  return { cache, reads, files: new SummaryIndexFiles(cache) };
}

function indexedPaths(): string[] {
  const parsed = parseSummaryIndex(
    readFileSync(summaryIndexFile(temp.projectsDir), 'utf8'),
    summaryIndexWriter()!,
    100_000,
  );
  return parsed.entries.map((entry) => entry.path).sort();
}

/** An index of `rows` made-up entries under the projects folder (transcripts that do not exist), written where a listing looks. */
function writeLargeIndex(rows: number): void {
  const entries = Array.from({ length: rows }, (_, n) => ({
    path: join(temp.projectsDir, '-big', `${uuid(n + 1)}.jsonl`),
    lite: {
      data: { firstPrompt: `made-up prompt ${n}`, started: true },
      stamp: { dev: 1, ino: n + 1, size: 100, mtimeMs: 1_000, ctimeMs: 1_000 },
    },
  }));
  mkdirSync(dirname(summaryIndexFile(temp.projectsDir)), { recursive: true });
  writeFileSync(summaryIndexFile(temp.projectsDir), serializeSummaryIndex(entries, summaryIndexWriter()!));
}

/** Counts the event loop's turns while `work` runs. */
async function turnsDuring(work: Promise<void>, onTurn: () => void = () => undefined): Promise<number> {
  let done = false;
  let turns = 0;
  const turn = (): void => {
    if (done) return;
    turns++;
    onTurn();
    setImmediate(turn);
  };
  setImmediate(turn);
  await work;
  done = true;
  return turns;
}

describe('adopting a large index', () => {
  it('should give the event loop turns while it checks the rows, and share one adoption between callers', async () => {
    writeLargeIndex(30_000);
    const later = newProcess();
    const adopting = later.files.adopt(temp.projectsDir);
    expect(later.files.adopt(temp.projectsDir)).toBe(adopting);
    expect(await turnsDuring(adopting)).toBeGreaterThan(1);
    expect([...later.cache.summariesBelow(temp.projectsDir)]).toHaveLength(100);
    expect(later.reads).toEqual([]);
  });

  it('should write a summary read while the adoption ran, at the next save', async () => {
    const [path] = writeSessions(1);
    writeLargeIndex(30_000);
    const later = newProcess(50_000, 1 << 30);
    let readDuring: string | undefined;
    await turnsDuring(later.files.adopt(temp.projectsDir), () => {
      readDuring ??= later.cache.read(path!)?.data.firstPrompt;
    });
    expect(readDuring).toBe('prompt 1');
    await later.files.save(temp.projectsDir);
    expect(indexedPaths()).toContain(path);
  });
});

describe('summary index on disk', () => {
  it('should let a new process list unchanged transcripts without reading one', async () => {
    const paths = writeSessions(4);
    const listed = await listSessions({ configDir: temp.configDir });
    const file = summaryIndexFile(temp.projectsDir);
    expect(file).toBe(join(temp.configDir, 'ccsdk', 'session-summaries.json'));
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(statSync(dirname(file)).mode & 0o777).toBe(0o700);
    expect(indexedPaths()).toEqual([...paths].sort());

    const later = newProcess();
    await later.files.adopt(temp.projectsDir);
    const summaries = paths.map((path) => later.cache.read(path)?.data.firstPrompt);
    expect(later.reads).toEqual([]);
    expect(summaries).toEqual(paths.map((_, n) => `prompt ${n + 1}`));
    expect(listed.map((row) => row.summary).sort()).toEqual([...summaries].sort());
  });

  it('should read a transcript changed since the index was written, and write its new summary back', async () => {
    const [changed, unchanged] = writeSessions(2);
    await listSessions({ configDir: temp.configDir });
    writeFileSync(changed!, prompt(uuid(1), 'rewritten since'));
    vi.setSystemTime(Date.now() + 10 * SUMMARY_CACHE_SETTLED_MS);

    const later = newProcess();
    await later.files.adopt(temp.projectsDir);
    expect(later.cache.read(changed!)?.data.firstPrompt).toBe('rewritten since');
    expect(later.cache.read(unchanged!)?.data.firstPrompt).toBe('prompt 2');
    expect(later.reads).toEqual([changed]);
    await later.files.save(temp.projectsDir);

    const third = newProcess();
    await third.files.adopt(temp.projectsDir);
    expect(third.cache.read(changed!)?.data.firstPrompt).toBe('rewritten since');
    expect(third.reads).toEqual([]);
  });

  it('should write nothing when a listing changed nothing, and drop deleted transcripts at the next', async () => {
    const paths = writeSessions(3);
    await listSessions({ configDir: temp.configDir });
    const file = summaryIndexFile(temp.projectsDir);
    const written = statSync(file);
    await listSessions({ configDir: temp.configDir });
    expect(statSync(file).ino).toBe(written.ino);

    rmSync(paths[1]!);
    vi.setSystemTime(Date.now() + SUMMARY_INDEX_WRITE_INTERVAL_MS);
    const rows = await listSessions({ configDir: temp.configDir });
    expect(rows).toHaveLength(2);
    expect(indexedPaths()).toEqual([paths[0]!, paths[2]!].sort());
  });

  it("should write a folder's index at most once per interval, and what changed meanwhile at the first listing after it", async () => {
    const [changed] = writeSessions(2);
    await listSessions({ configDir: temp.configDir });
    const file = summaryIndexFile(temp.projectsDir);
    const written = statSync(file);
    const summaryOfChanged = () =>
      parseSummaryIndex(readFileSync(file, 'utf8'), summaryIndexWriter()!, 100).entries.find(
        (entry) => entry.path === changed,
      )?.lite.data.firstPrompt;

    // A transcript grows while a program lists again within the interval: the listing reads it,
    // the index is not written.
    writeFileSync(changed!, prompt(uuid(1), 'rewritten since'));
    vi.setSystemTime(Date.now() + SUMMARY_INDEX_WRITE_INTERVAL_MS - 1);
    expect((await listSessions({ configDir: temp.configDir })).map((row) => row.summary).sort()).toEqual([
      'prompt 2',
      'rewritten since',
    ]);
    expect(statSync(file).ino).toBe(written.ino);
    expect(summaryOfChanged()).toBe('prompt 1');

    // The first listing once the interval has passed writes it, though nothing changed since.
    vi.setSystemTime(Date.now() + 1);
    await listSessions({ configDir: temp.configDir });
    expect(statSync(file).ino).not.toBe(written.ino);
    expect(summaryOfChanged()).toBe('rewritten since');
  });

  it('should keep the entries of folders a listing with `dir` did not scan', async () => {
    const paths = writeSessions(4);
    await listSessions({ configDir: temp.configDir });
    clearSessionSummaryCache();
    summaryIndexFiles.reset();
    // A listing of one project (its folder key is not `-a` or `-b`): the others stay indexed.
    await listSessions({ configDir: temp.configDir, dir: '/nowhere/else' });
    expect(indexedPaths()).toEqual([...paths].sort());
  });

  it(`should neither read nor write an index with ${SUMMARY_INDEX_ENV}=off`, async () => {
    const paths = writeSessions(2);
    vi.stubEnv(SUMMARY_INDEX_ENV, 'off');
    expect(summaryIndexEnabled()).toBe(false);
    await listSessions({ configDir: temp.configDir });
    expect(existsSync(summaryIndexFile(temp.projectsDir))).toBe(false);

    vi.stubEnv(SUMMARY_INDEX_ENV, '');
    await listSessions({ configDir: temp.configDir });
    expect(existsSync(summaryIndexFile(temp.projectsDir))).toBe(true);
    vi.stubEnv(SUMMARY_INDEX_ENV, 'FALSE');
    const later = newProcess();
    await later.files.adopt(temp.projectsDir);
    later.cache.read(paths[0]!);
    expect(later.reads).toEqual([paths[0]]);
  });

  it.each([
    ['garbage', () => 'not json at all {'],
    ['another writer', () => serializeSummaryIndex([], 'someone else')],
    ['an empty file', () => ''],
  ])('should list the same rows over an unusable index (%s) and replace it', async (_name, make) => {
    writeSessions(3);
    const expected = await listSessions({ configDir: temp.configDir });
    clearSessionSummaryCache();
    summaryIndexFiles.reset();
    writeFileSync(summaryIndexFile(temp.projectsDir), make());
    expect(await listSessions({ configDir: temp.configDir })).toEqual(expected);
    expect(indexedPaths()).toHaveLength(3);
  });

  it("should not trust an index entry whose stamp is not the file's, nor one outside the config dir", async () => {
    const [path] = writeSessions(1);
    const stamp = fileStampOf(statSync(path!));
    const lie = { started: true, firstPrompt: 'a lie', firstPromptLocked: true };
    const outside = join(temp.root, 'elsewhere', 'x.jsonl');
    const text = serializeSummaryIndex(
      [
        { path: path!, lite: { data: lie, stamp: { ...stamp, size: stamp.size + 1 } } },
        { path: outside, lite: { data: lie, stamp } },
      ],
      summaryIndexWriter()!,
    );
    mkdirSync(dirname(summaryIndexFile(temp.projectsDir)));
    writeFileSync(summaryIndexFile(temp.projectsDir), text);
    const fresh = newProcess();
    await fresh.files.adopt(temp.projectsDir);
    expect(fresh.cache.size).toBe(1);
    expect(fresh.cache.read(path!)?.data.firstPrompt).toBe('prompt 1');
    expect(fresh.reads).toEqual([path]);
    expect((await listSessions({ configDir: temp.configDir }))[0]?.summary).toBe('prompt 1');
  });

  it('should not read an index larger than its bound', async () => {
    const [path] = writeSessions(1);
    await listSessions({ configDir: temp.configDir });
    truncateSync(summaryIndexFile(temp.projectsDir), SUMMARY_INDEX_MAX_BYTES + 1);
    const later = newProcess();
    await later.files.adopt(temp.projectsDir);
    expect(later.cache.size).toBe(0);
    expect(later.cache.read(path!)?.data.firstPrompt).toBe('prompt 1');
  });

  it('should remove temporary files a dead process left, once they are stale, when it next writes the index', async () => {
    const [path] = writeSessions(1);
    const file = summaryIndexFile(temp.projectsDir);
    mkdirSync(dirname(file));
    const stale = `${file}.999999.0.tmp`;
    const recent = `${file}.999999.1.tmp`;
    writeFileSync(stale, '{"half": ');
    writeFileSync(recent, '{"half": ');
    const past = (Date.now() - SUMMARY_INDEX_TEMPORARY_STALE_MS - 60_000) / 1000;
    utimesSync(stale, past, past);
    await listSessions({ configDir: temp.configDir });
    expect(readdirSync(dirname(file)).sort()).toEqual([basename(file), basename(recent)].sort());
    expect(indexedPaths()).toEqual([path]);
  });

  it('should not wait on a FIFO or read a folder put where the index goes', async () => {
    writeSessions(2);
    const file = summaryIndexFile(temp.projectsDir);
    mkdirSync(dirname(file));
    execFileSync('mkfifo', [file]);
    expect(await listSessions({ configDir: temp.configDir })).toHaveLength(2);
    rmSync(file);
    mkdirSync(file);
    expect(await listSessions({ configDir: temp.configDir })).toHaveLength(2);
  });

  it('should answer the listing and leave no temporary file when the index cannot be written', async () => {
    writeSessions(2);
    writeFileSync(join(temp.configDir, 'ccsdk'), 'a file where the folder would be');
    expect(await listSessions({ configDir: temp.configDir })).toHaveLength(2);
    expect(readdirSync(temp.configDir).sort()).toEqual(['ccsdk', 'projects']);
    expect(readdirSync(temp.projectsDir).sort()).toEqual(['-a', '-b']);
  });

  it.skipIf(process.getuid?.() !== 0)('should not write into a config dir another user owns', async () => {
    writeSessions(2);
    chownSync(temp.configDir, 4242, 4242);
    expect(await listSessions({ configDir: temp.configDir })).toHaveLength(2);
    expect(existsSync(join(temp.configDir, 'ccsdk'))).toBe(false);
  });

  it('should name this package version and the fold revision as its writer', () => {
    expect(summaryIndexWriter()).toMatch(/^@ccsdk\/session-jsonl@\d+\.\d+\.\d+\S*\+fold\.\d+$/);
  });
});
