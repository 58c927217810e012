import { describe, expect, it } from 'vitest';
import { formatMessage, PREVIEW_CHARS } from './format-message.js';

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
    expect(formatMessage({ type: 'assistant', message: { content: 'not an array' } })).toEqual([]);
    expect(formatMessage({ type: 'user', message: null })).toEqual([]);
  });
});
