import { sep } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compileProgram, copyDir, copyVersion, PROGRAM_FILE, type SdkCopy } from './compile-program.js';

/** Whether `file` lies inside the real folder of `copy`. */
function inside(copy: SdkCopy, file: string | undefined): boolean {
  return file?.startsWith(copyDir(copy) + sep) === true;
}

/** The folder of our built declarations that import the Anthropic SDK. */
const OUR_DECLARATIONS = `${sep}packages${sep}control-protocol${sep}dist${sep}`;

describe.each<SdkCopy>(['anthropic-sdk-lowest', 'anthropic-sdk-newest'])(
  'content blocks both ways with the user having %s',
  (copy) => {
    it(`should compile, every Anthropic SDK type coming from that one copy`, () => {
      const { errors, resolutions } = compileProgram({ program: copy, ours: copy });
      expect(errors).toEqual([]);
      // Our declarations did ask for the SDK, and got the user's copy, not one of their own.
      const ours = resolutions.filter((r) => r.from.includes(OUR_DECLARATIONS));
      expect(ours.length).toBeGreaterThan(0);
      expect(resolutions.filter((r) => r.from === PROGRAM_FILE).length).toBeGreaterThan(0);
      expect(resolutions.filter((r) => !inside(copy, r.to))).toEqual([]);
    });
  },
);

describe('two copies of the Anthropic SDK (what a dependency of our own would bring)', () => {
  it('should fail to compile the same program, so the one-copy result above is not an accident', () => {
    const lowest = copyVersion('anthropic-sdk-lowest');
    const newest = copyVersion('anthropic-sdk-newest');
    expect(lowest).not.toBe(newest);
    const { errors, resolutions } = compileProgram({
      program: 'anthropic-sdk-lowest',
      ours: 'anthropic-sdk-newest',
    });
    expect(resolutions.some((r) => inside('anthropic-sdk-newest', r.to))).toBe(true);
    expect(errors.length).toBeGreaterThan(0);
    expect(errors.every((e) => e.file === PROGRAM_FILE)).toBe(true);
    expect(errors.map((e) => e.text).join('\n')).toMatch(/is not assignable/);
  });
});
