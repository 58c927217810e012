import {
  foldSummaryEntries,
  type SessionSummaryData,
  STORE_SUMMARY_RULES,
  sessionInfoFromSummary,
  TRANSCRIPT_SUMMARY_RULES,
} from '@ccsdk/session-jsonl';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { foldSessionSummary } from './fold-session-summary.js';

const key = { projectKey: 'p', sessionId: '11111111-1111-4111-8111-111111111111' };

const entryArb = fc.oneof(
  fc.record({
    type: fc.constant('user'),
    timestamp: fc.option(
      fc
        .date({ min: new Date(2020, 0, 1), max: new Date(2030, 0, 1), noInvalidDate: true })
        .map((d) => d.toISOString()),
      { nil: undefined },
    ),
    cwd: fc.option(fc.constantFrom('/a', '/b', '', '  '), { nil: undefined }),
    message: fc.record({
      role: fc.constant('user'),
      content: fc.constantFrom('hello', '', '<command-name>/help</command-name>', 'second'),
    }),
  }),
  fc.record({ type: fc.constant('custom-title'), customTitle: fc.constantFrom('T1', 'T2', ' ') }),
  fc.record({ type: fc.constant('tag'), tag: fc.constantFrom('a', '', 'b') }),
  fc.record({ type: fc.constant('summary'), summary: fc.constantFrom('S', '') }),
  fc.record({ type: fc.constant('assistant'), gitBranch: fc.constantFrom('main', 'dev') }),
  fc.constantFrom(null, 42, 'text'),
);

describe('foldSessionSummary', () => {
  it('should equal one fold over the concatenation when folded batch by batch', () => {
    fc.assert(
      fc.property(fc.array(fc.array(entryArb, { maxLength: 6 }), { maxLength: 5 }), (batches) => {
        let running: ReturnType<typeof foldSessionSummary> | undefined;
        for (const batch of batches) running = foldSessionSummary(running, key, batch);
        const whole = foldSessionSummary(undefined, key, batches.flat());
        expect(running?.data ?? whole.data).toEqual(whole.data);
      }),
    );
  });

  it("should build on the disk fold, by the store's rules", () => {
    const entries = [
      {
        type: 'user',
        timestamp: '2026-01-01T00:00:00Z',
        cwd: '/w',
        message: { role: 'user', content: 'Fix it' },
      },
      { type: 'tag', tag: 'urgent' },
    ];
    const folded = foldSessionSummary(undefined, key, entries, { mtime: 1_800_000_000_000 });
    expect(folded.data).toEqual(foldSummaryEntries(undefined, entries, STORE_SUMMARY_RULES));
    expect(sessionInfoFromSummary(key.sessionId, folded.data, { lastModified: folded.mtime })).toMatchObject({
      summary: 'Fix it',
      tag: 'urgent',
      cwd: '/w',
      lastModified: 1_800_000_000_000,
    });
  });

  it("should take values by the store's rules where the official's store listing differs from its transcript reads", () => {
    const entries = [
      { type: 'user', cwd: '', message: { role: 'user', content: 'Fix it' } },
      { type: 'user', cwd: '/w', customTitle: 'from a user entry' },
      { type: 'tag', tag: 'urgent' },
      { type: 'tag', tag: 5 },
    ];
    const stored = foldSessionSummary(undefined, key, entries).data as SessionSummaryData;
    const read = foldSummaryEntries(undefined, entries, TRANSCRIPT_SUMMARY_RULES);
    // A store skips an empty cwd, takes a title from an entry of any type, and a tag entry without a string tag clears it.
    expect(stored).toMatchObject({ cwd: '/w', customTitle: 'from a user entry' });
    expect(stored.tag).toBeUndefined();
    // A transcript read takes the first cwd (empty), titles only from their own entries, and skips a tag that is not a string.
    expect(read).toMatchObject({ cwd: '', tag: 'urgent' });
    expect(read.customTitle).toBeUndefined();
  });

  it('should leave prev unchanged, keep its mtime without options.mtime, and start at 0', () => {
    const first = foldSessionSummary(undefined, key, [{ type: 'custom-title', customTitle: 'A' }]);
    expect(first.mtime).toBe(0);
    const stamped = foldSessionSummary(first, key, [], { mtime: 5 });
    const snapshot = structuredClone(stamped);
    const next = foldSessionSummary(stamped, key, [{ type: 'custom-title', customTitle: 'B' }]);
    expect(stamped).toEqual(snapshot);
    expect(next).toMatchObject({ sessionId: key.sessionId, mtime: 5, data: { customTitle: 'B' } });
  });

  it('should ignore subagent keys and entries that are not objects', () => {
    const prev = foldSessionSummary(undefined, key, [{ type: 'custom-title', customTitle: 'Main' }], {
      mtime: 9,
    });
    const sub = foldSessionSummary(prev, { ...key, subpath: 'subagents/agent-a' }, [
      { type: 'custom-title', customTitle: 'Sub' },
    ]);
    expect(sub).toEqual(prev);
    expect(foldSessionSummary(prev, key, [null, 3, 'x', []]).data).toEqual(prev.data);
  });

  it('should survive a prev whose data is not an object (a corrupt sidecar)', () => {
    const folded = foldSessionSummary({ sessionId: key.sessionId, mtime: 3, data: 'junk' as never }, key, [
      { type: 'custom-title', customTitle: 'A' },
    ]);
    expect(folded).toMatchObject({ mtime: 3, data: { customTitle: 'A' } });
  });
});
