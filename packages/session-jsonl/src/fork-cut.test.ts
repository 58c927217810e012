import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type CutSource, sourcesUpToCut } from './fork-cut.js';

// Which entries a fork up to a message copies: each case was run on the official SDK 0.3.332 (a
// side-by-side probe of forkSession with upToMessageId, as in
// tooling/bench/src/session-read-parity.property.test.ts) and copied what is expected here.
//
// A transcript is spelled one entry per word, in file order: a letter for the kind (U user,
// A assistant, S system, B compact boundary, P progress), the entry's number, and `<n` for its
// parent (none: a root). The cut is the last entry named.

function parse(spec: string): CutSource[] {
  return spec.split(' ').map((word) => {
    const match = /^([UASBP])(\d+)(?:<(\d+))?$/.exec(word);
    if (match === null) throw new Error(`bad entry ${word}`);
    const [, kind, id, parent] = match;
    return {
      uuid: id!,
      parentUuid: parent,
      progress: kind === 'P',
      message: kind === 'U' || kind === 'A',
      boundary: kind === 'B',
    };
  });
}

/** The entries copied by a fork of `spec` cut at entry `cut`, by number. */
function copied(spec: string, cut: string): string {
  const sources = parse(spec);
  const at = sources.findIndex((source) => source.uuid === cut);
  return sourcesUpToCut(sources, at)
    .map((source) => source.uuid)
    .join(' ');
}

describe('sourcesUpToCut', () => {
  it.each<[string, string, string, string]>([
    ['a compaction on the way is copied', 'U1 B2<1 U3<2', '3', '1 2 3'],
    ['a compaction off the way is not', 'U1 B2<1 U3<1', '3', '1 3'],
    ['nor the branch it heads', 'U1 B2<1 U3<2 U4<1', '4', '1 4'],
    ['nor the branch it ends', 'U1 U2<1 B3<2 U4<1', '4', '1 4'],
    ['nor a branch beside it', 'U1 U2<1 B3<2 U4<2 U5<1', '5', '1 5'],
    ['off a deeper ancestor', 'U1 A2<1 B3<2 U4<2 A5<4', '5', '1 2 4 5'],
    ['a branch without a compaction is copied', 'U1 U2<1 U3<1', '3', '1 2 3'],
    ['system entries off the way are copied', 'U1 S2<1 U3<1', '3', '1 2 3'],
    ['entries before the first ancestor are copied', 'B1 U2 U3<2', '3', '1 2 3'],
    ['and a compaction among them', 'U1 B2 U3 U4<3', '4', '1 2 3 4'],
    ['but one after the first ancestor is not', 'U1 B2 U3<1', '3', '1 3'],
    ['a compaction hanging from before the first ancestor', 'U1 U2 B3<1 U4<2', '4', '1 2 4'],
    ['a parent outside the transcript ends the way', 'U1 B3<9 U4<3', '4', '1 3 4'],
    ['a cycle ends the way', 'U1<3 B2<1 U3<2 U4<1', '4', '1 2 3 4'],
    ['progress on the way', 'U1 P2<1 B3<2 U4<3', '4', '1 2 3 4'],
    ['cut at a compaction: it is not copied', 'U1 B2<1 U3<2', '2', '1'],
    ['cut at an entry after a compaction with no message since', 'U1 B2<1 S3<1', '3', '1'],
    ['the first such compaction after the last message', 'U1 B2<1 S3<2 B4<3 S5<4', '5', '1'],
    ['a message since keeps the compaction', 'U1 B2<1 A3<1 S4<3', '4', '1 3 4'],
    ['cut at a compaction with nothing before it', 'B1 U2<1', '1', '1'],
    // Progress entries are copied (for the parents of what follows) but never written.
    ['or only progress before it', 'P1 B2<1 S3<2 B4<3', '4', '1 2 3 4'],
    ['or a system entry before it', 'S1 B2<1', '2', '1'],
    ['with nothing to write before it, no compaction is left out', 'B1 B2<1 S3<1', '3', '1 2 3'],
    ['nor off the way after progress', 'P1 B2<1 B3<1 S4<2', '4', '1 2 3 4'],
    ['the way is taken from the last entry copied', 'U1 A2<1 B3<1 U4<3 B5<2', '5', '1 2 3 4'],
  ])('%s: %s cut at %s copies %s', (_, spec, cut, expected) => {
    expect(copied(spec, cut)).toBe(expected);
  });

  it('keeps source order, never goes past the cut, keeps the way to its last entry, and leaves something to write', () => {
    const transcript = fc
      .array(
        fc.record({
          kind: fc.constantFrom('U', 'A', 'S', 'B', 'P'),
          parent: fc.option(fc.nat({ max: 12 }), { freq: 4 }),
        }),
        { minLength: 1, maxLength: 12 },
      )
      .chain((entries) => fc.tuple(fc.constant(entries), fc.nat({ max: entries.length - 1 })));
    fc.assert(
      fc.property(transcript, ([entries, cut]) => {
        const sources: CutSource[] = entries.map(({ kind, parent }, index) => ({
          uuid: String(index),
          parentUuid: parent === null ? undefined : String(parent),
          progress: kind === 'P',
          message: kind === 'U' || kind === 'A',
          boundary: kind === 'B',
        }));
        const kept = sourcesUpToCut(sources, cut).map((source) => Number(source.uuid));
        expect(kept).toStrictEqual([...new Set(kept)].sort((a, b) => a - b));
        expect(kept.every((index) => index <= cut)).toBe(true);
        // The way from the last entry kept, through the entries before it, is kept whole.
        const last = kept.at(-1)!;
        const seen = new Set<number>();
        for (let at: number | undefined = last; at !== undefined && at <= last && !seen.has(at); ) {
          seen.add(at);
          expect(kept).toContain(at);
          at = entries[at]!.parent ?? undefined;
        }
        // Something is written whenever the entries up to the cut hold something to write.
        if (sources.slice(0, cut + 1).some((source) => !source.progress))
          expect(kept.some((index) => !sources[index]!.progress)).toBe(true);
        // A cut left out means a compaction was: the first one after the last message.
        if (!kept.includes(cut)) {
          const lastMessage = sources.slice(0, cut + 1).findLastIndex((source) => source.message);
          const boundary = sources.findIndex((source, index) => index > lastMessage && source.boundary);
          expect(boundary).toBeGreaterThan(-1);
          expect(boundary).toBeLessThanOrEqual(cut);
          expect(kept.every((index) => index < boundary)).toBe(true);
        }
      }),
      { seed: 20261207 },
    );
  });
});
