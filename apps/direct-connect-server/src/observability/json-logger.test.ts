import { describe, expect, it } from 'vitest';
import { createJsonLogger } from './json-logger.js';

function capture(minLevel?: 'debug' | 'info' | 'warn' | 'error'): {
  lines: string[];
  log: ReturnType<typeof createJsonLogger>;
} {
  const lines: string[] = [];
  return { lines, log: createJsonLogger((line) => lines.push(line), minLevel) };
}

describe('createJsonLogger', () => {
  it('should write one JSON line with level name, ISO time, event and fields, synchronously', () => {
    const { lines, log } = capture();
    log({ level: 'info', event: 'session.created', sessionId: 's1', count: 2 });
    expect(lines).toHaveLength(1);
    expect(lines[0]?.endsWith('\n')).toBe(true);
    const entry = JSON.parse(lines[0] as string);
    expect(entry).toMatchObject({ level: 'info', event: 'session.created', sessionId: 's1', count: 2 });
    expect(new Date(entry.time).toISOString()).toBe(entry.time);
    expect(entry).not.toHaveProperty('pid');
    expect(entry).not.toHaveProperty('hostname');
  });

  it('should drop entries below the minimum level', () => {
    const { lines, log } = capture('warn');
    log({ level: 'debug', event: 'a' });
    log({ level: 'info', event: 'b' });
    log({ level: 'warn', event: 'c' });
    log({ level: 'error', event: 'd' });
    expect(lines.map((line) => JSON.parse(line).event)).toEqual(['c', 'd']);
  });

  it('should write errors as name, message and code, with their cause, and no stack unless debug', () => {
    const { lines, log } = capture();
    const cause = Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' });
    log({ level: 'error', event: 'x', error: new TypeError('bad', { cause }) });
    const entry = JSON.parse(lines[0] as string);
    expect(entry.error).toEqual({
      name: 'TypeError',
      message: 'bad',
      cause: { name: 'Error', message: 'socket hang up', code: 'ECONNRESET' },
    });
    const debug = capture('debug');
    debug.log({ level: 'error', event: 'x', error: new Error('boom') });
    expect(JSON.parse(debug.lines[0] as string).error.stack).toContain('boom');
  });

  it('should keep a line one line when a field holds newlines', () => {
    const { lines, log } = capture();
    log({ level: 'info', event: 'x', text: 'a\nb\r\n"c"' });
    expect(lines[0]?.slice(0, -1)).not.toMatch(/[\r\n]/);
    expect(JSON.parse(lines[0] as string).text).toBe('a\nb\r\n"c"');
  });
});
