import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hookOutputToWire } from './hook-output-to-wire.js';

describe('hookOutputToWire', () => {
  it('should rename async_ and continue_ and leave every other field as it is', () => {
    const nested = { hookEventName: 'PreToolUse', permissionDecision: 'deny', continue_: 'kept' };
    expect(hookOutputToWire({ continue_: false, stopReason: 'stop', hookSpecificOutput: nested })).toEqual({
      continue: false,
      stopReason: 'stop',
      hookSpecificOutput: nested,
    });
    expect(hookOutputToWire({ async_: true, asyncTimeout: 30 })).toEqual({ async: true, asyncTimeout: 30 });
  });

  it('should pass the official spellings through and map undefined to an empty answer', () => {
    expect(hookOutputToWire({ continue: true, async: true })).toEqual({ continue: true, async: true });
    expect(hookOutputToWire(undefined)).toEqual({});
  });

  it('should not touch the caller object', () => {
    const output = { continue_: true };
    hookOutputToWire(output);
    expect(output).toEqual({ continue_: true });
  });

  it.each([
    ['null', null],
    ['a string', 'allow'],
    ['an array', [{ continue: true }]],
    ['both spellings', { continue: true, continue_: false }],
  ])('should throw a TypeError for %s', (_name, output) => {
    expect(() => hookOutputToWire(output)).toThrow(TypeError);
  });

  it('should change only the two alias keys for any output', () => {
    const key = fc
      .string()
      .filter((k) => !['async_', 'continue_', 'async', 'continue', '__proto__'].includes(k));
    fc.assert(
      fc.property(fc.dictionary(key, fc.jsonValue()), fc.boolean(), (fields, flag) => {
        const wire = hookOutputToWire({ ...fields, continue_: flag });
        expect(wire).toEqual({ ...fields, continue: flag });
        expect(Object.hasOwn(wire, 'continue_')).toBe(false);
      }),
    );
  });
});
