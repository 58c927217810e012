import { describe, expect, it } from 'vitest';
import { formatMessage, PREVIEW_CHARS, SUBAGENT_MARK } from './format-message.js';
import { ANSI_PAINT, NO_PAINT } from './paint.js';

describe('formatMessage', () => {
  it('should show the init line with session, model and cwd', () => {
    expect(
      formatMessage({ type: 'system', subtype: 'init', session_id: 's1', model: 'm', cwd: '/w' }),
    ).toEqual(['● session s1 · model m · /w']);
  });

  it('should show assistant text, thinking and tool calls in order', () => {
    const lines = formatMessage({
      type: 'assistant',
      message: {
        content: [
          { type: 'thinking', thinking: 'plan\nit' },
          { type: 'text', text: 'Hello' },
          { type: 'tool_use', name: 'Bash', input: { command: 'ls -la' } },
        ],
      },
    });
    expect(lines).toEqual(['✻ plan it', 'Hello', '→ Bash(ls -la)']);
  });

  it('should show tool results, marking errors, and truncate long output', () => {
    const long = 'x'.repeat(PREVIEW_CHARS * 2);
    const lines = formatMessage({
      type: 'user',
      message: {
        content: [
          { type: 'tool_result', content: [{ type: 'text', text: long }] },
          { type: 'tool_result', content: 'boom', is_error: true },
        ],
      },
    });
    expect(lines[0]).toHaveLength(PREVIEW_CHARS + 2);
    expect(lines[0]?.endsWith('…')).toBe(true);
    expect(lines[1]).toBe('✗ boom');
  });

  it('should show the result with duration, turns and cost', () => {
    expect(
      formatMessage({
        type: 'result',
        subtype: 'success',
        duration_ms: 1234,
        num_turns: 2,
        total_cost_usd: 0.5,
      }),
    ).toEqual(['✓ done in 1.2s · 2 turns · $0.5000']);
    expect(formatMessage({ type: 'result', subtype: 'error_max_turns', is_error: true })[0]).toMatch(
      /^✗ error_max_turns/,
    );
  });

  it('should render unknown or malformed messages as nothing', () => {
    expect(formatMessage({ type: 'stream_event' })).toEqual([]);
    expect(formatMessage({ type: 'assistant', message: { content: 42 } })).toEqual([]);
    expect(
      formatMessage({ type: 'assistant', message: { content: [null, 'x', { type: 'image' }] } }),
    ).toEqual([]);
    expect(formatMessage({ type: 'user', message: null })).toEqual([]);
  });

  it('should show prompts, stored as a string or as text blocks, after the prompt mark', () => {
    expect(formatMessage({ type: 'user', message: { content: 'fix the login bug' } })).toEqual([
      '❯ fix the login bug',
    ]);
    expect(formatMessage({ type: 'user', message: { content: [{ type: 'text', text: 'again' }] } })).toEqual([
      '❯ again',
    ]);
  });

  it('should mark every line of a subagent message, and only those', () => {
    const subagent = {
      type: 'assistant',
      parent_tool_use_id: 'toolu_1',
      message: {
        content: [
          { type: 'text', text: 'line one\nline two' },
          { type: 'tool_use', name: 'Read', input: { file_path: '/a' } },
        ],
      },
    };
    expect(formatMessage(subagent)).toEqual([
      `${SUBAGENT_MARK}line one`,
      `${SUBAGENT_MARK}line two`,
      `${SUBAGENT_MARK}→ Read(/a)`,
    ]);
    expect(formatMessage({ ...subagent, parent_tool_use_id: null })).toEqual([
      'line one\nline two',
      '→ Read(/a)',
    ]);
  });

  it('should colour markers only with a colour paint', () => {
    const message = {
      type: 'assistant',
      message: { content: [{ type: 'tool_use', name: 'Bash', input: { command: 'ls' } }] },
    };
    expect(formatMessage(message, ANSI_PAINT)[0]).toBe('\x1b[36m→\x1b[39m Bash(ls)');
    expect(formatMessage(message, NO_PAINT)[0]).toBe('→ Bash(ls)');
  });
});
