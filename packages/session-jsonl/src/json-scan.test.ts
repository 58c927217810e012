import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  SCAN_BLANK,
  SCAN_MALFORMED,
  SCAN_OK,
  SCAN_TRUNCATED,
  type ScanEngine,
  TopLevelScanner,
} from './json-scan.js';

const KEYS = ['type', 'uuid', 'flag', 'message', 'cwd'] as const;

describe.each<[string, ScanEngine]>([
  ['WebAssembly', 'auto'],
  ['JavaScript', 'js'],
])('TopLevelScanner (%s engine)', (name, engine) => {
  function scan(text: string): { status: number; scanner: TopLevelScanner } {
    const scanner = new TopLevelScanner(KEYS, engine);
    const bytes = Buffer.from(text, 'utf8');
    return { status: scanner.scan(bytes, 0, bytes.length), scanner };
  }

  it('should run on the engine named', () => {
    expect(new TopLevelScanner(KEYS, engine).engine).toBe(name === 'WebAssembly' ? 'wasm' : 'js');
  });

  it('should read top-level strings, booleans and raw values', () => {
    const { status, scanner } = scan(
      '{"type":"user","flag":true,"message":{"content":[1,{"a":"}"}]},"uuid":"u-1"}',
    );
    expect(status).toBe(SCAN_OK);
    expect(scanner.string(0)).toBe('user');
    expect(scanner.boolean(2)).toBe(true);
    expect(scanner.json(3)).toEqual({ content: [1, { a: '}' }] });
    expect(scanner.string(1)).toBe('u-1');
    expect(scanner.has(4)).toBe(false);
  });

  it('should never take a nested key for a top-level one', () => {
    const { status, scanner } = scan('{"message":{"cwd":"/nested","type":"x"},"input":{"cwd":"/deep"}}');
    expect(status).toBe(SCAN_OK);
    expect(scanner.string(4)).toBeUndefined();
    expect(scanner.string(0)).toBeUndefined();
  });

  it('should decode escapes, escaped keys, and keep the last duplicate', () => {
    const { scanner } = scan('{"\\u0074ype":"a\\"b\\\\","cwd":"one","cwd":"two"}');
    expect(scanner.string(0)).toBe('a"b\\');
    expect(scanner.string(4)).toBe('two');
  });

  it('should read invalid UTF-8 inside a string as U+FFFD', () => {
    const scanner = new TopLevelScanner(KEYS, engine);
    const bytes = Buffer.concat([Buffer.from('{"cwd":"a'), Buffer.from([0xff, 0xfe]), Buffer.from('b"}')]);
    expect(scanner.scan(bytes, 0, bytes.length)).toBe(SCAN_OK);
    expect(scanner.string(4)).toBe('a\ufffd\ufffdb');
  });

  it('should tell blank, malformed and truncated lines apart', () => {
    expect(scan('   ').status).toBe(SCAN_BLANK);
    expect(scan('not json').status).toBe(SCAN_MALFORMED);
    expect(scan('[1,2]').status).toBe(SCAN_MALFORMED);
    expect(scan('{"a":1}garbage').status).toBe(SCAN_MALFORMED);
    expect(scan('{"a":{]}').status).toBe(SCAN_MALFORMED);
    expect(scan('{"a" 1}').status).toBe(SCAN_MALFORMED);
    expect(scan('{"a":1 "b":2}').status).toBe(SCAN_MALFORMED);
    expect(scan('{"a":@}').status).toBe(SCAN_MALFORMED);
    expect(scan('{"type":"user","message":{"content":"unfinished').status).toBe(SCAN_TRUNCATED);
    expect(scan('{}').status).toBe(SCAN_OK);
  });

  it('should keep the fields seen before a cut', () => {
    const { status, scanner } = scan('{"type":"user","flag":true,"message":{"content":"cut here');
    expect(status).toBe(SCAN_TRUNCATED);
    expect(scanner.string(0)).toBe('user');
    expect(scanner.boolean(2)).toBe(true);
  });

  it('should agree with JSON.parse on the top-level fields of any object', () => {
    fc.assert(
      fc.property(
        fc.dictionary(fc.constantFrom(...KEYS, 'other', 'x'), fc.jsonValue()),
        fc.constantFrom('', ' ', '\t'),
        (object, pad) => {
          const text = JSON.stringify(object, null, pad === '' ? undefined : pad).replaceAll('\n', ' ');
          const { status, scanner } = scan(text);
          expect(status).toBe(SCAN_OK);
          KEYS.forEach((key, index) => {
            const value = (object as Record<string, unknown>)[key];
            if (typeof value === 'string') expect(scanner.string(index)).toBe(value);
            else if (typeof value === 'boolean') expect(scanner.boolean(index)).toBe(value);
            else if (value === undefined) expect(scanner.has(index)).toBe(false);
            else expect(scanner.json(index)).toEqual(JSON.parse(JSON.stringify(value)));
          });
        },
      ),
    );
  });

  it('should never report a strict prefix of an object as complete', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string(), fc.jsonValue(), { minKeys: 1 }), fc.nat(), (object, cut) => {
        const text = JSON.stringify(object);
        const prefix = text.slice(0, cut % text.length);
        expect(scan(prefix).status).not.toBe(SCAN_OK);
      }),
    );
  });
});
