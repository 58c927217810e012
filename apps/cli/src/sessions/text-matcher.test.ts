import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CliError } from './cli-error.js';
import { createMatcher, SNIPPET_CONTEXT_CHARS, snippetAround } from './text-matcher.js';

/** Non-overlapping occurrences of `needle`, counted the plain way. */
function naiveCount(text: string, needle: string): number {
  let count = 0;
  for (let at = text.indexOf(needle); at !== -1; at = text.indexOf(needle, at + needle.length)) count++;
  return count;
}

describe('createMatcher', () => {
  it('should find and count a literal text exactly as a plain scan does, regex characters included', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1, maxLength: 4 }),
        fc.array(fc.string(), { maxLength: 6 }),
        (needle, pieces) => {
          const text = pieces.join(needle);
          const matcher = createMatcher('t', needle, { regex: false, caseSensitive: true });
          expect(matcher.count(text)).toBe(naiveCount(text, needle));
          const first = matcher.first(text);
          expect(first?.index).toBe(text.includes(needle) ? text.indexOf(needle) : undefined);
        },
      ),
    );
  });

  it('should ignore case unless told not to', () => {
    const loose = createMatcher('t', 'Login', { regex: false, caseSensitive: false });
    expect(loose.count('LOGIN login LoGiN')).toBe(3);
    const exact = createMatcher('t', 'Login', { regex: false, caseSensitive: true });
    expect(exact.count('LOGIN login LoGiN')).toBe(0);
  });

  it('should count empty regex matches without looping forever', () => {
    const matcher = createMatcher('t', 'x*', { regex: true, caseSensitive: true });
    expect(matcher.count('abc')).toBe(4);
    expect(matcher.first('abc')).toEqual({ index: 0, length: 0 });
  });

  it('should refuse an empty text and a pattern that does not compile with a USAGE error', () => {
    for (const [query, regex] of [
      ['', false],
      ['(', true],
      ['[z-a]', true],
    ] as const) {
      try {
        createMatcher('t', query, { regex, caseSensitive: false });
        expect.unreachable();
      } catch (error) {
        expect(error).toBeInstanceOf(CliError);
        expect((error as CliError).code).toBe('USAGE');
      }
    }
  });
});

describe('snippetAround', () => {
  it('should hold the match and at most the context on each side, on one line, never cutting a surrogate pair', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'grapheme', maxLength: 200 }),
        fc.nat(),
        fc.nat(5),
        (text, rawIndex, rawLength) => {
          // A match of well-formed text starts on a code point, never inside a surrogate pair.
          let index = text.length === 0 ? 0 : rawIndex % text.length;
          if (/[\udc00-\udfff]/.test(text[index] ?? '')) index--;
          let length = Math.min(rawLength, text.length - index);
          if (/[\udc00-\udfff]/.test(text[index + length] ?? '')) length++;
          const snippet = snippetAround(text, { index, length });
          expect(snippet.match).toBe(text.slice(index, index + length).replace(/\s+/g, ' '));
          for (const side of [snippet.before, snippet.after]) {
            expect(side).not.toMatch(/[\n\r\t]/);
            expect(side.length).toBeLessThanOrEqual(SNIPPET_CONTEXT_CHARS + 2);
            expect(side).not.toMatch(/^[\udc00-\udfff]|[\ud800-\udbff]$/);
          }
        },
      ),
    );
  });
});
