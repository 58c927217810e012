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

  // Which later entries unarchive a session: each was run on the official SDK 0.3.332 (the
  // side-by-side probes behind tooling/bench/src/session-read-parity.property.test.ts).
  const LATER = '2026-05-01T12:00:00.000Z';
  const image = { type: 'image', source: {} };
  const text = (value: unknown) => ({ type: 'text', text: value });
  const typed = text('<command-message>review</command-message>\n<command-name>/review</command-name>');
  /** Whether the session archived at `AT` counts as unarchived by this one entry, stamped `LATER`. */
  const promptAfter = (entry: object) =>
    hasPromptAfter(write(`${JSON.stringify({ ...entry, timestamp: LATER })}\n`), AT);
  it.each<[string, unknown, object, boolean]>([
    ['text', 'fix it', {}, true],
    ['blank text', ' \n ', {}, false],
    ['no blocks', [], {}, false],
    ['a `! ` command', '<bash-input>ls</bash-input>', {}, true],
    ['a slash command written <command-name> first', '<command-name>/init</command-name>', {}, false],
    ['a slash command a person typed (<command-message> first)', typed.text, {}, true],
    ['context the CLI added', '<system-reminder>r</system-reminder> then text', {}, false],
    ['an interruption notice', '[Request interrupted by user]', {}, false],
    ['an image', [image], {}, true],
    ['an image beside a block without a type', [image, {}], {}, false],
    ['an image beside null', [image, null], {}, false],
    ['an image beside a thinking block', [{ type: 'thinking', thinking: 'h' }, image], {}, true],
    ['a typed command beside null', [typed, null], {}, false],
    ['text beside null', [text('x'), null], {}, true],
    ['meta, any truthy value', 'fix it', { isMeta: 'yes' }, false],
    ['a compaction summary, any truthy value', 'fix it', { isCompactSummary: 1 }, false],
    ["a subagent's, any truthy value", 'fix it', { isSidechain: 'true' }, false],
  ])('should take a later user entry of %s as a prompt: %s', (_, content, flags, expected) => {
    expect(promptAfter({ type: 'user', message: { role: 'user', content }, ...flags })).toBe(expected);
  });

  it.each<[string, unknown, object, boolean]>([
    ['a text prompt', 'q', {}, true],
    ['a blank prompt', ' ', {}, false],
    ['no prompt', undefined, {}, false],
    ['blocks', [text('queued')], {}, true],
    ['a slash command written <command-name> first', '<command-name>/x</command-name>', {}, false],
    ['a meta attachment', 'q', { isMeta: true }, true],
    ["a subagent's", 'q', { isSidechain: true }, false],
  ])('should take a later queued command with %s as a prompt: %s', (_, prompt, flags, expected) => {
    expect(
      promptAfter({ type: 'attachment', attachment: { type: 'queued_command', prompt }, ...flags }),
    ).toBe(expected);
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
