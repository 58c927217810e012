import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseSse, rebuildMessage } from '../test/helpers/sse.js';
import { resolveMessage } from './api-message.js';
import { text, thinking, toolUse } from './blocks.js';
import { INPUT_JSON_DELTA_PIECES, TEXT_DELTA_PIECES } from './limits.js';
import type { ContentReply } from './reply.js';
import { splitPieces } from './split-pieces.js';
import { formatSseEvent, messageToSseEvents } from './sse-events.js';

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

function streamOf(reply: ContentReply): string {
  const message = resolveMessage(reply, { model: 'claude-x', inputTokens: 7 });
  return messageToSseEvents(message).map(formatSseEvent).join('');
}

describe('messageToSseEvents', () => {
  it('should emit the real API event order for text, thinking and tool_use', () => {
    const events = parseSse(
      streamOf({ content: [thinking('hmm'), text('hello'), toolUse('Bash', { command: 'ls' })] }),
    );
    const names = events.map((e) => e.event);
    expect(names.slice(0, 2)).toEqual(['message_start', 'ping']);
    expect(names.slice(-2)).toEqual(['message_delta', 'message_stop']);
    for (const index of [0, 1, 2]) {
      const own = events.filter((e) => e.data['index'] === index).map((e) => e.event);
      expect(own[0]).toBe('content_block_start');
      expect(own.at(-1)).toBe('content_block_stop');
      expect(own.slice(1, -1).every((n) => n === 'content_block_delta')).toBe(true);
    }
    const thinkingDeltas = events.filter((e) => e.data['index'] === 0 && e.event === 'content_block_delta');
    expect(thinkingDeltas.at(-1)?.data['delta']).toMatchObject({ type: 'signature_delta' });
    expect(
      thinkingDeltas
        .slice(0, -1)
        .every((e) => (e.data['delta'] as { type: string }).type === 'thinking_delta'),
    ).toBe(true);
  });

  it('should open with an empty message and close with the stop reason and output tokens', () => {
    const events = parseSse(
      streamOf({ content: [toolUse('Read', { file_path: '/x' })], usage: { output_tokens: 42 } }),
    );
    const start = events[0]?.data['message'] as Record<string, unknown>;
    expect(start).toMatchObject({
      type: 'message',
      role: 'assistant',
      model: 'claude-x',
      content: [],
      stop_reason: null,
    });
    expect(String(start['id'])).toMatch(/^msg_[A-Za-z0-9]{24}$/);
    expect(events.at(-2)?.data).toMatchObject({
      delta: { stop_reason: 'tool_use' },
      usage: { output_tokens: 42 },
    });
  });

  it('should split text and tool input into several delta pieces', () => {
    const events = parseSse(
      streamOf({ content: [text('a fairly long sentence'), toolUse('Bash', { command: 'echo hi' })] }),
    );
    const deltas = (index: number) =>
      events.filter((e) => e.event === 'content_block_delta' && e.data['index'] === index);
    expect(deltas(0)).toHaveLength(TEXT_DELTA_PIECES);
    expect(deltas(1)).toHaveLength(INPUT_JSON_DELTA_PIECES);
    expect(deltas(1).map((e) => (e.data['delta'] as { type: string }).type)).toEqual(
      Array(INPUT_JSON_DELTA_PIECES).fill('input_json_delta'),
    );
  });

  it('should rebuild exactly the scripted blocks from the deltas (property)', () => {
    const json = fc.jsonValue().map((v) => JSON.parse(JSON.stringify(v)) as unknown);
    const block = fc.oneof(
      fc.string({ unit: 'grapheme' }).map((s) => text(s)),
      fc.string({ unit: 'binary' }).map((s) => thinking(s)),
      fc.dictionary(fc.string(), json).map((input) => toolUse('Tool', input)),
    );
    fc.assert(
      fc.property(fc.array(block, { maxLength: 5 }), (blocks) => {
        const message = resolveMessage({ content: blocks }, { model: 'm', inputTokens: 1 });
        const events = messageToSseEvents(message);
        const rebuilt = rebuildMessage(parseSse(events.map(formatSseEvent).join('')));
        expect(rebuilt.content).toEqual(message.content);
        expect(rebuilt['stop_reason']).toBe(message.stop_reason);
        for (const event of events) {
          const delta = event.data['delta'] as Record<string, string> | undefined;
          const piece = delta?.['text'] ?? delta?.['thinking'] ?? delta?.['partial_json'] ?? '';
          expect(LONE_SURROGATE.test(piece)).toBe(false);
        }
      }),
    );
  });
});

describe('splitPieces', () => {
  it('should keep surrogate pairs whole and concatenate back to the input (property)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), fc.integer({ min: 1, max: 10 }), (value, pieces) => {
        const parts = splitPieces(value, pieces);
        expect(parts.join('')).toBe(value);
        expect(parts.length).toBeLessThanOrEqual(pieces);
        for (const part of parts) expect(LONE_SURROGATE.test(part)).toBe(false);
      }),
    );
  });

  it('should give no pieces for an empty string', () => {
    expect(splitPieces('', 3)).toEqual([]);
  });
});
