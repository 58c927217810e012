import { describe, expect, it } from 'vitest';
import { closeCodeForExit, DIRECT_CONNECT_CLOSE_CODES, exitCodeFromCloseCode } from './close-codes.js';
import { isEndOfInputFrame } from './end-of-input.js';

describe('close codes', () => {
  it('should carry exit codes 1..255 as 4001..4255 and read them back', () => {
    for (const exitCode of [1, 2, 127, 255]) {
      expect(exitCodeFromCloseCode(closeCodeForExit(exitCode))).toBe(exitCode);
    }
  });

  it('should read no exit code from the other close codes', () => {
    for (const code of Object.values(DIRECT_CONNECT_CLOSE_CODES))
      expect(exitCodeFromCloseCode(code)).toBeUndefined();
    expect(exitCodeFromCloseCode(4256)).toBeUndefined();
  });

  it('should refuse exit codes outside 1..255', () => {
    for (const bad of [0, 256, -1, 1.5]) expect(() => closeCodeForExit(bad)).toThrow(RangeError);
  });

  it('should tell the zero-byte end-of-input frame from data', () => {
    expect(isEndOfInputFrame(new Uint8Array(0))).toBe(true);
    expect(isEndOfInputFrame(Buffer.from('\n'))).toBe(false);
  });
});
