import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { mayMatch, PREFILTER_WINDOW_BYTES, rawPrefilter } from './raw-prefilter.js';
import { searchMessages } from './session-search.js';
import { createMatcher } from './text-matcher.js';

/** A transcript line holding `text` as the CLI writes it. */
function line(text: string): Buffer {
  return Buffer.from(
    `${JSON.stringify({ type: 'user', message: { role: 'user', content: text } })}\n`,
    'utf8',
  );
}

const asciiQuery = fc.string({
  unit: fc.constantFrom('a', 'B', ' ', '/', '.', '*', '(', '1', 'z'),
  minLength: 1,
  maxLength: 6,
});
const anyText = fc.string({ unit: 'grapheme', maxLength: 40 });

describe('rawPrefilter', () => {
  it('should never rule out a transcript whose messages match: the prefilter is a superset of the matcher', () => {
    fc.assert(
      fc.property(
        asciiQuery,
        anyText,
        anyText,
        fc.boolean(),
        fc.boolean(),
        (query, before, after, upper, caseSensitive) => {
          const inner = upper ? query.toUpperCase() : query;
          const text = `${before}${inner}${after}`;
          const prefilter = rawPrefilter(query, false, caseSensitive);
          expect(prefilter).toBeDefined();
          if (createMatcher('t', query, { regex: false, caseSensitive }).first(text) !== undefined) {
            expect(prefilter!(line(text))).toBe(true);
          }
        },
      ),
    );
  });

  it('should stay a superset for whole stored messages: tool inputs, results in parts, text blocks', () => {
    const block = fc.oneof(
      anyText.map((text) => ({ type: 'text', text })),
      fc.array(anyText, { maxLength: 3 }).map((parts) => ({
        type: 'tool_result',
        tool_use_id: 't',
        content: parts.map((text) => ({ type: 'text', text })),
      })),
      fc.dictionary(fc.string({ maxLength: 4 }), anyText, { maxKeys: 3 }).map((input) => ({
        type: 'tool_use',
        id: 't',
        name: 'Tool',
        input,
      })),
    );
    fc.assert(
      fc.property(
        asciiQuery,
        fc.array(block, { maxLength: 4 }),
        fc.boolean(),
        (query, content, caseSensitive) => {
          const message = {
            type: 'assistant' as const,
            uuid: 'u',
            session_id: 's',
            message: { content },
            parent_tool_use_id: null,
            parent_agent_id: null,
          };
          const session = { sessionId: 's', summary: '', lastModified: 0 };
          const hit = searchMessages(
            session,
            [message],
            createMatcher('t', query, { regex: false, caseSensitive }),
          );
          const bytes = Buffer.from(`${JSON.stringify({ type: 'assistant', message: { content } })}\n`);
          if (hit !== undefined) expect(rawPrefilter(query, false, caseSensitive)!(bytes)).toBe(true);
        },
      ),
    );
  });

  it('should rule out a transcript without the text, in any case unless case-sensitive', () => {
    expect(rawPrefilter('Login', false, false)!(line('the LOGIN bug'))).toBe(true);
    expect(rawPrefilter('Login', false, true)!(line('the LOGIN bug'))).toBe(false);
    expect(rawPrefilter('login', false, false)!(line('the logout bug'))).toBe(false);
  });

  it('should find the text wherever it lies, across the edge of every window it reads', () => {
    const query = 'Login Bug';
    const prefilter = rawPrefilter(query, false, false)!;
    const size = 3 * PREFILTER_WINDOW_BYTES;
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 2 }),
        fc.integer({ min: -query.length, max: query.length }),
        fc.constantFrom('LOGIN BUG', 'login bug', 'Login Bug'),
        (edge, shift, spelled) => {
          // Around the edge of the first or the second window (the next one starts length - 1 earlier).
          const at = Math.max(0, edge * PREFILTER_WINDOW_BYTES - (edge - 1) * (query.length - 1) + shift);
          const bytes = Buffer.alloc(size, 'x');
          bytes.write(spelled, at, 'latin1');
          expect(prefilter(bytes)).toBe(true);
          expect(prefilter(Buffer.alloc(size, 'x'))).toBe(false);
        },
      ),
    );
  });

  it('should read a large transcript as text one window at a time, never whole', () => {
    const bytes = Buffer.alloc(5 * PREFILTER_WINDOW_BYTES + 7, 'x');
    bytes.write('the login bug', bytes.length - 13, 'latin1');
    const windows: number[] = [];
    const decode = bytes.toString.bind(bytes);
    bytes.toString = ((encoding?: BufferEncoding, start = 0, end = bytes.length) => {
      windows.push(end - start);
      return decode(encoding, start, end);
    }) as typeof bytes.toString;
    expect(rawPrefilter('LOGIN', false, false)!(bytes)).toBe(true);
    expect(windows.length).toBe(6);
    expect(Math.max(...windows)).toBe(PREFILTER_WINDOW_BYTES);
  });

  it('should not prefilter a regular expression or a text JSON may escape', () => {
    for (const query of ['say "hi"', 'C:\\path', 'café', 'tab\there', '日本']) {
      expect(rawPrefilter(query, false, false), query).toBeUndefined();
    }
    expect(rawPrefilter('login', true, false)).toBeUndefined();
  });
});

describe('mayMatch', () => {
  it('should rule a session out only when no copy of its transcript holds the text', async () => {
    const { mkdtempSync, rmSync, writeFileSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const dir = mkdtempSync(join(tmpdir(), 'ccsdk-prefilter-'));
    try {
      const big = join(dir, 'big.jsonl');
      const small = join(dir, 'small.jsonl');
      writeFileSync(big, line(`${'x'.repeat(100_000)} the login bug`));
      writeFileSync(small, line('nothing here'));
      const prefilter = rawPrefilter('LOGIN', false, false);
      expect(mayMatch([big], prefilter)).toBe(true);
      // The small file read after the big one must not see the big one's leftover bytes.
      expect(mayMatch([small], prefilter)).toBe(false);
      expect(mayMatch([small, big], prefilter)).toBe(true);
      expect(mayMatch([join(dir, 'missing.jsonl')], prefilter)).toBe(true);
      expect(mayMatch([small], undefined)).toBe(true);
      expect(mayMatch([], prefilter)).toBe(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
