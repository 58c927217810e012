import { describe, expect, it } from 'vitest';
import { SYSTEM_NOTE_TEXT_COLUMNS, systemEntryNote } from './system-note.js';

describe('systemEntryNote', () => {
  it('should describe a compaction with its trigger and token counts, as the CLI records them', () => {
    const entry = {
      type: 'system',
      subtype: 'compact_boundary',
      content: 'Conversation compacted',
      compactMetadata: { trigger: 'manual', preTokens: 10367, postTokens: 2542, durationMs: 44 },
    };
    expect(systemEntryNote(entry)).toBe('conversation compacted (manual, 10,367 → 2,542 tokens)');
    expect(
      systemEntryNote({ subtype: 'compact_boundary', compactMetadata: { trigger: 'auto', preTokens: 1000 } }),
    ).toBe('conversation compacted (auto, 1,000 tokens before)');
    expect(systemEntryNote({ subtype: 'compact_boundary' })).toBe('conversation compacted');
  });

  it('should give any other entry its subtype and its text on one line', () => {
    expect(systemEntryNote({ subtype: 'api_error', content: 'Overloaded.\n  Retrying in 2 s' })).toBe(
      'api_error: Overloaded. Retrying in 2 s',
    );
    expect(systemEntryNote({ subtype: 'turn_duration' })).toBe('turn_duration');
    expect(systemEntryNote({ content: 'A notice' })).toBe('system entry: A notice');
    expect(systemEntryNote({})).toBe('system entry');
  });

  it('should leave out fields of the wrong type or out of range', () => {
    const odd = {
      subtype: 'compact_boundary',
      compactMetadata: { trigger: 42, preTokens: '1000', postTokens: -5 },
    };
    expect(systemEntryNote(odd)).toBe('conversation compacted');
    expect(systemEntryNote({ subtype: 'compact_boundary', compactMetadata: 'nope' })).toBe(
      'conversation compacted',
    );
    expect(systemEntryNote({ subtype: ['x'], content: { text: 'x' } })).toBe('system entry');
    expect(systemEntryNote({ subtype: '   ', content: '   ' })).toBe('system entry');
    expect(systemEntryNote({ subtype: 'n', compactMetadata: { preTokens: Number.POSITIVE_INFINITY } })).toBe(
      'n',
    );
  });

  it('should keep terminal controls out and cut long text to one short line', () => {
    const hostile = {
      subtype: 'notice\x1b[2J',
      content: `\x1b]0;owned\x07\u009b31m${'long text '.repeat(200)}`,
    };
    const note = systemEntryNote(hostile);
    expect(note).not.toMatch(/[\u0000-\u001f\u007f-\u009f]/);
    expect(note.startsWith('notice [2J: ')).toBe(true);
    expect(note.length).toBeLessThanOrEqual('notice [2J: '.length + SYSTEM_NOTE_TEXT_COLUMNS);
    expect(note.endsWith('…')).toBe(true);
  });
});
