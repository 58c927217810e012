import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  foldSummaryEntries,
  isProgrammaticSummary,
  type SessionSummaryData,
  sessionInfoFromSummary,
} from './summary-fold.js';

const prompt = (text: string, extra: Record<string, unknown> = {}) => ({
  type: 'user',
  message: { role: 'user', content: text },
  ...extra,
});

describe('foldSummaryEntries', () => {
  it('should freeze set-once fields on first sight (the first string timestamp decides createdAt, a blank cwd counts)', () => {
    const data = foldSummaryEntries(undefined, [
      { type: 'queue-operation', timestamp: 'not a date' },
      prompt('first', { timestamp: '2026-01-01T00:00:01.000Z', cwd: '  ', entrypoint: 'cli' }),
      prompt('second', {
        timestamp: '2026-01-01T00:00:02.000Z',
        cwd: '/a',
        entrypoint: 'sdk-ts',
        sessionKind: 'daemon',
      }),
      prompt('third', { cwd: '/b' }),
    ]);
    // As the official reads a transcript: the first string timestamp decides, even when it does not parse.
    expect(data.createdAt).toBeUndefined();
    expect(data.cwd).toBe('  ');
    expect(data.firstPrompt).toBe('first');
    expect(data.entrypoint).toBe('cli');
    expect(data.sessionKind).toBe('daemon');
  });

  it('should let last-wins fields overwrite, blanks included, as the official reads a transcript', () => {
    const data = foldSummaryEntries(undefined, [
      { type: 'custom-title', customTitle: 'one' },
      { type: 'custom-title', customTitle: 'two' },
      { type: 'custom-title', customTitle: '   ' },
      { type: 'ai-title', aiTitle: 'ai' },
      { type: 'user', gitBranch: 'main' },
      { type: 'user', gitBranch: ' ' },
      { type: 'tag', tag: 'keep' },
      { type: 'summary', summary: 'sum' },
      { type: 'last-prompt', lastPrompt: 'lp' },
    ]);
    expect(data).toMatchObject({
      customTitle: '   ',
      aiTitle: 'ai',
      gitBranch: ' ',
      tag: 'keep',
      summaryHint: 'sum',
      lastPrompt: 'lp',
    });
    // An empty tag is kept as a value that a row shows as no tag; a blank one is a tag.
    expect(foldSummaryEntries(data, [{ type: 'tag', tag: '' }]).tag).toBe('');
    expect(foldSummaryEntries(data, [{ type: 'tag', tag: '  ' }]).tag).toBe('  ');
    expect(foldSummaryEntries(data, [{ type: 'user', tag: 'not a tag entry' }]).tag).toBe('keep');
  });

  it('should take the sidechain flag from the first entry only', () => {
    expect(
      foldSummaryEntries(undefined, [{ type: 'user', isSidechain: true }, prompt('x')]).isSidechain,
    ).toBe(true);
    expect(
      foldSummaryEntries(undefined, [prompt('x'), { type: 'user', isSidechain: true }]).isSidechain,
    ).toBeUndefined();
  });

  it('should not change prev and should equal one fold over the concatenation', () => {
    const entry = fc.oneof(
      fc.record(
        {
          type: fc.constant('user'),
          message: fc.record({ content: fc.string() }),
          cwd: fc.string(),
          timestamp: fc.constantFrom('2026-01-01T00:00:00Z', 'x'),
        },
        { requiredKeys: ['type'] },
      ),
      fc.record({ type: fc.constant('custom-title'), customTitle: fc.string() }),
      fc.record({ type: fc.constant('tag'), tag: fc.string() }),
      fc.record({ type: fc.constant('summary'), summary: fc.string() }),
      fc.record(
        { type: fc.string(), gitBranch: fc.string(), lastPrompt: fc.string(), isSidechain: fc.boolean() },
        { requiredKeys: [] },
      ),
    );
    fc.assert(
      fc.property(fc.array(entry), fc.array(entry), (first, second) => {
        const prev = foldSummaryEntries(undefined, first);
        const snapshot = JSON.stringify(prev);
        const incremental = foldSummaryEntries(prev, second);
        expect(JSON.stringify(prev)).toBe(snapshot);
        expect(incremental).toEqual(foldSummaryEntries(undefined, [...first, ...second]));
        expect(JSON.parse(JSON.stringify(incremental))).toEqual(incremental);
      }),
    );
  });
});

describe('sessionInfoFromSummary', () => {
  const facts = { lastModified: 1_700_000_000_123.7, fileSize: 42, projectPath: '/proj' };

  it('should rank custom title, AI title, last prompt, summary entry, first prompt', () => {
    const base: SessionSummaryData = { firstPrompt: 'fp', firstPromptLocked: true };
    expect(sessionInfoFromSummary('s', base, facts)?.summary).toBe('fp');
    expect(sessionInfoFromSummary('s', { ...base, summaryHint: 'sh' }, facts)?.summary).toBe('sh');
    expect(
      sessionInfoFromSummary('s', { ...base, summaryHint: 'sh', lastPrompt: 'lp' }, facts)?.summary,
    ).toBe('lp');
    const ai = sessionInfoFromSummary('s', { ...base, lastPrompt: 'lp', aiTitle: 'ai' }, facts);
    expect(ai?.summary).toBe('ai');
    expect(ai?.customTitle).toBe('ai');
    expect(
      sessionInfoFromSummary('s', { ...base, aiTitle: 'ai', customTitle: 'ct' }, facts)?.customTitle,
    ).toBe('ct');
  });

  it('should fall back to the command, then drop sessions with nothing to show and sidechains', () => {
    expect(sessionInfoFromSummary('s', { commandFallback: '/help' }, facts)).toMatchObject({
      summary: '/help',
      firstPrompt: '/help',
    });
    expect(sessionInfoFromSummary('s', { gitBranch: 'main' }, facts)).toBeUndefined();
    expect(sessionInfoFromSummary('s', { isSidechain: true, customTitle: 't' }, facts)).toBeUndefined();
  });

  it('should use the project path as cwd and integer milliseconds', () => {
    const info = sessionInfoFromSummary('s', { firstPrompt: 'p' }, facts);
    expect(info).toEqual({
      sessionId: 's',
      summary: 'p',
      lastModified: 1_700_000_000_123,
      fileSize: 42,
      firstPrompt: 'p',
      cwd: '/proj',
    });
    expect(sessionInfoFromSummary('s', { firstPrompt: 'p', cwd: '/own' }, { lastModified: 1 })?.cwd).toBe(
      '/own',
    );
  });
});

describe('isProgrammaticSummary', () => {
  it('should flag SDK entrypoints and daemon sessions', () => {
    for (const entrypoint of ['sdk-cli', 'sdk-ts', 'sdk-py'])
      expect(isProgrammaticSummary({ entrypoint })).toBe(true);
    for (const sessionKind of ['daemon', 'daemon-worker'])
      expect(isProgrammaticSummary({ sessionKind })).toBe(true);
    expect(isProgrammaticSummary({ entrypoint: 'cli', sessionKind: 'interactive' })).toBe(false);
    expect(isProgrammaticSummary({})).toBe(false);
  });
});
