import { closeSync, openSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  conversation,
  jsonl,
  makeTempConfig,
  type TempConfig,
  uuid,
  wholeConversationRequest,
  writeTranscript,
} from '../test/helpers.js';
import { messagesFromEntries } from './entry-messages.js';
import { WASM_SCAN_MAX_LINE_BYTES, WHOLE_PARSE_MAX_BYTES } from './limits.js';
import {
  type ReadMessagesRequest,
  readIndexedConversation,
  readParsedConversation,
} from './read-messages.js';
import { getSessionMessages } from './session-messages.js';
import type { SessionJsonlWarning, SessionMessage } from './types.js';

/**
 * The message readers have two paths: transcripts up to WHOLE_PARSE_MAX_BYTES are parsed line by
 * line, larger ones go through the validating line indexer. Whatever the size, a caller must get the same
 * messages and the same warnings, so every test here reads the same file both ways.
 */

const FIXTURES = fileURLToPath(new URL('../test/fixtures/', import.meta.url));

let temp: TempConfig;
beforeAll(() => {
  temp = makeTempConfig('ccsdk-sj-paths-');
});
afterAll(() => temp.cleanup());

interface PathResult {
  messages: SessionMessage[];
  warnings: SessionJsonlWarning[];
}

type Reader = (fd: number, request: ReadMessagesRequest) => Promise<SessionMessage[]>;

/** The indexed path, which must take every file these tests write (WebAssembly SIMD is there). */
const readIndexed: Reader = async (fd, request) => {
  const messages = await readIndexedConversation(fd, request);
  if (messages === undefined) throw new Error('the line indexer did not take the file');
  return messages;
};

const BASE_REQUEST = wholeConversationRequest();

async function readWith(
  reader: Reader,
  filePath: string,
  options: Partial<ReadMessagesRequest> = {},
): Promise<PathResult> {
  const warnings: SessionJsonlWarning[] = [];
  const fd = openSync(filePath, 'r');
  try {
    const messages = await reader(fd, {
      ...BASE_REQUEST,
      filePath,
      onWarning: (warning) => warnings.push(warning),
      ...options,
    });
    return { messages, warnings };
  } finally {
    closeSync(fd);
  }
}

async function expectSamePaths(
  filePath: string,
  options: Partial<ReadMessagesRequest> = {},
): Promise<PathResult> {
  const parsed = await readWith(readParsedConversation, filePath, options);
  const indexed = await readWith(readIndexed, filePath, options);
  expect(indexed).toEqual(parsed);
  return parsed;
}

function transcriptsUnder(folder: string): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) found.push(...transcriptsUnder(path));
    else if (entry.name.endsWith('.jsonl')) found.push(path);
  }
  return found.sort();
}

describe('the parsed and indexed message paths', () => {
  const fixtures = transcriptsUnder(FIXTURES);

  it('should find the fixture corpus', () => {
    expect(fixtures.length).toBeGreaterThanOrEqual(15);
  });

  it.each(fixtures.map((path) => [relative(FIXTURES, path), path]))(
    'should read %s the same way',
    async (_name, path) => {
      const mode = path.includes('/subagents/') ? 'subagent' : 'main';
      const all = await expectSamePaths(path, { mode });
      await expectSamePaths(path, { mode, includeSystemMessages: true });
      await expectSamePaths(path, { mode, offset: 1, limit: 2 });
      expect(all.messages.every((message) => message.uuid.length > 0)).toBe(true);
    },
  );

  it.each(fixtures.map((path) => [relative(FIXTURES, path), path]))(
    'should give %s the same messages from already-parsed entries (as a store holds them)',
    async (_name, path) => {
      const mode = path.includes('/subagents/') ? 'subagent' : 'main';
      const entries = readFileSync(path, 'utf8')
        .split('\n')
        .flatMap((line) => {
          try {
            return [JSON.parse(line) as unknown];
          } catch {
            return [];
          }
        });
      for (const options of [{}, { includeSystemMessages: true }, { offset: 1, limit: 2 }]) {
        const request = { ...BASE_REQUEST, mode, ...options } as const;
        const fromFile = await readWith(readParsedConversation, path, request);
        expect(messagesFromEntries(entries, request)).toEqual(fromFile.messages);
      }
    },
  );

  it('should agree on generated transcripts with damaged, blank and invalid UTF-8 lines', async () => {
    const S = uuid(7);
    const valid = conversation(S, 4).map((entry) => Buffer.from(JSON.stringify(entry)));
    const damage = fc.oneof(
      fc.record({ kind: fc.constant('cut' as const), line: fc.nat(valid.length - 1), at: fc.nat() }),
      fc.record({ kind: fc.constant('bytes' as const), bytes: fc.uint8Array({ maxLength: 80 }) }),
      fc.record({ kind: fc.constant('blank' as const), text: fc.constantFrom('', ' ', '\t \r') }),
      fc.record({ kind: fc.constant('utf8' as const), line: fc.nat(valid.length - 1) }),
      // One byte of a valid line changed (a misspelled literal, a bad escape, a control byte, a
      // broken number...): skipped by both paths exactly when JSON.parse rejects it.
      fc.record({
        kind: fc.constant('mutate' as const),
        line: fc.nat(valid.length - 1),
        at: fc.nat(),
        byte: fc.oneof(
          fc.integer({ min: 0, max: 255 }),
          fc.constantFrom(...Buffer.from('"\\{}[],:0-.eEtfnul \t')),
        ),
      }),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(fc.nat(valid.length), damage), { maxLength: 6 }),
        fc.boolean(),
        async (damages, trailingNewline) => {
          const lines: Buffer[] = [...valid];
          for (const [position, item] of damages) {
            let inserted: Buffer;
            if (item.kind === 'cut') {
              const source = valid[item.line]!;
              inserted = source.subarray(0, 1 + (item.at % (source.length - 1)));
            } else if (item.kind === 'bytes') {
              inserted = Buffer.from(item.bytes.filter((byte) => byte !== 0x0a));
            } else if (item.kind === 'blank') {
              inserted = Buffer.from(item.text);
            } else if (item.kind === 'mutate') {
              inserted = Buffer.from(valid[item.line]!);
              inserted[item.at % inserted.length] = item.byte === 0x0a ? 0x20 : item.byte;
            } else {
              // Invalid UTF-8 inside a string value (a copy of a line, same uuid): both read U+FFFD.
              const source = valid[item.line]!;
              const at = Math.max(source.indexOf('prompt '), source.indexOf('answer '));
              inserted = Buffer.concat([
                source.subarray(0, at),
                Buffer.from([0xff, 0xc3]),
                source.subarray(at),
              ]);
            }
            lines.splice(position, 0, inserted);
          }
          const body = Buffer.concat(
            lines.flatMap((line, i) =>
              i === lines.length - 1 && !trailingNewline ? [line] : [line, Buffer.from('\n')],
            ),
          );
          const path = writeTranscript(temp.projectsDir, '-gen', S, body);
          const result = await expectSamePaths(path);
          // A mutated copy keeps its source's uuid, so it may take that entry's place in the chain.
          if (!damages.some(([, item]) => item.kind === 'mutate')) {
            expect(result.messages.length).toBeGreaterThanOrEqual(2);
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('should send a transcript above the whole-parse limit through the index, with the same result', async () => {
    const S = uuid(8);
    const entries: (object | string)[] = conversation(S, 3);
    // A non-chain entry big enough to push the file past the limit.
    entries.splice(2, 0, {
      type: 'api-request-shape',
      sessionId: S,
      shape: 'x'.repeat(WHOLE_PARSE_MAX_BYTES),
    });
    const path = writeTranscript(temp.projectsDir, '-big', S, jsonl(entries));
    const viaApi = await getSessionMessages(S, { configDir: temp.configDir });
    const parsed = await expectSamePaths(path);
    expect(viaApi).toEqual(parsed.messages);
    expect(viaApi.map((message) => message.uuid)).toEqual(
      conversation(S, 3).map((entry) => (entry as { uuid: string }).uuid),
    );
    writeFileSync(path, '');
  });
  it('should read lines the indexer leaves to JSON.parse (escaped keys, deep nesting) as the parse path does', async () => {
    const S = uuid(9);
    const [first, second, third, fourth] = conversation(S, 2) as Record<string, unknown>[];
    // The second entry spelled with an escaped top-level key; the third holding 70,000 nested arrays.
    const escaped = JSON.stringify(second).replace('"type":', '"\\u0074ype":');
    const depth = 70_000;
    const deep = JSON.stringify({ ...third, deep: 0 }).replace(
      '"deep":0',
      `"deep":${'['.repeat(depth)}${']'.repeat(depth)}`,
    );
    const path = writeTranscript(temp.projectsDir, '-js', S, jsonl([first!, escaped, deep, fourth!]));
    const result = await expectSamePaths(path);
    expect(result.messages.map((message) => message.uuid)).toEqual(
      [first, second, third, fourth].map((entry) => entry!['uuid']),
    );
  });

  it('should read a transcript with a line over WASM_SCAN_MAX_LINE_BYTES by parsing it, with the same result', async () => {
    const S = uuid(10);
    const entries: (object | string)[] = conversation(S, 2);
    entries.splice(1, 0, '{"cut":');
    entries.splice(1, 0, {
      type: 'api-request-shape',
      sessionId: S,
      shape: 'y'.repeat(WASM_SCAN_MAX_LINE_BYTES),
    });
    const path = writeTranscript(temp.projectsDir, '-huge', S, jsonl(entries));
    const fd = openSync(path, 'r');
    try {
      expect(
        await readIndexedConversation(fd, { ...BASE_REQUEST, filePath: path, onWarning: undefined }),
      ).toBeUndefined();
    } finally {
      closeSync(fd);
    }
    const warnings: SessionJsonlWarning[] = [];
    const viaApi = await getSessionMessages(S, {
      configDir: temp.configDir,
      onWarning: (warning) => warnings.push(warning),
    });
    expect(viaApi.map((message) => message.uuid)).toEqual(
      conversation(S, 2).map((entry) => (entry as { uuid: string }).uuid),
    );
    // The cut line before the long one is reported once, by the parse, not also by the indexer.
    expect(warnings.map((warning) => warning.code)).toEqual(['MALFORMED_LINE']);
    writeFileSync(path, '');
  });
  it('should give each of several interleaved reads of large transcripts its own result', async () => {
    // Each transcript is over WHOLE_PARSE_MAX_BYTES, so every read goes through a line indexer
    // and yields to the event loop mid-file; the reads must not share an indexer's memory.
    const sessions = [uuid(11), uuid(12), uuid(13), uuid(14)];
    for (const [n, S] of sessions.entries()) {
      const entries = conversation(S, 40, 5000 + 100 * n).map((entry, i) =>
        i % 2 === 0 ? { ...entry, toolUseResult: { stdout: `${S}:${i}:`.repeat(15_000 + 500 * n) } } : entry,
      );
      const path = writeTranscript(temp.projectsDir, `-many-${n}`, S, jsonl(entries));
      expect(statSync(path).size).toBeGreaterThan(WHOLE_PARSE_MAX_BYTES);
    }
    const alone: SessionMessage[][] = [];
    for (const S of sessions) alone.push(await getSessionMessages(S, { configDir: temp.configDir }));
    const together = await Promise.all(
      sessions.map((S) => getSessionMessages(S, { configDir: temp.configDir })),
    );
    expect(together).toEqual(alone);
    expect(alone.map((messages) => messages.length)).toEqual([80, 80, 80, 80]);
  });
});
