import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { makeTempConfig, type TempConfig, uuid } from '../test/helpers.js';
import { LITE_READ_BYTES } from './limits.js';
import { scanner } from './line-fold.js';
import { readLiteSummary } from './lite-read.js';

/**
 * The lite read folds only the lines that decide a summary (found from where their keys are
 * mentioned); folding every line of the head and tail in order is the reference. Both must give
 * the same summary on any transcript: rare fields in the head, the tail, both or neither, keys
 * nested or inside strings, keys spelled with escapes, blank values, damaged lines, and files
 * whose head and tail overlap, touch or lie far apart.
 */

let temp: TempConfig;
beforeAll(() => {
  temp = makeTempConfig('ccsdk-lite-');
});
afterAll(() => temp.cleanup());

const TYPES = [
  'user',
  'assistant',
  'attachment',
  'queue-operation',
  'summary',
  'custom-title',
  'ai-title',
  'last-prompt',
  'tag',
  'relocated',
  'continued-in',
  'system',
] as const;

/**
 * Entries whose optional fields are absent `absentWeight` times in `absentWeight + presentWeight`:
 * when most lines give most fields, or when the first or last line giving one lies anywhere.
 */
function entryArbitrary(absentWeight: number, presentWeight: number) {
  const maybeText = (values: readonly string[]) =>
    fc.oneof(
      { weight: absentWeight, arbitrary: fc.constant(undefined) },
      { weight: presentWeight, arbitrary: fc.constantFrom(...values) },
    );
  return fc.record(
    {
      type: fc.constantFrom(...TYPES),
      isSidechain: fc.option(fc.boolean(), { nil: undefined }),
      timestamp: fc.option(
        fc.constantFrom('2026-01-02T03:04:05.000Z', '2026-02-03T00:00:00Z', 'yesterday', ''),
        {
          nil: undefined,
        },
      ),
      cwd: maybeText(['/home/dev/p', '/home/dev/q', '', '  ']),
      entrypoint: maybeText(['cli', 'sdk-ts', '', ' ']),
      sessionKind: maybeText(['daemon', 'interactive', '']),
      gitBranch: maybeText(['main', 'feature/x', '', ' ']),
      customTitle: maybeText(['Title A', 'Title B', '', ' ']),
      aiTitle: maybeText(['AI one', 'AI two', '']),
      lastPrompt: maybeText(['last one', 'last two', '']),
      summary: maybeText(['sum one', 'sum two', '']),
      tag: maybeText(['red', 'blue', '', '  ']),
      relocatedCwd: maybeText(['/moved/a', '/moved/b', '']),
      continuedInSessionId: maybeText([uuid(77), 'not-a-uuid']),
      sessionId: maybeText([uuid(1)]),
      isMeta: fc.option(fc.boolean(), { nil: undefined }),
      message: fc.option(
        fc
          .oneof(
            fc.constantFrom('hello there', '<command-name>/model</command-name>', ''),
            fc.constant([{ type: 'tool_result', tool_use_id: 't', content: 'ok' }]),
            fc.constant([{ type: 'image', source: { type: 'base64', data: 'AAAA' } }]),
            // Mentions of the keys that are not top-level: a nested key and text in a string.
            fc.constant([{ type: 'text', text: 'see "customTitle" and {"tag": "x"}' }]),
            fc.constant({ customTitle: 'nested', gitBranch: 'nested', tag: 'nested', entrypoint: 'nested' }),
          )
          .map((content) => ({ role: 'user', content })),
        { nil: undefined },
      ),
      pad: fc.option(fc.constantFrom(100, 2_000, 9_000, 30_000, 70_000), { nil: undefined }),
    },
    { requiredKeys: ['type'] },
  );
}

/** Transcripts of such entries, as the CLI writes them, or damaged, spaced or escaped, or junk. */
function transcriptArbitrary(absentWeight: number, presentWeight: number) {
  const entry = entryArbitrary(absentWeight, presentWeight);
  const line = fc.oneof(
    { weight: 8, arbitrary: entry.map((value) => serialize(value)) },
    { weight: 1, arbitrary: fc.tuple(entry, fc.nat()).map(([value, cut]) => cutLine(serialize(value), cut)) },
    {
      weight: 1,
      arbitrary: entry.map((value) => serialize(value).replaceAll('":', '" : ').replaceAll(',"', ' , "')),
    },
    {
      weight: 1,
      arbitrary: entry.map((value) =>
        serialize(value).replace('"customTitle"', '"custom\\u0054itle"').replace('"tag"', '"t\\u0061g"'),
      ),
    },
    { weight: 1, arbitrary: fc.constantFrom('', '   ', 'garbage', '{"type":', '[1,2]', '{"tag":"x"}}') },
  );
  return fc.record({
    // Up to 40 lines: past the few that are always folded one by one (`FOLD_ALL_BELOW_LINES`).
    lines: fc.array(line, { minLength: 1, maxLength: 40 }),
    trailingNewline: fc.boolean(),
    byteOrderMark: fc.boolean(),
  });
}

function serialize(value: Record<string, unknown>): string {
  const { pad, ...rest } = value as { pad?: number };
  return JSON.stringify(pad === undefined ? rest : { ...rest, padding: 'x'.repeat(pad) });
}

function cutLine(text: string, cut: number): string {
  return text.slice(0, cut % Math.max(1, text.length));
}

let file = 0;
function write(body: string): string {
  file += 1;
  const path = join(temp.projectsDir, `t-${file}.jsonl`);
  writeFileSync(path, body);
  return path;
}

function expectSameSummary(body: string): void {
  const path = write(body);
  const deciding = readLiteSummary(path, 'deciding');
  const every = readLiteSummary(path, 'every');
  expect(deciding, body.length > 2000 ? `${body.length} bytes` : body).toEqual(every);
}

describe('the lite read of deciding lines', () => {
  for (const [absentWeight, presentWeight, fields] of [
    [1, 4, 'most fields on most lines'],
    [3, 1, 'fields on few lines'],
  ] as const) {
    it(`should give what folding every line gives, on any transcript (${fields})`, () => {
      fc.assert(
        fc.property(
          transcriptArbitrary(absentWeight, presentWeight),
          ({ lines, trailingNewline, byteOrderMark }) => {
            const body = `${byteOrderMark ? '\ufeff' : ''}${lines.join('\n')}${trailingNewline ? '\n' : ''}`;
            expectSameSummary(body);
          },
        ),
        { numRuns: 700 },
      );
    });
  }

  it('should take a title, tag and branch that only the head holds when the tail is far from it', () => {
    const head = [
      {
        type: 'user',
        timestamp: '2026-01-02T03:04:05.000Z',
        cwd: '/p',
        message: { role: 'user', content: 'hi' },
      },
      { type: 'custom-title', customTitle: 'Only in the head' },
      { type: 'ai-title', aiTitle: 'AI in the head' },
      { type: 'assistant', gitBranch: 'head-branch' },
    ];
    const filler = Array.from({ length: 40 }, () => ({ type: 'assistant', padding: 'y'.repeat(4000) }));
    const tail = [
      { type: 'tag', tag: 'late' },
      { type: 'continued-in', continuedInSessionId: uuid(9), sessionId: uuid(1) },
    ];
    const body = `${[...head, ...filler, ...tail].map((value) => JSON.stringify(value)).join('\n')}\n`;
    expect(body.length).toBeGreaterThan(2 * LITE_READ_BYTES);
    expectSameSummary(body);
    const data = readLiteSummary(write(body))?.data;
    expect(data).toMatchObject({
      customTitle: 'Only in the head',
      aiTitle: 'AI in the head',
      gitBranch: 'head-branch',
      tag: 'late',
      continuedIn: uuid(9),
      firstPrompt: 'hi',
    });
  });

  it('should take a first cwd and sessionKind that come after the first prompt, before or inside the tail', () => {
    for (const fill of [0, 40]) {
      const lines = [
        { type: 'user', timestamp: '2026-01-02T03:04:05.000Z', message: { role: 'user', content: 'hi' } },
        { type: 'assistant', cwd: ' ' },
        { type: 'assistant', cwd: '/later', sessionKind: 'daemon' },
        ...Array.from({ length: 10 }, () => ({ type: 'assistant' })),
        ...Array.from({ length: fill }, () => ({ type: 'assistant', padding: 'y'.repeat(4000) })),
        { type: 'assistant', cwd: '/latest', sessionKind: 'other' },
      ];
      const body = `${lines.map((value) => JSON.stringify(value)).join('\n')}\n`;
      expectSameSummary(body);
      // A blank cwd is a first value, as the official reads it.
      expect(readLiteSummary(write(body))?.data).toMatchObject({ cwd: ' ', sessionKind: 'daemon' });
    }
  });

  it('should take the first entrypoint of the tail when the head has none', () => {
    const lines = [
      {
        type: 'user',
        timestamp: '2026-01-02T03:04:05.000Z',
        cwd: '/p',
        message: { role: 'user', content: 'hi' },
      },
      ...Array.from({ length: 40 }, () => ({ type: 'assistant', padding: 'y'.repeat(4000) })),
      { type: 'assistant', entrypoint: ' ' },
      { type: 'assistant', entrypoint: 'sdk-ts' },
      { type: 'assistant', entrypoint: 'cli' },
    ];
    const body = `${lines.map((value) => JSON.stringify(value)).join('\n')}\n`;
    expectSameSummary(body);
    // A blank entrypoint is a first value, as the official reads it.
    expect(readLiteSummary(write(body))?.data.entrypoint).toBe(' ');
  });

  it('should let a later blank tag replace an earlier one, and a later damaged line leave continued-in alone', () => {
    const body = [
      // Folded before the first prompt settles, so only the blank tag read later can clear it.
      JSON.stringify({ type: 'tag', tag: 'red' }),
      JSON.stringify({
        type: 'user',
        timestamp: '2026-01-02T03:04:05.000Z',
        message: { role: 'user', content: 'hi' },
      }),
      // Enough lines after the first prompt that only the deciding ones are read.
      ...Array.from({ length: 10 }, () => JSON.stringify({ type: 'assistant' })),
      JSON.stringify({ type: 'tag', tag: '  ' }),
      JSON.stringify({ type: 'continued-in', continuedInSessionId: uuid(9), sessionId: uuid(1) }),
      '{"type":"assistant","gitBranch":"cut',
    ].join('\n');
    expectSameSummary(body);
    const data = readLiteSummary(write(body))?.data;
    expect(data?.tag).toBe('  ');
    expect(data?.continuedIn).toBe(uuid(9));
  });

  it('should let a later user prompt cancel the continuation that settled the first prompt, and no other line', () => {
    const head = [
      JSON.stringify({ type: 'user', message: { role: 'user', content: 'hi' } }),
      // Its timestamp settles the first prompt: the last line folded one by one.
      JSON.stringify({
        type: 'continued-in',
        continuedInSessionId: uuid(9),
        sessionId: uuid(1),
        timestamp: '2026-01-02T03:04:05.000Z',
      }),
    ];
    // No later line mentions continuedInSessionId; answers and titles leave the session continued.
    const answers = [
      ...head,
      ...Array.from({ length: 10 }, () => JSON.stringify({ type: 'assistant', gitBranch: 'main' })),
      JSON.stringify({ type: 'ai-title', aiTitle: 'later title' }),
    ];
    expectSameSummary(answers.join('\n'));
    expect(readLiteSummary(write(answers.join('\n')))?.data.continuedIn).toBe(uuid(9));
    // A user prompt, even far before the end, cancels it (a slash command or a meta entry does not).
    const prompted = [
      ...head,
      JSON.stringify({ type: 'user', message: { role: 'user', content: '<command-name>/x</command-name>' } }),
      JSON.stringify({ type: 'user', message: { role: 'user', content: 'back here' } }),
      JSON.stringify({ type: 'user', isMeta: true, message: { role: 'user', content: 'meta' } }),
      ...Array.from({ length: 10 }, () => JSON.stringify({ type: 'assistant', gitBranch: 'main' })),
    ];
    expectSameSummary(prompted.join('\n'));
    expect(readLiteSummary(write(prompted.join('\n')))?.data.continuedIn).toBeUndefined();
    // Only damaged lines after it: the continuation holds.
    const damaged = [...head, ...Array.from({ length: 10 }, () => '{"type":"assistant","gitBranch":"main"')];
    expectSameSummary(damaged.join('\n'));
    expect(readLiteSummary(write(damaged.join('\n')))?.data.continuedIn).toBe(uuid(9));
  });

  it('should scan every line with "every" and only the deciding ones by default (the property compares two walks)', () => {
    const lines = [
      JSON.stringify({
        type: 'user',
        timestamp: '2026-01-02T03:04:05.000Z',
        cwd: '/p',
        message: { role: 'user', content: 'hi' },
      }),
      ...Array.from({ length: 200 }, (_, i) =>
        JSON.stringify({ type: 'assistant', uuid: uuid(i), text: 'x'.repeat(40) }),
      ),
      JSON.stringify({ type: 'custom-title', customTitle: 'named' }),
      ...Array.from({ length: 50 }, () => JSON.stringify({ type: 'assistant', gitBranch: 'main' })),
    ];
    const path = write(`${lines.join('\n')}\n`);
    const scans = vi.spyOn(scanner, 'scan');
    try {
      const every = readLiteSummary(path, 'every');
      const scannedByEvery = scans.mock.calls.length;
      scans.mockClear();
      const deciding = readLiteSummary(path, 'deciding');
      const scannedByDeciding = scans.mock.calls.length;
      expect(scannedByEvery).toBe(lines.length);
      expect(scannedByDeciding).toBeLessThan(10);
      expect(deciding).toEqual(every);
      expect(deciding?.data.customTitle).toBe('named');
      expect(deciding?.data.gitBranch).toBe('main');
    } finally {
      scans.mockRestore();
    }
  });
});
