import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { matchDeniedModels } from './match-denied-models.js';

// The table against the official SDK lives in tooling/bench (official-values.test.ts); these
// pin the rules and the boundary here.
describe('matchDeniedModels', () => {
  it('should block a family, a version prefix, and spellings of one model', async () => {
    const models = [
      'claude-opus-4-5',
      'claude-opus-4-1',
      'claude-sonnet-4-5',
      'us.anthropic.claude-opus-4-5-v1:0',
      'opus',
    ];
    expect((await matchDeniedModels(models, ['opus'])).denied).toEqual([true, true, false, true, true]);
    expect((await matchDeniedModels(models, ['claude-opus-4'])).denied).toEqual([
      true,
      true,
      false,
      true,
      false,
    ]);
    expect((await matchDeniedModels(models, ['claude-opus-4-5-20251101'])).denied).toEqual([
      true,
      false,
      false,
      true,
      false,
    ]);
  });

  it('should ignore moving aliases and note exact-only entries', async () => {
    const result = await matchDeniedModels(['default', 'claude-fake'], ['default', 'claude-fake']);
    expect(result.denied).toEqual([false, true]);
    expect(result.warnings).toHaveLength(2);
  });

  it('should never throw, whatever it is given, and answer one flag per listed model', async () => {
    await fc.assert(
      fc.asyncProperty(fc.anything(), fc.anything(), async (models, denied) => {
        const result = await matchDeniedModels(models as never, denied as never);
        expect(Array.isArray(result.warnings)).toBe(true);
        expect(result.denied).toHaveLength(Array.isArray(models) ? models.length : 0);
      }),
      { numRuns: 300 },
    );
  });

  it('should keep an oversized list linear enough to answer', async () => {
    const models = Array.from({ length: 2000 }, (_, i) => `claude-opus-4-${i}`);
    const result = await matchDeniedModels(models, ['claude-opus-4-5', 'sonnet', 'x'.repeat(100_000)]);
    expect(result.denied.filter(Boolean)).toEqual([true]);
  });
});
