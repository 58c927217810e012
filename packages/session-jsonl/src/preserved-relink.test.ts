import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type ChainNode, conversationChain } from './conversation-chain.js';
import { preservedRelinkOf } from './preserved-relink.js';

const node = (uuid: string, parentUuid: string | undefined, extra: Partial<ChainNode> = {}): ChainNode => ({
  type: 'user',
  uuid,
  parentUuid,
  isSidechain: false,
  isMeta: false,
  hasTeamName: false,
  position: 0,
  ...extra,
});

function transcript(preserved: ChainNode['preserved']): ChainNode[] {
  const entries = [
    node('1', undefined),
    node('2', '1', { type: 'assistant' }),
    node('5', undefined, { type: 'system', preserved }),
    node('6', '5'),
    node('7', '6'),
    node('8', '7', { type: 'assistant' }),
  ];
  return entries.map((entry, position) => ({ ...entry, position }));
}

const uuidsOf = (entries: ChainNode[]) => conversationChain(entries, 'main').map((entry) => entry.uuid);

describe('preservedRelinkOf', () => {
  it('should read the list, else the segment, and nothing from any other shape', () => {
    const segment = { headUuid: 'h', anchorUuid: 'a', tailUuid: 't' };
    expect(preservedRelinkOf({ preservedMessages: { anchorUuid: 'a', uuids: ['x', 'y'] } })).toEqual({
      anchorUuid: 'a',
      uuids: ['x', 'y'],
    });
    expect(preservedRelinkOf({ preservedSegment: segment })).toEqual(segment);
    // A list that is not one of strings is not read; the segment still is.
    expect(
      preservedRelinkOf({
        preservedMessages: { anchorUuid: 'a', uuids: ['x', 1] },
        preservedSegment: segment,
      }),
    ).toEqual(segment);
    for (const hostile of [
      undefined,
      null,
      'compactMetadata',
      42,
      [],
      [{ preservedSegment: segment }],
      { trigger: 'manual' },
      { preservedMessages: null },
      { preservedMessages: { anchorUuid: 7, uuids: [] } },
      { preservedMessages: { anchorUuid: 'a', uuids: 'x' } },
      { preservedSegment: { headUuid: 'h', anchorUuid: 'a' } },
      { preservedSegment: { ...segment, tailUuid: null } },
    ]) {
      expect(preservedRelinkOf(hostile), JSON.stringify(hostile)).toBeUndefined();
    }
  });

  it('should never throw on any value', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const relink = preservedRelinkOf(value);
        if (relink !== undefined) expect(typeof relink.anchorUuid).toBe('string');
      }),
    );
  });
});

describe('the splice of kept messages', () => {
  it('should splice a kept answer after the summary', () => {
    expect(uuidsOf(transcript({ anchorUuid: '6', uuids: ['2'] }))).toEqual(['5', '6', '2', '7', '8']);
    expect(uuidsOf(transcript(undefined))).toEqual(['5', '6', '7', '8']);
  });

  it('should end the walk when the kept list loops back through the anchor', () => {
    // The anchor kept as its own successor, and a list naming one message twice: the walk stops.
    for (const uuids of [['6'], ['2', '6'], ['2', '2'], ['7', '6']]) {
      const chain = uuidsOf(transcript({ anchorUuid: '6', uuids }));
      expect(new Set(chain).size, uuids.join()).toBe(chain.length);
    }
    const loop = uuidsOf(transcript({ anchorUuid: '7', headUuid: '7', tailUuid: '7' }));
    expect(new Set(loop).size).toBe(loop.length);
  });
});
