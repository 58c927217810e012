import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeTempConfig, type TempConfig, uuid } from '../test/helpers.js';
import { SMALL_FILE_MAX_BYTES, TITLE_SIDECAR_MAX_CHARS } from './limits.js';
import { cleanSidecarTitle, readTitleSidecar, TITLE_SIDECAR_FILE } from './title-sidecar.js';

let temp: TempConfig;
beforeEach(() => {
  temp = makeTempConfig();
});
afterEach(() => temp.cleanup());

const S = uuid(1);
function sidecar(body: string | Buffer): string {
  const folder = join(temp.projectsDir, '-p', S);
  mkdirSync(folder, { recursive: true });
  writeFileSync(join(folder, TITLE_SIDECAR_FILE), body);
  return join(temp.projectsDir, '-p');
}

describe('readTitleSidecar', () => {
  it('should read a customTitle, cleaned', () => {
    expect(readTitleSidecar(sidecar('{"customTitle":"  a\\u0000b\\tc  "}'), S)).toBe('a b c');
  });

  it('should give undefined for missing, malformed, truncated, oversized, hostile or unusable sidecars', () => {
    expect(readTitleSidecar(join(temp.projectsDir, '-none'), S)).toBeUndefined();
    for (const body of [
      '{"customTitle":',
      'not json',
      '"a string"',
      'null',
      '[]',
      '{"customTitle":42}',
      '{"customTitle":"   "}',
      '{"title":"other key"}',
      Buffer.from([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x7d]),
      `{"customTitle":"${'x'.repeat(SMALL_FILE_MAX_BYTES)}"}`,
    ]) {
      expect(readTitleSidecar(sidecar(body), S)).toBeUndefined();
    }
    const folder = join(temp.projectsDir, '-dir', S, TITLE_SIDECAR_FILE);
    mkdirSync(folder, { recursive: true });
    expect(readTitleSidecar(join(temp.projectsDir, '-dir'), S)).toBeUndefined();
  });

  it('should keep any cleaned title free of control characters, trimmed and within the limit', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 400 }), (raw) => {
        const title = cleanSidecarTitle(raw);
        if (title === undefined) return;
        expect(title.length).toBeGreaterThan(0);
        expect(title.length).toBeLessThanOrEqual(TITLE_SIDECAR_MAX_CHARS);
        expect(title).toBe(title.trim());
        expect(/[\u0000-\u001f\u007f-\u009f]/.test(title)).toBe(false);
      }),
    );
    expect(cleanSidecarTitle(`${'a'.repeat(TITLE_SIDECAR_MAX_CHARS - 1)}\u{1f600}`)).toBe(
      'a'.repeat(TITLE_SIDECAR_MAX_CHARS - 1),
    );
  });
});
