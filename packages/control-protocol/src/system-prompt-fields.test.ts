import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { systemPromptFields } from './system-prompt-fields.js';

describe('systemPromptFields', () => {
  it('should map every official form to the initialize fields the official SDK sends', () => {
    expect(systemPromptFields({})).toStrictEqual({ systemPrompt: [''] });
    expect(systemPromptFields({}, false)).toStrictEqual({});
    expect(systemPromptFields({ systemPrompt: 'Be brief.' })).toStrictEqual({ systemPrompt: ['Be brief.'] });
    expect(systemPromptFields({ systemPrompt: ['a', 'b'] }, false)).toStrictEqual({
      systemPrompt: ['a', 'b'],
    });
    expect(
      systemPromptFields({ systemPrompt: { type: 'custom', prompt: 'c', snapshot: true } }),
    ).toStrictEqual({ systemPrompt: ['c'], systemPromptSnapshot: true });
    expect(systemPromptFields({ systemPrompt: { type: 'preset', preset: 'claude_code' } })).toStrictEqual({});
    expect(
      systemPromptFields({
        systemPrompt: { type: 'preset', preset: 'claude_code', append: 'x', excludeDynamicSections: true },
      }),
    ).toStrictEqual({ appendSystemPrompt: 'x', excludeDynamicSections: true });
    expect(systemPromptFields({ systemPromptFile: '/p.md' })).toStrictEqual({});
  });

  it('should refuse what the official types do not allow, naming the option', () => {
    const refused: Array<[unknown, RegExp]> = [
      [42, /^Invalid option systemPrompt: expected a string/],
      [null, /^Invalid option systemPrompt:/],
      [['a', 1], /^Invalid option systemPrompt\[1\]/],
      [{ type: 'file', path: '/p' }, /a file is systemPromptFile/],
      [{ type: 'preset', preset: 'other' }, /^Invalid option systemPrompt\.preset/],
      [{ type: 'custom', prompt: 'x', snapshot: 1 }, /^Invalid option systemPrompt\.snapshot/],
    ];
    for (const [systemPrompt, message] of refused) {
      expect(() => systemPromptFields({ systemPrompt })).toThrow(message);
    }
    expect(() => systemPromptFields({ systemPrompt: 'a', systemPromptFile: '/p' })).toThrow(
      /cannot be used together/,
    );
  });

  it('should answer any value with fields or a TypeError, never anything else', () => {
    fc.assert(
      fc.property(fc.anything(), (systemPrompt) => {
        try {
          const fields = systemPromptFields({ systemPrompt });
          expect(typeof fields).toBe('object');
        } catch (error) {
          expect(error).toBeInstanceOf(TypeError);
        }
      }),
      { numRuns: 300 },
    );
  });
});
