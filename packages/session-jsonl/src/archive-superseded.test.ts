import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeTempConfig, type TempConfig } from '../test/helpers.js';
import { hasPromptAfter } from './archive-superseded.js';
import { LITE_READ_BYTES } from './limits.js';

let temp: TempConfig;
beforeEach(() => {
  temp = makeTempConfig();
});
afterEach(() => temp.cleanup());

const AT = Date.parse('2026-05-01T11:00:00.000Z');
const prompt = (timestamp: string, extra: object = {}) =>
  JSON.stringify({ type: 'user', message: { role: 'user', content: 'hi' }, timestamp, ...extra });
const write = (body: string) => {
  const path = join(temp.root, 't.jsonl');
  writeFileSync(path, body);
  return path;
};

describe('hasPromptAfter', () => {
  it('should see a later human prompt or queued command, and nothing else', () => {
    expect(hasPromptAfter(write(`${prompt('2026-05-01T12:00:00.000Z')}\n`), AT)).toBe(true);
    expect(hasPromptAfter(write(`${prompt('2026-05-01T10:00:00.000Z')}\n`), AT)).toBe(false);
    expect(hasPromptAfter(write(`${prompt('2026-05-01T12:00:00.000Z', { isMeta: true })}\n`), AT)).toBe(
      false,
    );
    const result = JSON.stringify({
      type: 'user',
      message: { role: 'user', content: [{ type: 'tool_result', tool_use_id: 't', content: 'x' }] },
      timestamp: '2026-05-01T12:00:00.000Z',
    });
    expect(hasPromptAfter(write(`${result}\n`), AT)).toBe(false);
    const queued = JSON.stringify({
      type: 'attachment',
      attachment: { type: 'queued_command', prompt: 'q' },
      timestamp: '2026-05-01T12:00:00.000Z',
    });
    expect(hasPromptAfter(write(`${queued}\n`), AT)).toBe(true);
  });

  it('should skip malformed, truncated and hostile lines and never throw', () => {
    const body = [
      '{"type":"user","timestamp":"2026-05-01T12:00:00.000Z","message":',
      'garbage \u0000\u2028',
      '[1,2,3]',
      prompt('not a time'),
      JSON.stringify({ type: 'user', message: null, timestamp: '2026-05-01T12:00:00.000Z' }),
      '',
    ].join('\n');
    expect(hasPromptAfter(write(body), AT)).toBe(false);
    expect(hasPromptAfter(join(temp.root, 'missing.jsonl'), AT)).toBe(false);
    expect(hasPromptAfter(temp.root, AT)).toBe(false);
  });

  it('should find the later prompt in the tail of a long transcript, past a cut first tail line', () => {
    const filler = JSON.stringify({ type: 'progress', data: 'z'.repeat(3 * LITE_READ_BYTES) });
    const body = `${prompt('2026-05-01T09:00:00.000Z')}\n${filler}\n${prompt('2026-05-01T12:00:00.000Z')}\n`;
    expect(hasPromptAfter(write(body), AT)).toBe(true);
    const noLater = `${prompt('2026-05-01T09:00:00.000Z')}\n${filler}\n${prompt('2026-05-01T10:00:00.000Z')}\n`;
    expect(hasPromptAfter(write(noLater), AT)).toBe(false);
  });
});
