import { describe, expect, it } from 'vitest';
import { text, thinking, toolUse } from './blocks.js';
import { apiError, isErrorReply, reply } from './reply.js';
import { defaultSideReply } from './side-reply.js';
import { validateReply } from './validate-reply.js';

describe('builders', () => {
  it('should build blocks and replies', () => {
    expect(reply(text('a'), thinking('b', 'sig'), toolUse('Bash', { command: 'ls' }, 'toolu_1'))).toEqual({
      content: [
        { type: 'text', text: 'a' },
        { type: 'thinking', thinking: 'b', signature: 'sig' },
        { type: 'tool_use', name: 'Bash', input: { command: 'ls' }, id: 'toolu_1' },
      ],
    });
    expect(toolUse('Read')).toEqual({ type: 'tool_use', name: 'Read', input: {} });
    expect(apiError(529)).toEqual({ error: { status: 529 } });
    expect(apiError(429, { message: 'slow down', retryAfterSeconds: 2 })).toEqual({
      error: { status: 429, message: 'slow down' },
      retryAfterSeconds: 2,
    });
    expect(isErrorReply(apiError(500))).toBe(true);
    expect(isErrorReply(reply())).toBe(false);
  });

  it('should refuse bad builder arguments with a TypeError quoting them', () => {
    expect(() => text(3 as never)).toThrow(/3/);
    expect(() => thinking('x', 5 as never)).toThrow(TypeError);
    expect(() => toolUse('', {})).toThrow(/""/);
    expect(() => toolUse('Bash', [] as never)).toThrow(/\[\]/);
    expect(() => toolUse('Bash', {}, '')).toThrow(TypeError);
    expect(() => apiError(200)).toThrow(/200/);
    expect(() => apiError(429.5)).toThrow(TypeError);
  });
});

describe('validateReply', () => {
  it('should accept well-formed replies', () => {
    const good = {
      content: [text('a')],
      stopReason: 'end_turn',
      usage: { output_tokens: 3 },
      delayMs: 0,
      chunkDelayMs: 5,
    };
    expect(validateReply(good, 'r')).toBe(good);
    expect(
      validateReply({ error: { status: 529, type: 'overloaded_error' }, retryAfterSeconds: 0 }, 'r'),
    ).toBeTruthy();
  });

  it.each([
    [null, /r must be a reply object/],
    [{}, /needs a content array or an error/],
    [{ content: [{ type: 'text' }] }, /r\.content\[0\]\.text/],
    [{ content: [{ type: 'tool_use', name: 'x', input: 'no' }] }, /r\.content\[0\]\.input/],
    [{ content: [{ type: 'tool_use', name: '', input: {} }] }, /r\.content\[0\]\.name/],
    [{ content: [{ type: 'thinking', thinking: 'x', signature: 1 }] }, /signature/],
    [{ content: [], stopReason: 'done' }, /"done"/],
    [{ content: [], usage: { output_tokens: -1 } }, /usage\.output_tokens/],
    [{ content: [], chunkDelayMs: Number.NaN }, /chunkDelayMs/],
    [{ content: [], delayMs: 1e12 }, /delayMs/],
    [{ content: [], model: 5 }, /model/],
    [{ error: 'x' }, /r\.error must be an object/],
    [{ error: { status: 302 } }, /302/],
    [{ error: { status: 500, message: 1 } }, /message/],
    [{ error: { status: 500 }, retryAfterSeconds: -2 }, /-2/],
  ])('should refuse %j', (value, message) => {
    expect(() => validateReply(value, 'r')).toThrow(message);
  });
});

describe('defaultSideReply', () => {
  it('should answer a JSON-schema request with a matching JSON text and others with a short text', () => {
    const schema = {
      type: 'object',
      properties: {
        title: { type: 'string' },
        n: { type: 'integer' },
        ok: { type: 'boolean' },
        tags: { type: 'array' },
        mood: { enum: ['calm', 'busy'] },
        nested: { type: 'object', properties: { x: { type: ['number', 'null'] } } },
      },
    };
    const request = { body: { output_config: { format: { type: 'json_schema', schema } } } } as never;
    const answer = defaultSideReply(request).content[0];
    expect(answer?.type === 'text' && JSON.parse(answer.text)).toEqual({
      title: 'Scripted session',
      n: 0,
      ok: false,
      tags: [],
      mood: 'calm',
      nested: { x: 0 },
    });
    expect(defaultSideReply({ body: { messages: [] } } as never)).toEqual({
      content: [{ type: 'text', text: 'OK' }],
    });
  });
});
