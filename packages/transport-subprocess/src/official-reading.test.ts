import { describe, expect, it } from 'vitest';
import { readAsOfficial } from './official-reading.js';
import { SubprocessTransport } from './subprocess-transport.js';

describe('readAsOfficial', () => {
  it('should drop the empty values the official SDK skips, without changing the input', () => {
    const given = {
      cwd: '',
      pathToClaudeCodeExecutable: '',
      executable: '',
      model: 'm',
      persistSession: false,
    };
    const read = readAsOfficial(given);
    expect(read).toEqual({ model: 'm', persistSession: false });
    expect(given.cwd).toBe('');
  });

  it('should give back the same object when there is nothing to read differently', () => {
    const given = { model: 'm', includePartialMessages: true, maxTurns: 2 };
    expect(readAsOfficial(given)).toBe(given);
  });

  it('should let the transport start from an empty cwd or CLI path as if unset', () => {
    expect(() => new SubprocessTransport({ cwd: '', pathToClaudeCodeExecutable: '' })).not.toThrow();
  });
});
