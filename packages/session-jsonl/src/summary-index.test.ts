import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseSummaryIndex } from '../test/parse-summary-index.js';
import type { LiteSummary } from './lite-read.js';
import type { SessionSummaryData } from './summary-fold.js';
import { type IndexedSummary, SUMMARY_INDEX_FORMAT, serializeSummaryIndex } from './summary-index.js';

const WRITER = '@ccsdk/session-jsonl@0.0.0-test+fold.1';
const STAMP = { dev: 2049, ino: 1234567, size: 4096, mtimeMs: 1767225600123.4568, ctimeMs: 1767225600200.25 };

function entry(path: string, data: SessionSummaryData, stamp = STAMP): IndexedSummary {
  return { path, lite: { data, stamp } as LiteSummary };
}

const FULL: SessionSummaryData = {
  started: true,
  isSidechain: false,
  createdAt: 1767225600000,
  cwd: '/home/u/project',
  entrypoint: 'cli',
  sessionKind: 'interactive',
  firstPrompt: 'fix the "bug" in ünïcödé ✓ \u2028 line',
  firstPromptLocked: true,
  commandFallback: '/init',
  mediaPrompt: 'Image',
  relocatedCwd: '/elsewhere',
  continuedIn: '00000000-0000-4000-8000-000000000001',
  customTitle: 'Title',
  aiTitle: 'AI title',
  lastPrompt: 'last',
  summaryHint: 'summary',
  gitBranch: 'main',
  tag: 'wip',
};

describe('summary index format', () => {
  it('should give back every entry it wrote, stamps to the last digit', () => {
    const written = [
      entry('/c/projects/-p/a.jsonl', FULL),
      entry('/c/projects/-p/b.jsonl', { started: true }),
    ];
    const parsed = parseSummaryIndex(serializeSummaryIndex(written, WRITER), WRITER, 100);
    expect(parsed).toEqual({ entries: written, skipped: 0 });
    expect(Object.isFrozen(parsed.entries[0]!.lite.data)).toBe(true);
  });

  it('should use no entry of another writer (another version or fold revision)', () => {
    const text = serializeSummaryIndex([entry('/c/projects/-p/a.jsonl', FULL)], WRITER);
    expect(parseSummaryIndex(text, `${WRITER}x`, 100)).toEqual({
      entries: [],
      skipped: 0,
      rejected: 'other-writer',
    });
  });

  it.each([
    ['empty text', ''],
    ['not JSON', '{"format":'],
    ['JSON null', 'null'],
    ['a string', '"ccsdk-session-summaries"'],
    ['another format', JSON.stringify({ format: 'other', writer: WRITER, entries: [] })],
    ['entries not an array', JSON.stringify({ format: SUMMARY_INDEX_FORMAT, writer: WRITER, entries: {} })],
    ['nested too deep to parse', `${'['.repeat(200_000)}${']'.repeat(200_000)}`],
  ])('should give no entries and not throw for a malformed document: %s', (_name, text) => {
    const parsed = parseSummaryIndex(text, WRITER, 100);
    expect(parsed.entries).toEqual([]);
    expect(parsed.rejected).toBe('malformed');
  });

  it('should skip each malformed entry and keep the others', () => {
    const good = entry('/c/projects/-p/good.jsonl', { started: true, firstPrompt: 'kept' });
    const row = (path: unknown, data: unknown, stamp: unknown[] = [1, 2, 3, 4, 5]) => [path, ...stamp, data];
    const hostile = [
      row('/c/projects/-p/proto.jsonl', JSON.parse('{"__proto__":{"polluted":true}}')),
      row('/c/projects/-p/constructor.jsonl', { constructor: 'x' }),
      row('/c/projects/-p/unknown.jsonl', { started: true, extra: 1 }),
      row('/c/projects/-p/wrong-type.jsonl', { firstPrompt: 42 }),
      row('/c/projects/-p/nan-time.jsonl', { createdAt: '2026' }),
      row('/c/projects/-p/media.jsonl', { mediaPrompt: 'Video' }),
      row('/c/projects/-p/array-data.jsonl', [true]),
      row('/c/projects/-p/null-data.jsonl', null),
      row('', { started: true }),
      row(7, { started: true }),
      row('/c/projects/-p/negative.jsonl', {}, [1, 2, -3, 4, 5]),
      row('/c/projects/-p/fraction-size.jsonl', {}, [1, 2, 3.5, 4, 5]),
      row('/c/projects/-p/string-stamp.jsonl', {}, ['1', 2, 3, 4, 5]),
      row('/c/projects/-p/short-stamp.jsonl', {}, [1, 2, 3, 4]),
      'not an entry',
      null,
      {},
    ];
    const document = JSON.parse(serializeSummaryIndex([good], WRITER)) as { entries: unknown[] };
    document.entries.push(...hostile);
    const parsed = parseSummaryIndex(JSON.stringify(document), WRITER, 100);
    expect(parsed.entries).toEqual([good]);
    expect(parsed.skipped).toBe(hostile.length);
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
  });

  it('should keep the last entry of a path given twice and at most the bound, the last ones', () => {
    const entries = [1, 2, 3, 4].map((n) => entry(`/c/projects/-p/${n}.jsonl`, { firstPrompt: `p${n}` }));
    const again = entry('/c/projects/-p/1.jsonl', { firstPrompt: 'p1 again' });
    const parsed = parseSummaryIndex(serializeSummaryIndex([...entries, again], WRITER), WRITER, 3);
    expect(parsed.entries.map((e) => e.lite.data.firstPrompt)).toEqual(['p3', 'p4', 'p1 again']);
  });

  it('should never throw and give only entries it wrote for any cut or flipped byte of an index', () => {
    const written = [1, 2, 3].map((n) =>
      entry(`/c/projects/-p/${n}.jsonl`, { ...FULL, firstPrompt: `p${n}` }),
    );
    const text = serializeSummaryIndex(written, WRITER);
    const known = new Set(written.map((e) => JSON.stringify(e)));
    fc.assert(
      fc.property(
        fc.nat({ max: text.length }),
        fc.nat({ max: text.length - 1 }),
        fc.integer({ min: 0, max: 0x7e }),
        (cut, at, code) => {
          for (const damaged of [
            text.slice(0, cut),
            `${text.slice(0, at)}${String.fromCharCode(code)}${text.slice(at + 1)}`,
          ]) {
            const parsed = parseSummaryIndex(damaged, WRITER, 100);
            for (const got of parsed.entries) {
              // A flipped byte inside a value may give a valid entry with other values; it must
              // still be of the shape a fold gives (checked by parsing it again on its own).
              const alone = parseSummaryIndex(serializeSummaryIndex([got], WRITER), WRITER, 100);
              expect(alone.entries).toEqual([got]);
            }
            if (damaged === text) expect(parsed.entries.map((e) => JSON.stringify(e))).toEqual([...known]);
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
