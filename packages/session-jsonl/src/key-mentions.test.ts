import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TopLevelScanner } from './json-scan.js';
import { escapesLetter, KeyMentions, MAX_KEY_MENTIONS } from './key-mentions.js';

const KEYS = ['type', 'customTitle', 'tag', 'k', 'aiTitle', 'cwd'] as const;
const ALL = (1 << KEYS.length) - 1;

function mentionsOf(
  scanner: TopLevelScanner,
  bytes: Uint8Array,
  wanted = ALL,
  start = 0,
  end = bytes.length,
): [number, string][] | 'gave up' {
  const out = new KeyMentions();
  if (!scanner.mentions(bytes, start, end, wanted, out)) return 'gave up';
  const found = Array.from({ length: out.count }, (_, m) => [out.position(m), KEYS[out.key(m)]!]);
  // The keys found, as bits, are exactly those of the list.
  let keys = 0;
  for (let m = 0; m < out.count; m++) keys |= 1 << out.key(m);
  expect(out.keys).toBe(keys);
  for (let k = 0; k < KEYS.length; k++) expect(out.mentions(k)).toBe((keys & (1 << k)) !== 0);
  return found as [number, string][];
}

const wasm = new TopLevelScanner(KEYS);
const js = new TopLevelScanner(KEYS, 'js');

describe('key mentions', () => {
  it('should find every quoted key, top-level, nested or a string value, in order, but not an escaped one', () => {
    const line = Buffer.from(
      '{"type":"tag","x":{"cwd":"/a"},"s":"say \\"aiTitle\\" \\"k\\"","k":1,"tags":"customTitle"}',
    );
    const expected: [number, string][] = [
      [1, 'type'],
      [8, 'tag'],
      [19, 'cwd'],
      [59, 'k'],
      [72, 'customTitle'],
    ];
    expect(wasm.engine).toBe('wasm');
    expect(mentionsOf(wasm, line)).toEqual(expected);
    expect(mentionsOf(js, line)).toEqual(expected);
    // Only the keys asked for.
    expect(mentionsOf(wasm, line, 1 << 2)).toEqual([[8, 'tag']]);
    // A mention cut by the end of the range is not one.
    expect(mentionsOf(wasm, line, ALL, 0, 11)).toEqual([[1, 'type']]);
    expect(mentionsOf(wasm, line, ALL, 2, 13)).toEqual([[8, 'tag']]);
    expect(mentionsOf(wasm, line, ALL, 2, 12)).toEqual([]);
  });

  it('should tell which keys a search found, per slot, each search replacing the last', () => {
    const [type, customTitle, tag, , aiTitle] = [0, 1, 2, 3, 4];
    for (const scanner of [wasm, js]) {
      const first = new KeyMentions(0);
      const second = new KeyMentions(1);
      const line = Buffer.from('{"type":"x","n":{"aiTitle":"t"},"s":"tag"}');
      expect(scanner.mentions(line, 0, line.length, ALL, first)).toBe(true);
      expect(first.keys).toBe((1 << type) | (1 << aiTitle) | (1 << tag));
      // A key not asked for is not found, and a search into the other slot leaves this one.
      expect(scanner.mentions(line, 0, line.length, ALL & ~(1 << tag), second)).toBe(true);
      expect(second.keys).toBe((1 << type) | (1 << aiTitle));
      expect(first.mentions(tag)).toBe(true);
      expect(second.mentions(tag)).toBe(false);
      expect(second.mentions(customTitle)).toBe(false);
      // A new search into a slot forgets what the last one found.
      const none = Buffer.from('{"n":1,"m":"type-less"}');
      expect(scanner.mentions(none, 0, none.length, ALL, first)).toBe(true);
      expect(first.count).toBe(0);
      expect(first.keys).toBe(0);
      expect(second.keys).toBe((1 << type) | (1 << aiTitle));
    }
  });

  it('should find keys that do not start with a lower-case letter too', () => {
    const keys = ['Type', '_id', 'k'];
    const upper = new TopLevelScanner(keys);
    const line = Buffer.from(`{"Type":1,"_id":2,"k":3,${'"pad":"x",'.repeat(4)}"Type":4}`);
    const out = new KeyMentions();
    expect(upper.mentions(line, 0, line.length, 0b111, out)).toBe(true);
    const found = Array.from({ length: out.count }, (_, m) => [out.position(m), keys[out.key(m)]]);
    expect(found).toEqual([
      [1, 'Type'],
      [10, '_id'],
      [18, 'k'],
      [64, 'Type'],
    ]);
  });

  it('should give up at an escape that may spell a letter, and only there', () => {
    const spelled = Buffer.from('{"custom\\u0054itle":"x"}');
    expect(JSON.parse(spelled.toString())).toEqual({ customTitle: 'x' });
    expect(mentionsOf(wasm, spelled)).toBe('gave up');
    expect(mentionsOf(js, spelled)).toBe('gave up');
    for (const harmless of [
      '{"a":"\\u001b[0m"}',
      '{"a":"\\u00e9"}',
      '{"a":"\\u0030"}',
      '{"a":"\\n\\t\\"k\\""}',
    ]) {
      expect(mentionsOf(wasm, Buffer.from(harmless)), harmless).toEqual(
        mentionsOf(js, Buffer.from(harmless)),
      );
      expect(mentionsOf(wasm, Buffer.from(harmless)), harmless).not.toBe('gave up');
    }
    expect(escapesLetter(Buffer.from('\\u0041'), 0, 6)).toBe(true);
    expect(escapesLetter(Buffer.from('\\u0041'), 0, 4)).toBe(false);
  });

  it(`should give up past ${MAX_KEY_MENTIONS} mentions`, () => {
    const many = Buffer.from(
      `{"a":[${Array.from({ length: MAX_KEY_MENTIONS + 1 }, () => '"k"').join(',')}]}`,
    );
    expect(mentionsOf(wasm, many)).toBe('gave up');
    expect(mentionsOf(js, many)).toBe('gave up');
    const enough = Buffer.from(`{"a":[${Array.from({ length: MAX_KEY_MENTIONS }, () => '"k"').join(',')}]}`);
    const found = mentionsOf(wasm, enough);
    expect(found).not.toBe('gave up');
    expect((found as unknown[]).length).toBe(MAX_KEY_MENTIONS);
    expect(mentionsOf(js, enough)).toEqual(found);
  });

  it('should agree between the WebAssembly and the JavaScript engine on hostile bytes', () => {
    const piece = fc.constantFrom(
      '"',
      '\\',
      '\\u00',
      '\\u0041',
      '\\u007a',
      '\\u0063',
      '\\u0020',
      'type',
      'tag',
      'k',
      'cwd',
      'customTitle',
      'aiTitle',
      ':',
      '{',
      '}',
      ' ',
      'é',
      'x',
      '\n',
    );
    fc.assert(
      fc.property(
        fc.array(piece, { maxLength: 80 }),
        fc.integer({ min: 0, max: ALL }),
        fc.nat(40),
        fc.nat(40),
        (pieces, wanted, cutStart, cutEnd) => {
          const bytes = Buffer.from(pieces.join(''));
          const start = Math.min(cutStart, bytes.length);
          const end = Math.max(start, bytes.length - cutEnd);
          expect(mentionsOf(wasm, bytes, wanted, start, end)).toEqual(
            mentionsOf(js, bytes, wanted, start, end),
          );
        },
      ),
      { numRuns: 3000 },
    );
  });
});
