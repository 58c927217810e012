import { describe, expect, it } from 'vitest';
import { findFirstPrompt, truncatePrompt } from './first-prompt.js';

const user = (content: unknown, extra: Record<string, unknown> = {}) => ({
  type: 'user',
  message: { role: 'user', content },
  ...extra,
});

describe('findFirstPrompt', () => {
  it('should take a string prompt, line feeds flattened to spaces, trimmed (a carriage return stays, as the official keeps it)', () => {
    expect(findFirstPrompt(user('  fix\nthe\r\nbug\r '))).toEqual({ prompt: 'fix the\r bug' });
  });

  it('should take the first non-empty text block', () => {
    expect(
      findFirstPrompt(
        user([{ type: 'image' }, { type: 'text', text: '   ' }, { type: 'text', text: 'second' }]),
      ),
    ).toEqual({ prompt: 'second' });
  });

  it('should skip meta entries, compaction summaries, tool results and non-user entries', () => {
    expect(findFirstPrompt(user('x', { isMeta: true }))).toBeUndefined();
    expect(findFirstPrompt(user('x', { isCompactSummary: true }))).toBeUndefined();
    expect(
      findFirstPrompt(
        user([
          { type: 'tool_result', content: 'out' },
          { type: 'text', text: 'x' },
        ]),
      ),
    ).toBeUndefined();
    expect(findFirstPrompt({ type: 'assistant', message: { content: 'x' } })).toBeUndefined();
    expect(findFirstPrompt({ type: 'user', message: 'not an object' })).toBeUndefined();
  });

  it('should remember a slash command and skip command output, hooks, ticks and IDE context', () => {
    expect(
      findFirstPrompt(user('<command-name>/help</command-name><command-message>help</command-message>')),
    ).toEqual({
      command: '/help',
    });
    for (const text of [
      '<local-command-stdout>done</local-command-stdout>',
      '<session-start-hook>ctx</session-start-hook>',
      '<tick>1</tick>',
      '<goal>g</goal>',
      '[Request interrupted by user for tool use]',
      '<ide_opened_file>a.ts</ide_opened_file>',
      '<ide_selection>x</ide_selection>',
    ]) {
      expect(findFirstPrompt(user(text))).toBeUndefined();
    }
    // Any text that opens with a lower-case tag is context, not a prompt (as the official SDK reads it).
    expect(findFirstPrompt(user('<ide_selection>x</ide_selection> and explain it'))).toBeUndefined();
    expect(findFirstPrompt(user('<Upper>kept</Upper>'))).toEqual({
      prompt: '<Upper>kept</Upper>',
    });
  });

  it('should cut long prompts at 200 code units with an ellipsis, never inside a surrogate pair', () => {
    const long = `${'a'.repeat(150)} ${'b'.repeat(400)}`;
    expect(findFirstPrompt(user(long))?.prompt).toBe(`${'a'.repeat(150)} ${'b'.repeat(49)}…`);
    expect(truncatePrompt(`${'c'.repeat(199)}😀dd`)).toBe(`${'c'.repeat(199)}…`);
    expect(truncatePrompt(`${'c'.repeat(199)} x`)).toBe(`${'c'.repeat(199)}…`);
    expect(truncatePrompt('short')).toBe('short');
  });
});
