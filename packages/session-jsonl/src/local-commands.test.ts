import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ChainNode } from './conversation-chain.js';
import {
  CAVEAT_TAG,
  COMMAND_TAG,
  completedLocalCommands,
  messageText,
  openingTagOf,
} from './local-commands.js';

describe('messageText', () => {
  it('should read a string content, or the last text block of an array', () => {
    expect(messageText({ content: 'plain' })).toBe('plain');
    expect(
      messageText({ content: [{ type: 'text', text: 'a' }, { type: 'image' }, { type: 'text', text: 'b' }] }),
    ).toBe('b');
    expect(
      messageText({
        content: [
          { type: 'text', text: 'a' },
          { type: 'tool_result', content: 'x' },
        ],
      }),
    ).toBe('a');
  });

  it('should answer undefined, never throw, for any other shape', () => {
    for (const message of [
      undefined,
      null,
      7,
      'text',
      [],
      {},
      { content: 3 },
      { content: { type: 'text', text: 'x' } },
      { content: [null, 1, 'text', [], { type: 'text', text: 5 }, { type: 'Text', text: 'x' }] },
    ]) {
      expect(messageText(message)).toBeUndefined();
      expect(openingTagOf(message, [COMMAND_TAG])).toBeUndefined();
    }
    fc.assert(
      fc.property(fc.anything(), (message) => {
        const text = messageText(message);
        expect(text === undefined || typeof text === 'string').toBe(true);
      }),
    );
  });
});

describe('completedLocalCommands', () => {
  const entry = (type: string, isMeta: boolean, position: number): ChainNode => ({
    type,
    uuid: `u${position}`,
    parentUuid: undefined,
    isSidechain: false,
    isMeta,
    hasTeamName: false,
    position,
  });

  it('should read the text only of meta users and of the users after a caveat', () => {
    const chain = [
      entry('user', false, 0),
      entry('assistant', false, 1),
      entry('user', true, 2),
      entry('user', false, 3),
      entry('attachment', false, 4),
      entry('user', false, 5),
      entry('assistant', false, 6),
      entry('user', false, 7),
    ];
    const texts = new Map<ChainNode, string>([
      [chain[2]!, `${CAVEAT_TAG}x`],
      [chain[3]!, `${COMMAND_TAG}/cost`],
      [chain[5]!, '<local-command-stdout>0</local-command-stdout>'],
    ]);
    const asked: number[] = [];
    const marked = completedLocalCommands(chain, (node, tags) => {
      asked.push(node.position);
      const text = texts.get(node) ?? '';
      return tags.find((tag) => text.startsWith(tag));
    });
    expect([...marked].map((node) => node.position)).toEqual([3, 5]);
    expect(asked).toEqual([2, 3, 5]);
  });
});
