import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compileWat, generatedPath, renderGenerated, WASM_SOURCE_DIR } from '../scripts/build-wasm.mjs';
import { LINE_INDEX_CHUNK_BYTES, WASM_SCAN_MAX_LINE_BYTES } from './limits.js';
import {
  ESCAPE_MASK,
  KEY_START,
  LINE_BLANK,
  LINE_END,
  LINE_INVALID,
  LINE_NEEDS_JS,
  LINE_OK,
  LINE_START,
  LINE_STATUS,
  LineIndexer,
  MESSAGE_ID_ESCAPED,
  MESSAGE_ID_START,
  RECORD_INTS,
} from './line-index-wasm.js';
import { decodeUtf8 } from './utf8.js';

/**
 * The validating line indexer must accept a line exactly when `JSON.parse` (of the line decoded
 * as UTF-8 with replacement, as the readers decode it) returns an object, and must point at the
 * very values `JSON.parse` gives for the wanted keys. Every property here compares it with
 * `JSON.parse` itself, on lines built to sit near the edge of the grammar.
 */

const KEYS = ['type', 'uuid', 'message', 'k', 'isMeta'] as const;
const MESSAGE_KEY = 2;

interface LineOutcome {
  start: number;
  end: number;
  status: number;
  values: (string | undefined)[];
  escaped: boolean[];
  messageId: string | undefined;
  messageIdEscaped: boolean;
}

/** Runs the indexer over `bytes` and collects every record as plain data (file offsets, raw value texts). */
async function indexAll(bytes: Uint8Array): Promise<{ whole: boolean; lines: LineOutcome[] }> {
  const indexer = LineIndexer.create(KEYS, MESSAGE_KEY);
  if (indexer === undefined) throw new Error('this runtime cannot run the line indexer');
  const lines: LineOutcome[] = [];
  const whole = await indexer.indexBytes(bytes, ({ bytes: chunk, records, count, fileOffset }) => {
    for (let r = 0; r < count; r++) {
      const base = r * RECORD_INTS;
      const text = (start: number, end: number) => (start < 0 ? undefined : decodeUtf8(chunk, start, end));
      const mask = records[base + ESCAPE_MASK]!;
      lines.push({
        start: fileOffset + records[base + LINE_START]!,
        end: fileOffset + records[base + LINE_END]!,
        status: records[base + LINE_STATUS]!,
        values: KEYS.map((_, k) =>
          text(records[base + KEY_START + 2 * k]!, records[base + KEY_START + 2 * k + 1]!),
        ),
        escaped: KEYS.map((_, k) => (mask & (1 << k)) !== 0),
        messageId: text(records[base + MESSAGE_ID_START]!, records[base + MESSAGE_ID_START + 1]!),
        messageIdEscaped: (mask & MESSAGE_ID_ESCAPED) !== 0,
      });
    }
  });
  return { whole, lines };
}

type Judgement = { kind: 'blank' } | { kind: 'invalid' } | { kind: 'object'; value: Record<string, unknown> };

/** What the whole-line reader makes of a line: the reference. */
function judge(bytes: Uint8Array): Judgement {
  const text = decodeUtf8(bytes, 0, bytes.length);
  if (/^[ \t\r]*$/.test(text)) return { kind: 'blank' };
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
      return { kind: 'object', value: value as Record<string, unknown> };
    }
  } catch {
    // fall through
  }
  return { kind: 'invalid' };
}

/** Checks one indexed line against `JSON.parse`. */
function expectLikeJsonParse(line: Uint8Array, outcome: LineOutcome): void {
  const judgement = judge(line);
  if (outcome.status === LINE_NEEDS_JS) {
    // Only for a key spelled with escapes (or nesting deeper than the stack, tested apart).
    expect(Buffer.from(line).includes(0x5c)).toBe(true);
    return;
  }
  if (judgement.kind === 'blank') {
    expect(outcome.status).toBe(LINE_BLANK);
    return;
  }
  if (judgement.kind === 'invalid') {
    expect(outcome.status).toBe(LINE_INVALID);
    return;
  }
  expect(outcome.status).toBe(LINE_OK);
  const parsed = judgement.value;
  KEYS.forEach((key, k) => {
    const raw = outcome.values[k];
    if (!Object.hasOwn(parsed, key)) {
      expect(raw).toBeUndefined();
      return;
    }
    expect(raw).toBeDefined();
    expect(JSON.parse(raw!)).toEqual(parsed[key]);
    if (raw!.startsWith('"')) expect(outcome.escaped[k]).toBe(raw!.includes('\\'));
  });
  const message = parsed['message'];
  if (typeof message === 'object' && message !== null && !Array.isArray(message)) {
    const id = (message as Record<string, unknown>)['id'];
    if (!Object.hasOwn(message, 'id')) {
      expect(outcome.messageId).toBeUndefined();
    } else {
      expect(JSON.parse(outcome.messageId!)).toEqual(id);
      if (outcome.messageId!.startsWith('"')) {
        expect(outcome.messageIdEscaped).toBe(outcome.messageId!.includes('\\'));
      }
    }
  }
}

/** Indexes one line on its own (with a final newline or without) and checks it. */
async function expectLineLikeJsonParse(line: Uint8Array): Promise<void> {
  for (const ending of [[0x0a], []]) {
    const { whole, lines } = await indexAll(Buffer.concat([line, Buffer.from(ending)]));
    expect(whole).toBe(true);
    if (line.length === 0) {
      expect(lines.map((outcome) => outcome.status)).toEqual(ending.length > 0 ? [LINE_BLANK] : []);
      continue;
    }
    expect(lines).toHaveLength(1);
    expect(lines[0]!.start).toBe(0);
    expect(lines[0]!.end).toBe(line.length);
    expectLikeJsonParse(line, lines[0]!);
  }
}

/** Tokens near the edges of the JSON grammar. */
const token = fc.constantFrom(
  '{',
  '}',
  '[',
  ']',
  ':',
  ',',
  ' ',
  '\t',
  '\r',
  '"',
  '"type"',
  '"message"',
  '"id"',
  '"k"',
  '"uuid"',
  '"\\u0074ype"',
  '"a\\"b"',
  '"\\\\"',
  '"\\/\\b\\f\\n\\r\\t"',
  '"\\u00e9\\uD800"',
  '"\\u00zz"',
  '"\\x"',
  '"\\',
  '"\u0001"',
  '"\u007f"',
  '"\u00e9\u2028"',
  'true',
  'false',
  'null',
  'tru',
  'nul',
  'falsey',
  'True',
  '0',
  '-0',
  '01',
  '1.',
  '.5',
  '-',
  '1e',
  '1e+',
  '1E5',
  '0.0e-0',
  '-12.5e+10',
  '1.5e3x',
  '\u00e9',
  '\ufeff',
);

/** A JSON object line holding some of the wanted keys (and others), as `JSON.stringify` writes it. */
const objectLine = fc
  .dictionary(
    fc.constantFrom(...KEYS, 'other', '\u00e9t\u00e9', 'a"b', 'i', 'idx'),
    fc.oneof(fc.jsonValue(), fc.dictionary(fc.constantFrom('id', 'content', 'role', 'x'), fc.jsonValue())),
  )
  .map((object) => Buffer.from(JSON.stringify(object)));

/** A line changed at one byte: replaced, inserted or removed. */
const mutatedLine = fc
  .tuple(
    objectLine,
    fc.nat(),
    fc.integer({ min: 0, max: 255 }),
    fc.constantFrom('replace', 'insert', 'remove'),
  )
  .map(([line, at, byte, how]) => {
    if (line.length === 0) return line;
    const position = at % line.length;
    const value = byte === 0x0a ? 0x20 : byte;
    if (how === 'replace') {
      const copy = Buffer.from(line);
      copy[position] = value;
      return copy;
    }
    if (how === 'insert')
      return Buffer.concat([line.subarray(0, position), Buffer.from([value]), line.subarray(position)]);
    return Buffer.concat([line.subarray(0, position), line.subarray(position + 1)]);
  });

const stitchedLine = fc
  .tuple(fc.boolean(), fc.array(token, { maxLength: 30 }))
  .map(([brace, parts]) => Buffer.from(`${brace ? '{' : ''}${parts.join('')}`));

const anyLine = fc.oneof(
  objectLine,
  mutatedLine,
  stitchedLine,
  fc.uint8Array({ maxLength: 120 }).map((bytes) => Buffer.from(bytes.filter((byte) => byte !== 0x0a))),
);

describe('the validating line indexer', () => {
  it('should accept a line exactly when JSON.parse reads an object from it, and find the same values', async () => {
    await fc.assert(fc.asyncProperty(anyLine, expectLineLikeJsonParse), { numRuns: 3000 });
  });

  it('should judge every number, literal and escape spelling as JSON.parse does', async () => {
    // A backslash before every printable ASCII byte and space: nine of them start an escape.
    const escapes = Array.from({ length: 95 }, (_, i) => `"a\\${String.fromCharCode(0x20 + i)}b"`);
    for (const spelling of [
      ...escapes,
      '0',
      '-0',
      '1',
      '-1',
      '10',
      '01',
      '-01',
      '00',
      '1.',
      '1.0',
      '.1',
      '1e',
      '1e5',
      '1E+5',
      '1e-5',
      '1e+',
      '-',
      '+1',
      '1.5e3',
      '1.5e3.2',
      '0x1',
      'Infinity',
      'NaN',
      'true',
      'false',
      'null',
      'tru',
      'truee',
      'nul',
      'fals',
      'TRUE',
      '"a"',
      '"\\u0041"',
      '"\\u0123\\u4567\\u89ab\\ucdef\\uABCD\\uEF09"',
      '"\\u004"',
      '"\\u004G"',
      '"\\uD83D\\uDE00"',
      '"\\a"',
      '"\\\'"',
      '"\\ "',
      '"a\tb"',
      '"a\u0000b"',
      '"a\u001fb"',
      '"a\u0020b"',
      '"\u007f"',
      '[1,]',
      '[,1]',
      '[]',
      '[1 2]',
      '{}',
      '{"a":1,}',
      '{"a"}',
      '{"a":}',
      '{,"a":1}',
      '{"a":1 "b":2}',
      '{"a" : 1 }',
    ]) {
      await expectLineLikeJsonParse(Buffer.from(`{"k":${spelling}}`));
      await expectLineLikeJsonParse(
        Buffer.from(`{"message":{"id":${spelling},"x":[${spelling}]},"k":${spelling}}`),
      );
      await expectLineLikeJsonParse(Buffer.from(`${spelling}`));
    }
  });

  it('should read escapes at every offset of a 16-byte block', async () => {
    for (let pad = 0; pad < 40; pad++) {
      for (const escaped of [
        '\\"',
        '\\\\',
        '\\\\\\"',
        '\\n\\"\\\\',
        '\\u0041',
        '\\u00',
        '\\',
        '\u0001',
        '\\q',
      ]) {
        const value = `${'a'.repeat(pad)}${escaped}${'b'.repeat(pad % 7)}`;
        for (const line of [
          `{"k":"${value}","type":"t"}`,
          `{"k":"${value}`,
          `{"message":{"id":"${value}"},"k":1}`,
        ]) {
          await expectLineLikeJsonParse(Buffer.from(line));
        }
      }
    }
  });

  it('should take invalid UTF-8 inside strings (read as U+FFFD) and reject bytes above 0x7f outside them', async () => {
    await expectLineLikeJsonParse(
      Buffer.from([...Buffer.from('{"k":"a'), 0xff, 0xc3, ...Buffer.from('b"}')]),
    );
    await expectLineLikeJsonParse(Buffer.from([...Buffer.from('{"k":1'), 0xc2, 0xa0, ...Buffer.from('}')]));
    await expectLineLikeJsonParse(Buffer.from([0xef, 0xbb, 0xbf, ...Buffer.from('{"k":1}')]));
  });

  it('should split a file into the same lines as a split on line feeds, across reads, growth and batches', async () => {
    const longLine = (size: number) =>
      Buffer.from(`{"type":"long","message":{"id":"m","t":"${'\\n'.repeat(size / 2)}"}}`);
    const line = fc.oneof(
      { weight: 8, arbitrary: anyLine },
      { weight: 1, arbitrary: fc.constantFrom(Buffer.from('{}'), Buffer.from(''), Buffer.from(' \r')) },
      { weight: 1, arbitrary: fc.integer({ min: 1, max: 3 * LINE_INDEX_CHUNK_BYTES }).map(longLine) },
    );
    await fc.assert(
      fc.asyncProperty(
        fc.array(line, { maxLength: 30 }),
        fc.boolean(),
        fc.nat(3000),
        async (lines, finalNewline, tiny) => {
          // A run of tiny lines makes more lines than one batch holds.
          const all = [...lines, ...Array.from({ length: tiny }, () => Buffer.from('{"k":1}'))];
          const body = Buffer.concat(
            all.flatMap((bytes, i) =>
              i === all.length - 1 && !finalNewline ? [bytes] : [bytes, Buffer.from('\n')],
            ),
          );
          const { whole, lines: outcomes } = await indexAll(body);
          expect(whole).toBe(true);
          const expected: { start: number; end: number }[] = [];
          let start = 0;
          for (;;) {
            const feed = body.indexOf(0x0a, start);
            if (feed === -1) {
              if (start < body.length) expected.push({ start, end: body.length });
              break;
            }
            expected.push({ start, end: feed });
            start = feed + 1;
          }
          expect(outcomes.map(({ start, end }) => ({ start, end }))).toEqual(expected);
          for (const outcome of outcomes) {
            expectLikeJsonParse(body.subarray(outcome.start, outcome.end), outcome);
          }
        },
      ),
      { numRuns: 40 },
    );
  });

  it('should leave keys spelled with escapes and nesting deeper than its stack to JavaScript', async () => {
    const escapedKey = await indexAll(Buffer.from('{"\\u0074ype":"user","uuid":"u"}\n{"k":1}\n'));
    expect(escapedKey.lines.map((line) => line.status)).toEqual([LINE_NEEDS_JS, LINE_OK]);
    const depth = 70_000;
    const deep = await indexAll(Buffer.from(`{"message":${'['.repeat(depth)}${']'.repeat(depth)}}\n{"k":2}`));
    expect(deep.lines.map((line) => line.status)).toEqual([LINE_NEEDS_JS, LINE_OK]);
    expect(deep.lines[1]!.values[3]).toBe('2');
    // Keys inside nested values are never taken for top-level ones, escaped or not.
    const nested = await indexAll(Buffer.from('{"x":{"type":"no","\\u0074ype":"no"},"type":"yes"}'));
    expect(nested.lines[0]!.status).toBe(LINE_OK);
    expect(nested.lines[0]!.values[0]).toBe('"yes"');
  });

  it('should give up on a line longer than WASM_SCAN_MAX_LINE_BYTES, so the caller reads it another way', async () => {
    const long = Buffer.alloc(WASM_SCAN_MAX_LINE_BYTES + 10, 0x61);
    long.write('{"k":"', 0);
    const result = await indexAll(Buffer.concat([Buffer.from('{"k":1}\n'), long]));
    expect(result.whole).toBe(false);
    expect(result.lines.map((line) => line.status)).toEqual([LINE_OK]);
  });

  it('should ship the module compiled from the current .wat source', async () => {
    const name = 'line-index.wat';
    const bytes = await compileWat(join(WASM_SOURCE_DIR, name));
    expect(readFileSync(generatedPath(name), 'utf8')).toBe(renderGenerated(name, bytes));
  });
});
