import { describe, expect, it } from 'vitest';
import { HOOK_EVENTS } from '../constants.js';
import { normalizeHooks } from './normalize-hooks.js';

const noop = async () => ({});

describe('normalizeHooks', () => {
  it('should flatten matchers in the caller order with null for a missing matcher', () => {
    const other = async () => ({});
    const result = normalizeHooks({
      PreToolUse: [{ matcher: 'Bash', hooks: [noop, other] }, { hooks: [noop] }],
      Stop: [{ hooks: [noop], timeoutMs: 1500 }],
    });
    expect(
      result.map((m) => [m.event, m.matcher, m.callbacks.length, m.timeoutMs, m.wireTimeoutSeconds]),
    ).toEqual([
      ['PreToolUse', 'Bash', 2, undefined, undefined],
      ['PreToolUse', null, 1, undefined, undefined],
      ['Stop', null, 1, 1500, 1.5],
    ]);
    expect(result[0]?.callbacks[1]).toBe(other);
  });

  it('should keep the official timeout in seconds on the wire and enforce it in ms', () => {
    const [matcher] = normalizeHooks({ Stop: [{ hooks: [noop], timeout: 1.1 }] });
    expect(matcher?.wireTimeoutSeconds).toBe(1.1);
    expect(matcher?.timeoutMs).toBeCloseTo(1100, 6);
  });

  it('should accept every event of HOOK_EVENTS and nothing else', () => {
    const all = Object.fromEntries(HOOK_EVENTS.map((event) => [event, [{ hooks: [noop] }]]));
    expect(normalizeHooks(all).map((m) => m.event)).toEqual([...HOOK_EVENTS]);
    expect(() => normalizeHooks({ PreToolUse: [], preToolUse: [{ hooks: [noop] }] })).toThrow(
      /unknown event "preToolUse"/,
    );
  });

  it('should treat undefined, null, {} and undefined event entries as no hooks', () => {
    expect(normalizeHooks(undefined)).toEqual([]);
    expect(normalizeHooks(null)).toEqual([]);
    expect(normalizeHooks({})).toEqual([]);
    expect(normalizeHooks({ Stop: undefined })).toEqual([]);
  });

  it.each([
    ['a non-object', 'PreToolUse', /options\.hooks must be an object.*"PreToolUse"/],
    ['an array', [], /options\.hooks must be an object.*an array of 0/],
    [
      'an event entry that is not an array',
      { Stop: { hooks: [noop] } },
      /options\.hooks\.Stop must be an array/,
    ],
    [
      'a matcher that is not an object',
      { Stop: [noop] },
      /options\.hooks\.Stop\[0\] must be a matcher object.*got a function \(noop\)/,
    ],
    ['a non-string matcher', { Stop: [{ matcher: 3, hooks: [noop] }] }, /\.matcher must be a string, got 3/],
    ['missing hooks', { Stop: [{ matcher: 'x' }] }, /\.hooks must be an array of functions, got undefined/],
    [
      'a hook that is not a function',
      { Stop: [{ hooks: [noop, 'later'] }] },
      /\.hooks\[1\] must be a function, got "later"/,
    ],
    ['an unknown matcher field', { Stop: [{ hooks: [noop], timeoutMS: 5 }] }, /unknown field "timeoutMS"/],
    [
      'a zero timeoutMs',
      { Stop: [{ hooks: [noop], timeoutMs: 0 }] },
      /timeoutMs must be a positive number of milliseconds.*got 0/,
    ],
    [
      'a NaN timeout',
      { Stop: [{ hooks: [noop], timeout: Number.NaN }] },
      /timeout must be a positive number of seconds.*got NaN/,
    ],
    [
      'a string timeout',
      { Stop: [{ hooks: [noop], timeout: '30' }] },
      /timeout must be a positive number of seconds.*got "30"/,
    ],
    [
      'a timeoutMs past a timer range',
      { Stop: [{ hooks: [noop], timeoutMs: 2 ** 31 }] },
      /up to 2147483647, got 2147483648/,
    ],
    [
      'both timeout and timeoutMs',
      { Stop: [{ hooks: [noop], timeout: 1, timeoutMs: 1000 }] },
      /both timeout \(1 s\) and timeoutMs \(1000 ms\)/,
    ],
    [
      'a bad onFailure',
      { Stop: [{ hooks: [noop], onFailure: 'deny' }] },
      /onFailure must be 'continue' or 'block', got "deny"/,
    ],
  ])('should throw a TypeError for %s', (_name, hooks, message) => {
    expect(() => normalizeHooks(hooks)).toThrow(TypeError);
    expect(() => normalizeHooks(hooks)).toThrow(message);
  });
});
