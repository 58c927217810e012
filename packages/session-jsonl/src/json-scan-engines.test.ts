import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compileWat, generatedPath, renderGenerated, WASM_SOURCE_DIR } from '../scripts/build-wasm.mjs';
import { TopLevelScanner } from './json-scan.js';
import { WASM_SCAN_MAX_LINE_BYTES } from './limits.js';

/**
 * The WebAssembly and JavaScript engines of the field scanner must agree on every line, hostile
 * ones included: same status, same value range for every wanted key.
 */

const KEYS = ['type', 'uuid', 'parentUuid', 'message', 'isMeta', 'k'] as const;

function outcome(scanner: TopLevelScanner, bytes: Uint8Array, start = 0, end = bytes.length) {
  const status = scanner.scan(bytes, start, end);
  return { status, ranges: KEYS.map((_, index) => scanner.range(index) ?? null) };
}

function expectEnginesAgree(bytes: Uint8Array, start = 0, end = bytes.length): void {
  const wasm = new TopLevelScanner(KEYS);
  const js = new TopLevelScanner(KEYS, 'js');
  expect(wasm.engine).toBe('wasm');
  expect(outcome(wasm, bytes, start, end)).toEqual(outcome(js, bytes, start, end));
}

/** Pieces that build lines near JSON: structure, keys, escapes, scalars, junk. */
const piece = fc.constantFrom(
  '{',
  '}',
  '[',
  ']',
  '"',
  ':',
  ',',
  '\\',
  '\\"',
  '\\\\',
  ' ',
  '\t',
  '\r',
  '"type"',
  '"uuid"',
  '"k"',
  '"\\u0074ype"',
  '"message":{"a":[1,2,{"b":"}"}]}',
  'true',
  'false',
  'null',
  '-1.5e3',
  'tru',
  'x',
  '\u00e9',
  '"0123456789abcdef0123456789abcdef"',
);

describe('the WebAssembly and JavaScript field scanners', () => {
  it('should agree on escapes at every offset of a 16-byte block (runs of backslashes before quotes)', () => {
    for (let pad = 0; pad < 40; pad++) {
      for (const escaped of ['\\"', '\\\\', '\\\\\\"', '\\n\\"\\\\', '\\']) {
        const value = `${'a'.repeat(pad)}${escaped}${'b'.repeat(pad % 7)}`;
        for (const line of [
          `{"k":"${value}","type":"t"}`,
          `{"k":"${value}`,
          `{"message":{"x":"${value}"},"k":1}`,
        ]) {
          expectEnginesAgree(Buffer.from(line));
        }
      }
    }
  });

  it('should agree on any JSON object, whole or cut anywhere', () => {
    fc.assert(
      fc.property(
        fc.dictionary(fc.constantFrom(...KEYS, 'other', '\u00e9t\u00e9', 'a"b'), fc.jsonValue()),
        fc.nat(),
        (object, cut) => {
          const bytes = Buffer.from(JSON.stringify(object));
          expectEnginesAgree(bytes);
          expectEnginesAgree(bytes, 0, cut % (bytes.length + 1));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('should agree on lines stitched from JSON-like pieces and on random bytes', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.array(piece, { maxLength: 40 }).map((parts) => Buffer.from(`{${parts.join('')}`)),
          fc.uint8Array({ maxLength: 200 }),
        ),
        (bytes) => expectEnginesAgree(bytes),
      ),
      { numRuns: 1000 },
    );
  });

  it('should agree inside a larger buffer, with positions relative to it', () => {
    const line = Buffer.from('junk{"type":"user","uuid":"u","message":{"x":"\\"}"}}more');
    expectEnginesAgree(line, 4, line.length - 4);
    const scanner = new TopLevelScanner(KEYS);
    scanner.scan(line, 4, line.length - 4);
    expect(scanner.string(0)).toBe('user');
    expect(scanner.json(3)).toEqual({ x: '"}' });
  });

  it('should hand escaped keys, deep nesting and overlong lines to JavaScript with the same result', () => {
    expectEnginesAgree(Buffer.from('{"\\u0074ype":"user","uuid":"u"}'));
    const deep = 70_000;
    expectEnginesAgree(Buffer.from(`{"message":${'['.repeat(deep)}${']'.repeat(deep)},"type":"t"}`));
    expectEnginesAgree(Buffer.from(`{"message":${'['.repeat(deep)}}`));
    const long = Buffer.from(`{"type":"big","message":"${'a'.repeat(WASM_SCAN_MAX_LINE_BYTES)}"}`);
    expectEnginesAgree(long);
  });

  it('should scan lines in its workspace in place, at any offset, as it scans a copy', () => {
    const scanner = new TopLevelScanner(KEYS);
    const js = new TopLevelScanner(KEYS, 'js');
    const lines = ['{"type":"a","k":1}', '  {"uuid":"\\"x","message":{"k":2}}  ', '{"type":"cut'];
    const text = Buffer.from(lines.join('\n'));
    const area = scanner.workspace(text.length + 40);
    for (const pad of [0, 1, 17, 39]) {
      text.copy(area, pad);
      let start = pad;
      for (const line of lines) {
        const end = start + Buffer.byteLength(line);
        expect(outcome(scanner, area, start, end)).toEqual(outcome(js, area, start, end));
        expect(outcome(scanner, area.subarray(start, end))).toEqual(
          outcome(js, text.subarray(start - pad, end - pad)),
        );
        start = end + 1;
      }
    }
    expect(area.buffer).toBe(scanner.workspace(16).buffer);
  });

  it('should grow for a long line and keep scanning short ones after it', () => {
    const scanner = new TopLevelScanner(KEYS);
    const long = Buffer.from(`{"message":"${'\\"'.repeat(400_000)}","type":"long"}`);
    expect(scanner.scan(long, 0, long.length)).toBe(0);
    expect(scanner.string(0)).toBe('long');
    const short = Buffer.from('{"type":"short"}');
    expect(scanner.scan(short, 0, short.length)).toBe(0);
    expect(scanner.string(0)).toBe('short');
  });

  it('should match keys by first byte with up to 32 of them, and compare each one past that', () => {
    for (const count of [2, 32, 33, 64]) {
      // Keys sharing first bytes and lengths, so only the full compare tells them apart.
      const keys = Array.from(
        { length: count },
        (_, k) => `k${String.fromCharCode(97 + (k % 26))}${Math.floor(k / 26)}`,
      );
      const wasm = new TopLevelScanner(keys);
      const js = new TopLevelScanner(keys, 'js');
      expect(wasm.engine).toBe('wasm');
      const line = Buffer.from(JSON.stringify(Object.fromEntries(keys.map((key, k) => [key, k]).reverse())));
      const read = (scanner: TopLevelScanner) => {
        scanner.scan(line, 0, line.length);
        return keys.map((_, k) => scanner.range(k) ?? null);
      };
      const ranges = read(wasm);
      expect(
        ranges.every((range) => range !== null),
        `${count} keys`,
      ).toBe(true);
      expect(ranges, `${count} keys`).toEqual(read(js));
    }
  });

  it('should ship the module compiled from the current .wat source', async () => {
    const name = 'top-level-scan.wat';
    const bytes = await compileWat(join(WASM_SOURCE_DIR, name));
    expect(readFileSync(generatedPath(name), 'utf8')).toBe(renderGenerated(name, bytes));
  });
});
