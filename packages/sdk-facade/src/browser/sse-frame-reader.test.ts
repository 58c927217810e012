import { describe, expect, it } from 'vitest';
import { type SseFrame, SseFrameReader } from './sse-frame-reader.js';

function read(chunks: readonly string[], maxFrameChars = 1 << 20): { frames: SseFrame[]; oversized: number } {
  const frames: SseFrame[] = [];
  let oversized = 0;
  const reader = new SseFrameReader({
    maxFrameChars,
    onFrame: (frame) => frames.push(frame),
    onOversized: () => {
      oversized += 1;
    },
  });
  for (const chunk of chunks) reader.push(chunk);
  reader.end();
  return { frames, oversized };
}

const STREAM =
  ': hello\nevent: client_event\nid: s1:1\ndata: {"a":1}\n\nevent: ephemeral\ndata: line one\ndata: line two\n\n';

describe('SseFrameReader', () => {
  it('reads event, id, multi-line data and skips comments', () => {
    expect(read([STREAM]).frames).toEqual([
      { event: 'client_event', data: '{"a":1}', id: 's1:1' },
      { event: 'ephemeral', data: 'line one\nline two', id: undefined },
    ]);
  });

  it.each([
    ['CRLF', '\r\n'],
    ['CR', '\r'],
    ['LF', '\n'],
  ])('reads %s line ends, split at every offset', (_name, eol) => {
    const text = STREAM.replaceAll('\n', eol);
    const whole = read([text]).frames;
    expect(whole).toHaveLength(2);
    for (let cut = 0; cut <= text.length; cut += 1) {
      expect(read([text.slice(0, cut), text.slice(cut)]).frames).toEqual(whole);
    }
    expect(read([...text]).frames).toEqual(whole);
  });

  it('dispatches nothing for a frame without data and defaults the event name to message', () => {
    expect(read(['event: x\n\ndata\n\nid: 7\n\n']).frames).toEqual([
      { event: 'message', data: '', id: undefined },
    ]);
  });

  it('ignores an id holding a NUL and drops a frame the stream cut before its blank line', () => {
    expect(read(['id: a\0b\ndata: 1\n\ndata: 2\n']).frames).toEqual([
      { event: 'message', data: '1', id: undefined },
    ]);
  });

  it('drops an oversized frame whole, counts it, and reads the next one', () => {
    const big = `data: ${'x'.repeat(200)}\n\n`;
    const { frames, oversized } = read(
      [big, 'data: after\n\n', `data: ${'y'.repeat(60)}\ndata: ${'y'.repeat(60)}\n\n`],
      100,
    );
    expect(oversized).toBe(2);
    expect(frames).toEqual([{ event: 'message', data: 'after', id: undefined }]);
  });

  it('bounds a line that never ends', () => {
    const { frames, oversized } = read(
      ['data: ', ...Array.from({ length: 50 }, () => 'z'.repeat(10)), '\n\ndata: ok\n\n'],
      100,
    );
    expect(oversized).toBe(1);
    expect(frames.map((f) => f.data)).toEqual(['ok']);
  });
});
