import type { ControlProtocolError } from '@ccsdk/control-protocol';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_STDERR_LINE_BYTES } from './limits.js';
import { StderrReader } from './stderr-reader.js';
import { StderrTail } from './stderr-tail.js';

const bytes = (text: string): Uint8Array => new TextEncoder().encode(text);

describe('StderrTail', () => {
  it('should keep exactly the last maxBytes bytes of ASCII input, however it is chunked (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.string({ unit: 'binary-ascii' }), { maxLength: 40 }),
        fc.nat(300),
        (chunks, max) => {
          const tail = new StderrTail(max);
          for (const chunk of chunks) tail.push(bytes(chunk));
          const all = chunks.join('');
          expect(tail.text).toBe(max === 0 ? '' : all.slice(Math.max(0, all.length - max)));
        },
      ),
    );
  });

  it('should keep a chunk larger than the bound as its last bytes', () => {
    const tail = new StderrTail(4);
    tail.push(bytes('abcdefgh'));
    expect(tail.text).toBe('efgh');
  });

  it('should refuse a negative or fractional bound', () => {
    expect(() => new StderrTail(-1)).toThrow(TypeError);
    expect(() => new StderrTail(1.5)).toThrow(TypeError);
  });
});

describe('StderrReader', () => {
  it('should deliver the text in whole lines with their line breaks, blank ones too, the last piece without one', () => {
    const lines: string[] = [];
    const reader = new StderrReader({ tailBytes: 100, onText: (text) => lines.push(text) });
    for (const chunk of ['one\r\ntw', 'o  \n', '\n   \n', 'thr', 'ee']) reader.write(bytes(chunk));
    expect(lines).toEqual(['one\n', 'two  \n', '\n', '   \n']);
    reader.end();
    expect(lines).toEqual(['one\n', 'two  \n', '\n', '   \n', 'three']);
    expect(reader.tail).toBe('one\r\ntwo  \n\n   \nthree');
  });

  it('should hand over exactly the text written, however it is chunked, a whole line per call (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ unit: 'grapheme' }), { maxLength: 30 }), fc.nat(7), (pieces, cut) => {
        const text = pieces.join('').replaceAll('\r', '');
        const encoded = bytes(text);
        const calls: string[] = [];
        const reader = new StderrReader({ tailBytes: 16, onText: (data) => calls.push(data) });
        for (let at = 0; at < encoded.length; at += cut + 1) reader.write(encoded.subarray(at, at + cut + 1));
        reader.end();
        expect(calls.join('')).toBe(text);
        for (const call of calls.slice(0, -1))
          expect(call.endsWith('\n') && call.indexOf('\n') === call.length - 1).toBe(true);
      }),
    );
  });

  it('should keep a multibyte character split across chunks whole', () => {
    const lines: string[] = [];
    const reader = new StderrReader({ tailBytes: 100, onText: (text) => lines.push(text) });
    const encoded = bytes('ünïcödé ✓\n');
    for (const b of encoded) reader.write(new Uint8Array([b]));
    expect(lines).toEqual(['ünïcödé ✓\n']);
  });

  it('should report an over-long line, skip it for the callback, and go on', () => {
    const lines: string[] = [];
    const errors: ControlProtocolError[] = [];
    const reader = new StderrReader({
      tailBytes: 16,
      onText: (text) => lines.push(text),
      onError: (error) => errors.push(error),
    });
    reader.write(bytes('x'.repeat(MAX_STDERR_LINE_BYTES + 10)));
    reader.write(bytes('\nnext\n'));
    expect(errors.map((e) => e.code)).toEqual(['LINE_TOO_LONG']);
    expect(lines).toEqual(['next\n']);
    expect(reader.tail).toBe('xxxxxxxxxx\nnext\n');
  });

  it('should swallow a throwing callback', () => {
    const reader = new StderrReader({
      tailBytes: 10,
      onText: () => {
        throw new Error('bad callback');
      },
    });
    expect(() => reader.write(bytes('a\nb\n'))).not.toThrow();
    expect(reader.tail).toBe('a\nb\n');
  });
});
