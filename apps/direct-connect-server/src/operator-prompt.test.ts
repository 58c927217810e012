import { describe, expect, it } from 'vitest';
import { OperatorPrompt } from './operator-prompt.js';

const encoder = new TextEncoder();
const decoder = new TextDecoder();
const line = (value: unknown): Uint8Array => encoder.encode(JSON.stringify(value));
const initialize = (fields: Record<string, unknown> = {}) =>
  line({
    type: 'control_request',
    request_id: 'r1',
    request: { subtype: 'initialize', hooks: {}, ...fields },
  });

/** One session's injector for the operator prompt of `cli` (which must carry one). */
function promptOf(cli: Parameters<typeof OperatorPrompt.fieldsOf>[0]): OperatorPrompt {
  const fields = OperatorPrompt.fieldsOf(cli);
  if (fields === undefined) throw new Error('no operator prompt');
  return new OperatorPrompt(fields);
}

describe('OperatorPrompt', () => {
  it('should be needed only for a prompt the CLI would otherwise read from argv', () => {
    expect(OperatorPrompt.fieldsOf({})).toBeUndefined();
    expect(
      OperatorPrompt.fieldsOf({ systemPrompt: { type: 'preset', preset: 'claude_code' } }),
    ).toBeUndefined();
    expect(OperatorPrompt.fieldsOf({ systemPromptFile: '/etc/prompt.md' })).toBeUndefined();
    expect(OperatorPrompt.fieldsOf({ systemPrompt: 'Be brief.' })).toEqual({ systemPrompt: ['Be brief.'] });
    expect(() => OperatorPrompt.fieldsOf({ systemPrompt: 42 as never })).toThrow(TypeError);
  });

  it("should put the operator's prompt into the first initialize that names none, and nothing else", () => {
    const prompt = promptOf({
      systemPrompt: { type: 'preset', preset: 'claude_code', append: 'Operator rules.', snapshot: false },
    });
    const user = line({ type: 'user', message: { role: 'user', content: 'say "initialize"' } });
    expect(prompt.rewrite(user)).toBe(user);
    const rewritten = JSON.parse(decoder.decode(prompt.rewrite(initialize())));
    expect(rewritten).toEqual({
      type: 'control_request',
      request_id: 'r1',
      request: {
        subtype: 'initialize',
        hooks: {},
        appendSystemPrompt: 'Operator rules.',
        systemPromptSnapshot: false,
      },
    });
    // A second initialize (reinitialize) is the client's as sent.
    const again = initialize();
    expect(prompt.rewrite(again)).toBe(again);
  });

  it("should leave a client's own prompt, and lines it cannot read, as they are", () => {
    const prompt = promptOf({ systemPrompt: ['Operator block.'] });
    const own = initialize({ systemPrompt: ['Client block.'] });
    expect(prompt.rewrite(own)).toBe(own);
    const appended = promptOf({ systemPrompt: 'x' });
    const append = initialize({ appendSystemPrompt: 'Client text.' });
    expect(appended.rewrite(append)).toBe(append);
    const broken = encoder.encode('{"type":"control_request","request":{"subtype":"initialize"');
    const third = promptOf({ systemPrompt: 'x' });
    expect(third.rewrite(broken)).toBe(broken);
    // The broken line was not the initialize: the next one still gets the prompt.
    expect(decoder.decode(third.rewrite(initialize()))).toContain('"systemPrompt":["x"]');
  });
});
