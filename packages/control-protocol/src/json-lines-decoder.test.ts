import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ControlProtocolError } from './errors.js';
import { JsonLinesDecoder } from './json-lines-decoder.js';

const encoder = new TextEncoder();

interface Decoded {
  values: unknown[];
  errors: ControlProtocolError[];
}

function decode(chunks: readonly (Uint8Array | string)[], maxLineBytes?: number): Decoded {
  const values: unknown[] = [];
  const errors: ControlProtocolError[] = [];
  const decoder = new JsonLinesDecoder({
    onValue: (value) => values.push(value),
    onError: (error) => errors.push(error),
    ...(maxLineBytes === undefined ? {} : { maxLineBytes }),
  });
  for (const chunk of chunks) decoder.write(chunk);
  decoder.end();
  return { values, errors };
}

/** Cuts `bytes` at the given offsets (taken modulo the length, sorted, deduplicated). */
function cut(bytes: Uint8Array, offsets: readonly number[]): Uint8Array[] {
  const points = [...new Set(offsets.map((o) => (bytes.length === 0 ? 0 : o % (bytes.length + 1))))].sort(
    (a, b) => a - b,
  );
  const chunks: Uint8Array[] = [];
  let start = 0;
  for (const point of points) {
    chunks.push(bytes.subarray(start, point));
    start = point;
  }
  chunks.push(bytes.subarray(start));
  return chunks;
}

function everyN(bytes: Uint8Array, size: number): Uint8Array[] {
  const chunks: Uint8Array[] = [];
  for (let i = 0; i < bytes.length; i += size) chunks.push(bytes.subarray(i, i + size));
  return chunks;
}

const codes = (errors: readonly ControlProtocolError[]): string[] => errors.map((e) => e.code);

describe('JsonLinesDecoder', () => {
  it('should give the same values for any chunk boundaries as for one chunk', () => {
    fc.assert(
      fc.property(
        fc.array(fc.jsonValue({ stringUnit: 'grapheme', maxDepth: 3 }), { maxLength: 12 }),
        fc.array(fc.nat(), { maxLength: 40 }),
        fc.boolean(),
        (values, offsets, crlf) => {
          const text =
            values.map((v) => JSON.stringify(v)).join(crlf ? '\r\n' : '\n') + (crlf ? '\r\n' : '\n');
          const bytes = encoder.encode(text);
          const whole = decode([bytes]);
          const chunked = decode(cut(bytes, offsets));
          expect(chunked).toEqual(whole);
          expect(whole.values).toEqual(values.map((v) => JSON.parse(JSON.stringify(v))));
          expect(whole.errors).toEqual([]);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('should keep a multibyte character whole at every split position', () => {
    const value = { text: 'a€b😀c中' };
    const bytes = encoder.encode(`${JSON.stringify(value)}\n`);
    for (let at = 0; at <= bytes.length; at++) {
      const result = decode([bytes.subarray(0, at), bytes.subarray(at)]);
      expect(result.values).toEqual([value]);
    }
    expect(decode(everyN(bytes, 1)).values).toEqual([value]);
  });

  it('should keep a surrogate pair whole when string chunks split it', () => {
    const line = `${JSON.stringify({ emoji: '😀x' })}\n`;
    const at = line.indexOf('😀') + 1;
    const result = decode([line.slice(0, at), line.slice(at)]);
    expect(result.values).toEqual([{ emoji: '😀x' }]);
  });

  it('should not break lines at U+2028 or U+2029 inside strings', () => {
    const value = { text: 'one\u2028two\u2029three' };
    const text = JSON.stringify(value);
    expect(text).toContain('\u2028');
    const result = decode([`${text}\n${text}\n`]);
    expect(result.values).toEqual([value, value]);
    expect(result.errors).toEqual([]);
  });

  it('should accept CRLF line ends, also when \\r and \\n arrive in different chunks', () => {
    const result = decode(['{"a":1}\r', '\n{"b":2}\r\n']);
    expect(result.values).toEqual([{ a: 1 }, { b: 2 }]);
    expect(result.errors).toEqual([]);
  });

  it('should decode a 64 MiB line fed in 64 KiB chunks', () => {
    const payload = 'x'.repeat(64 * 1024 * 1024);
    const bytes = encoder.encode(`{"payload":"${payload}"}\n{"after":true}\n`);
    const result = decode(everyN(bytes, 64 * 1024));
    expect(result.errors).toEqual([]);
    expect(result.values).toHaveLength(2);
    expect((result.values[0] as { payload: string }).payload.length).toBe(payload.length);
    expect(result.values[1]).toEqual({ after: true });
  });

  it('should report a line over maxLineBytes as LINE_TOO_LONG and resume at the next line', () => {
    const long = JSON.stringify({ text: 'y'.repeat(500) });
    const input = `{"before":1}\n${long}\n{"after":2}\n`;
    const single = decode([input], 100);
    expect(codes(single.errors)).toEqual(['LINE_TOO_LONG']);
    expect(single.values).toEqual([{ before: 1 }, { after: 2 }]);
    const chunked = decode(everyN(encoder.encode(input), 7), 100);
    expect(codes(chunked.errors)).toEqual(['LINE_TOO_LONG']);
    expect(chunked.values).toEqual([{ before: 1 }, { after: 2 }]);
  });

  it('should accept a line of exactly maxLineBytes and refuse one byte more', () => {
    const exact = JSON.stringify({ t: 'z'.repeat(20) });
    expect(decode([`${exact}\n`], exact.length).values).toHaveLength(1);
    expect(codes(decode([`${exact}\n`], exact.length - 1).errors)).toEqual(['LINE_TOO_LONG']);
    expect(codes(decode(everyN(encoder.encode(`${exact}\n`), 3), exact.length - 1).errors)).toEqual([
      'LINE_TOO_LONG',
    ]);
  });

  it('should report an over-long unterminated tail once and emit nothing for it', () => {
    const result = decode(['{"ok":1}\n', 'q'.repeat(50), 'q'.repeat(50)], 60);
    expect(result.values).toEqual([{ ok: 1 }]);
    expect(codes(result.errors)).toEqual(['LINE_TOO_LONG']);
  });

  it('should ignore blank and whitespace-only lines', () => {
    const result = decode(['\n\n  \n\t\r\n{"a":1}\n\n', '   ']);
    expect(result.values).toEqual([{ a: 1 }]);
    expect(result.errors).toEqual([]);
  });

  it('should report non-JSON lines as INVALID_JSON_LINE and go on', () => {
    const result = decode(['[SandboxDebug] hello\n{"a":1}\n{broken\n{"b":2}\n']);
    expect(result.values).toEqual([{ a: 1 }, { b: 2 }]);
    expect(codes(result.errors)).toEqual(['INVALID_JSON_LINE', 'INVALID_JSON_LINE']);
    expect(result.errors[0]?.message).toContain('[SandboxDebug]');
  });

  it('should parse a complete trailing fragment at end()', () => {
    const result = decode(['{"a":1}\n{"b"', ':2}']);
    expect(result.values).toEqual([{ a: 1 }, { b: 2 }]);
    expect(result.errors).toEqual([]);
  });

  it('should report an incomplete trailing fragment as TRUNCATED_LINE', () => {
    const result = decode(['{"a":1}\n{"b":']);
    expect(result.values).toEqual([{ a: 1 }]);
    expect(codes(result.errors)).toEqual(['TRUNCATED_LINE']);
  });

  it('should turn invalid UTF-8 into U+FFFD', () => {
    const bytes = new Uint8Array([...encoder.encode('{"a":"x'), 0xff, 0xc3, ...encoder.encode('y"}\n')]);
    const result = decode([bytes]);
    expect(result.values).toEqual([{ a: 'x\ufffd\ufffdy' }]);
  });

  it('should drop a byte order mark at the start of the stream', () => {
    const result = decode([new Uint8Array([0xef, 0xbb, 0xbf, ...encoder.encode('{"a":1}\n')])]);
    expect(result.values).toEqual([{ a: 1 }]);
  });

  it('should report an onValue that throws as HANDLER_FAILED and decode the rest of the chunk', () => {
    const values: unknown[] = [];
    const errors: ControlProtocolError[] = [];
    const decoder = new JsonLinesDecoder({
      onValue: (value) => {
        if ((value as { boom?: boolean }).boom) throw new Error('consumer bug');
        values.push(value);
      },
      onError: (error) => errors.push(error),
    });
    decoder.write('{"boom":true}\n{"a":1}\n');
    expect(values).toEqual([{ a: 1 }]);
    expect(codes(errors)).toEqual(['HANDLER_FAILED']);
  });

  it('should refuse bad options with a TypeError', () => {
    expect(() => new JsonLinesDecoder({ onValue: () => {}, maxLineBytes: 0 })).toThrow(TypeError);
    expect(() => new JsonLinesDecoder({ onValue: () => {}, maxLineBytes: 1.5 })).toThrow(/1\.5/);
    expect(() => new JsonLinesDecoder({ onValue: 'no' as never })).toThrow(TypeError);
  });

  it('should never throw on garbage bytes', () => {
    fc.assert(
      fc.property(
        fc.array(fc.uint8Array({ maxLength: 64 }), { maxLength: 20 }),
        fc.integer({ min: 1, max: 80 }),
        (chunks, maxLineBytes) => {
          const withNewlines = chunks.map((c) => c.map((b) => (b % 7 === 0 ? 0x0a : b)));
          for (const input of [chunks, withNewlines]) {
            const result = decode(input, maxLineBytes);
            for (const error of result.errors) {
              expect(['INVALID_JSON_LINE', 'LINE_TOO_LONG', 'TRUNCATED_LINE']).toContain(error.code);
            }
          }
        },
      ),
      { numRuns: 500 },
    );
  });

  it('should never throw on garbage strings', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ unit: 'binary', maxLength: 40 }), { maxLength: 20 }), (chunks) => {
        expect(() => decode(chunks, 50)).not.toThrow();
      }),
      { numRuns: 300 },
    );
  });
});
