import { describe, expect, it } from 'vitest';
import { mayBeResult, mayBeTranscriptMirror } from './line-peek.js';

const bytes = (text: string): Uint8Array => new TextEncoder().encode(text);

describe('mayBeTranscriptMirror', () => {
  it('should match a frame by its prefix, in a Buffer or a plain Uint8Array view', () => {
    const line = '{"type":"transcript_mirror","filePath":"/x","entries":[]}';
    expect(mayBeTranscriptMirror(bytes(line))).toBe(true);
    const padded = bytes(`xx${line}`).subarray(2);
    expect(mayBeTranscriptMirror(padded)).toBe(true);
    expect(mayBeTranscriptMirror(Buffer.from(line))).toBe(true);
  });

  it.each([
    ['another type', '{"type":"assistant"}'],
    ['a longer type name', '{"type":"transcript_mirrors"}'],
    ['the type deeper in the line', '{"a":{"type":"transcript_mirror"}}'],
    ['a truncated prefix', '{"type":"transcript_mi'],
    ['an empty line', ''],
  ])('should not match %s', (_label, line) => {
    expect(mayBeTranscriptMirror(bytes(line))).toBe(false);
  });
});

describe('mayBeResult', () => {
  it('should find the type wherever the CLI put it', () => {
    expect(mayBeResult(bytes('{"type":"result","subtype":"success"}'))).toBe(true);
    expect(mayBeResult(bytes('{"duration_ms":1,"result":"done","type":"result","uuid":"u"}'))).toBe(true);
    const padded = bytes('zz{"is_error":false,"type":"result"}').subarray(2);
    expect(mayBeResult(padded)).toBe(true);
  });

  it.each([
    ['another type', '{"type":"assistant"}'],
    ['a tool_result block', '{"type":"user","message":{"content":[{"type":"tool_result"}]}}'],
    ['the words inside a string', '{"type":"user","text":"{\\"type\\":\\"result\\"}"}'],
    ['a result field without the type', '{"result":"type result"}'],
    ['an empty line', ''],
  ])('should not match %s', (_label, line) => {
    expect(mayBeResult(bytes(line))).toBe(false);
  });
});
