import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type ChainNode, conversationChain } from './conversation-chain.js';
import { withParallelToolCalls } from './parallel-tool-calls.js';

const node = (position: number, type: string, parent: number | undefined, messageId?: string): ChainNode => ({
  type,
  uuid: `u${position}`,
  parentUuid: parent === undefined ? undefined : `u${parent}`,
  isSidechain: false,
  isMeta: false,
  hasTeamName: false,
  position,
  messageId,
});

describe('withParallelToolCalls', () => {
  it('should put back a sibling call and its result after the walked call', () => {
    const entries = [
      node(0, 'user', undefined),
      node(1, 'assistant', 0, 'm1'),
      node(2, 'assistant', 0, 'm1'),
      node(3, 'user', 1),
      node(4, 'user', 2),
      node(5, 'assistant', 4, 'm2'),
    ];
    expect(conversationChain(entries, 'main').map((entry) => entry.position)).toEqual([0, 2, 1, 3, 4, 5]);
  });

  it('should leave an abandoned branch (another message id) out', () => {
    const entries = [
      node(0, 'user', undefined),
      node(1, 'assistant', 0, 'old'),
      node(2, 'user', 1),
      node(3, 'assistant', 0, 'new'),
    ];
    expect(conversationChain(entries, 'main').map((entry) => entry.position)).toEqual([0, 3]);
  });

  it('should keep the walked chain in order, add each entry at most once, and survive any graph', () => {
    const graph = fc.array(
      fc.record({
        type: fc.constantFrom('user', 'assistant', 'system', 'progress'),
        parent: fc.option(fc.nat({ max: 30 }), { nil: undefined }),
        messageId: fc.option(fc.constantFrom('a', 'b', 'c'), { nil: undefined }),
      }),
      { maxLength: 30 },
    );
    fc.assert(
      fc.property(graph, (specs) => {
        const entries = specs.map((spec, index) => node(index, spec.type, spec.parent, spec.messageId));
        const walked = conversationChain(entries, 'subagent');
        const out = withParallelToolCalls(walked, entries, () => true);
        expect(new Set(out).size).toBe(out.length);
        const kept = out.filter((entry) => walked.includes(entry));
        expect(kept).toEqual(
          withParallelToolCalls(walked, [], () => true).filter((entry) => walked.includes(entry)),
        );
        for (const entry of out) expect(entries).toContain(entry);
      }),
    );
  });
});
