import { describe, expect, it } from 'vitest';
import { mainTurnBody, toolResultTurnBody } from '../test/helpers/fixtures.js';
import { viewMessagesBody } from './message-helpers.js';

describe('viewMessagesBody', () => {
  it('should take the last user message text, skipping system-reminder blocks and role system entries', () => {
    const view = viewMessagesBody(mainTurnBody);
    expect(view.lastUserText).toBe('hi');
    expect(view.systemText.split('\n')).toHaveLength(2);
    expect(view).toMatchObject({ model: 'claude-opus-5-5', stream: true, maxTokens: 128000, hasTools: true });
  });

  it('should read string content and join several text blocks', () => {
    expect(viewMessagesBody({ messages: [{ role: 'user', content: 'plain' }] }).lastUserText).toBe('plain');
    const blocks = {
      messages: [
        {
          role: 'user',
          content: [{ type: 'text', text: 'a' }, { type: 'image' }, { type: 'text', text: 'b' }],
        },
      ],
    };
    expect(viewMessagesBody(blocks).lastUserText).toBe('a\nb');
    expect(viewMessagesBody({ system: 'sys', messages: [] }).systemText).toBe('sys');
  });

  it('should flatten tool results with string or block content and the error flag', () => {
    expect(viewMessagesBody(toolResultTurnBody).toolResults).toEqual([
      { toolUseId: 'toolu_01abc', isError: false, text: 'hi', content: 'hi' },
    ]);
    const failed = {
      messages: [
        {
          role: 'user',
          content: [
            {
              type: 'tool_result',
              tool_use_id: 't1',
              is_error: true,
              content: [
                { type: 'text', text: 'denied' },
                { type: 'text', text: 'by user' },
              ],
            },
            { type: 'tool_result', content: 42 },
          ],
        },
      ],
    };
    expect(
      viewMessagesBody(failed).toolResults.map(({ toolUseId, isError, text }) => ({
        toolUseId,
        isError,
        text,
      })),
    ).toEqual([
      { toolUseId: 't1', isError: true, text: 'denied\nby user' },
      { toolUseId: '', isError: false, text: '' },
    ]);
  });

  it('should give empty values for odd bodies instead of throwing', () => {
    for (const body of [
      undefined,
      null,
      3,
      'x',
      [],
      { messages: 'no', tools: {}, system: 5 },
      { messages: [null, 1, { role: 'user' }] },
    ]) {
      const view = viewMessagesBody(body);
      expect(view).toMatchObject({
        lastUserText: '',
        toolResults: [],
        hasTools: false,
        toolNames: [],
        systemText: '',
      });
    }
    expect(viewMessagesBody({ tools: [{ name: 'A' }, { nope: 1 }, 'B'] }).toolNames).toEqual(['A']);
  });
});
