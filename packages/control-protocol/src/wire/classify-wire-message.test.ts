import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { JsonLinesDecoder } from '../json-lines-decoder.js';
import { classifyWireMessage } from './classify-wire-message.js';

/**
 * Frames written by the real CLI 2.1.332 against a fake Messages API (a plain reply, then a
 * Write tool call with `--max-turns 1` and `--permission-prompt-tool stdio`). Only the lists
 * in the initialize replies were cut to two entries.
 */
function realFrames(): Record<string, unknown>[] {
  const frames: Record<string, unknown>[] = [];
  const decoder = new JsonLinesDecoder({
    onValue: (value) => frames.push(value as Record<string, unknown>),
    onError: (error) => {
      throw error;
    },
  });
  decoder.write(readFileSync(new URL('./fixtures/cli-2.1.332-frames.jsonl', import.meta.url)));
  decoder.end();
  return frames;
}

describe('classifyWireMessage', () => {
  it('should sort the real CLI frames into control frames and SDK messages', () => {
    const kinds = realFrames().map((frame) => classifyWireMessage(frame).kind);
    expect(kinds).toEqual([
      'control_response',
      'sdk_message',
      'sdk_message',
      'sdk_message',
      'control_response',
      'control_response',
      'control_response',
      'sdk_message',
      'sdk_message',
      'sdk_message',
      'sdk_message',
      'control_request',
      'sdk_message',
      'sdk_message',
    ]);
  });

  it('should return the value itself, untouched, for any type it does not know', () => {
    const value = { type: 'shiny_new_frame', subtype: 'later', payload: { deep: [1, 2] } };
    const result = classifyWireMessage(value);
    expect(result.kind).toBe('sdk_message');
    expect(result.message).toBe(value);
    expect(value).toEqual({ type: 'shiny_new_frame', subtype: 'later', payload: { deep: [1, 2] } });
  });

  it('should classify well-formed keep_alive, transcript_mirror and cancel frames', () => {
    expect(classifyWireMessage({ type: 'keep_alive' }).kind).toBe('keep_alive');
    expect(
      classifyWireMessage({ type: 'transcript_mirror', filePath: '/a.jsonl', entries: [{ uuid: 'u' }] }).kind,
    ).toBe('transcript_mirror');
    expect(classifyWireMessage({ type: 'control_cancel_request', request_id: 'r' }).kind).toBe(
      'control_cancel_request',
    );
  });

  it('should call values that are not objects with a string type malformed, with a reason', () => {
    for (const value of [null, 42, 'text', [1], { type: 7 }, {}]) {
      const result = classifyWireMessage(value);
      expect(result.kind).toBe('malformed');
      expect(result.kind === 'malformed' && result.reason.length > 0).toBe(true);
    }
  });

  it('should call control frames that fail their schema malformed, naming the field', () => {
    const cases: [unknown, string][] = [
      [{ type: 'control_request', request: { subtype: 'x' } }, 'request_id'],
      [{ type: 'control_request', request_id: 'r', request: {} }, 'request.subtype'],
      [{ type: 'control_response', response: { subtype: 'success' } }, 'response.request_id'],
      [{ type: 'control_response', response: { subtype: 'error', request_id: 'r' } }, 'response.error'],
      [{ type: 'control_response', response: { subtype: 'other', request_id: 'r' } }, 'response.subtype'],
      [{ type: 'control_cancel_request' }, 'request_id'],
      [{ type: 'transcript_mirror', filePath: 3, entries: [] }, 'filePath'],
      [{ type: 'transcript_mirror', filePath: '/a', entries: [1] }, 'entries.0'],
    ];
    for (const [value, field] of cases) {
      const result = classifyWireMessage(value);
      expect(result.kind).toBe('malformed');
      if (result.kind === 'malformed') expect(result.reason).toContain(field);
    }
  });

  it('should never throw, whatever it is given', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.anything(),
          fc.record({
            type: fc.constantFrom('control_request', 'control_response', 'keep_alive'),
            x: fc.anything(),
          }),
          fc.record({ type: fc.constant('control_response'), response: fc.anything() }),
        ),
        (value) => {
          expect(() => classifyWireMessage(value)).not.toThrow();
        },
      ),
      { numRuns: 500 },
    );
  });
});
