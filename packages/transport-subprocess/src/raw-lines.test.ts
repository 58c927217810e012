import { ControlProtocolError } from '@ccsdk/control-protocol';
import { afterEach, describe, expect, it } from 'vitest';
import { FAKE_CLI, waitUntil } from './__fixtures__/support.js';
import { SubprocessTransportError } from './errors.js';
import { SubprocessTransport } from './subprocess-transport.js';
import type { SubprocessTransportOptions } from './transport-options.js';

const open: SubprocessTransport[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((t) => t.close()));
});

interface RawRecorder {
  lines: Buffer[];
  messages: unknown[];
  errors: Error[];
}

function rawFake(options: SubprocessTransportOptions = {}): {
  transport: SubprocessTransport;
  rec: RawRecorder;
} {
  const transport = new SubprocessTransport({
    pathToClaudeCodeExecutable: FAKE_CLI,
    closeGraceMs: 200,
    killAfterMs: 500,
    rawLines: true,
    ...options,
  });
  open.push(transport);
  const rec: RawRecorder = { lines: [], messages: [], errors: [] };
  // Copy: the test keeps the bytes and checks they were not changed afterwards either.
  transport.onrawline = (line) => rec.lines.push(Buffer.from(line));
  transport.onmessage = (message) => rec.messages.push(message);
  transport.onerror = (error) => rec.errors.push(error);
  return { transport, rec };
}

/** The line limit of the LINE_TOO_LONG test, in bytes. */
const MAX_LINE_BYTES = 4_096;

const texts = (rec: RawRecorder): string[] => rec.lines.map((line) => line.toString('utf8'));

describe('SubprocessTransport in raw-line mode', () => {
  it('should echo bytes unchanged both ways: bytes in = bytes out', async () => {
    const { transport, rec } = rawFake({ env: { FIXTURE_ECHO_STDIN: '1' } });
    await transport.start();
    await waitUntil(() => rec.lines.length === 1, 10_000, 'the init line');
    // Key order, spacing and escapes a JSON round trip would change; and text that is not JSON.
    const sent = [
      '{ "b":1,  "a":"\\u00e9",\t"n":1.0e2 }',
      'this line is not JSON {',
      '{"text":"caf\u00e9 \u{1f600} \u2028 end"}',
    ];
    await transport.sendRawLine(Buffer.from(sent[0] ?? '', 'utf8'));
    await transport.sendRawLine(sent[1] ?? '');
    await transport.sendRawLine(new TextEncoder().encode(sent[2]));
    await waitUntil(() => rec.lines.length === 4, 10_000, 'three echoed lines');
    expect(texts(rec).slice(1)).toEqual(sent);
    expect(Buffer.compare(rec.lines[3] as Buffer, Buffer.from(sent[2] ?? '', 'utf8'))).toBe(0);
    expect(rec.messages).toEqual([]);
    expect(rec.errors).toEqual([]);
  });

  it('should hand a line that is not JSON through untouched, with no onerror and no onmessage', async () => {
    const { transport, rec } = rawFake();
    await transport.start();
    await transport.send({ cmd: 'raw', text: 'plain text, not JSON {\r\n{"type":"after"}\n' });
    await waitUntil(() => rec.lines.length === 3, 10_000, 'two raw lines after init');
    expect(texts(rec).slice(1)).toEqual(['plain text, not JSON {', '{"type":"after"}']);
    expect(rec.errors).toEqual([]);
    expect(rec.messages).toEqual([]);
  });

  it('should keep a multibyte character whole when it straddles two reads', async () => {
    const { transport, rec } = rawFake();
    await transport.start();
    const line = Buffer.from('{"t":"\u{1f600}\u00e9"}\n', 'utf8');
    const cut = line.indexOf(0xf0) + 2; // inside the four bytes of U+1F600
    const chunks = [line.subarray(0, cut), line.subarray(cut)].map((c) => c.toString('base64'));
    await transport.send({ cmd: 'raw-chunks', chunks });
    await waitUntil(() => rec.lines.length === 2, 10_000, 'the split line');
    expect(Buffer.compare(rec.lines[1] as Buffer, line.subarray(0, -1))).toBe(0);
    expect(texts(rec)[1]).toBe('{"t":"\u{1f600}\u00e9"}');
  });

  it('should skip a line over maxLineBytes with LINE_TOO_LONG and keep reading', async () => {
    // The limit leaves room for the fake's init line, which holds the checkout's path twice.
    const { transport, rec } = rawFake({ maxLineBytes: MAX_LINE_BYTES });
    await transport.start();
    await transport.send({ cmd: 'raw', text: `${'y'.repeat(MAX_LINE_BYTES * 4)}\n{"type":"small"}\n` });
    await waitUntil(() => texts(rec).includes('{"type":"small"}'), 10_000, 'the small line');
    const tooLong = rec.errors.filter(
      (e) => ControlProtocolError.isInstance(e) && e.code === 'LINE_TOO_LONG',
    );
    expect(tooLong).toHaveLength(1);
    expect(rec.lines.every((line) => line.length <= MAX_LINE_BYTES)).toBe(true);
  });

  it('should report an unterminated last fragment as TRUNCATED_LINE and not deliver it', async () => {
    const { transport, rec } = rawFake();
    const closed = new Promise<void>((resolve) => {
      transport.onclose = () => resolve();
    });
    await transport.start();
    await transport.send({ cmd: 'raw', text: '{"type":"cut' });
    await transport.send({ cmd: 'exit', code: 0 });
    await closed;
    expect(texts(rec).some((t) => t.includes('cut'))).toBe(false);
    expect(rec.errors).toContainEqual(expect.objectContaining({ code: 'TRUNCATED_LINE' }));
  });

  it('should report a throwing onrawline as HANDLER_FAILED and go on', async () => {
    const { transport, rec } = rawFake();
    let calls = 0;
    transport.onrawline = (line) => {
      calls += 1;
      if (calls === 1) throw new Error('consumer failed');
      rec.lines.push(Buffer.from(line));
    };
    await transport.start();
    await transport.sendRawLine('{"cmd":"echo","value":1}');
    await waitUntil(() => rec.lines.length === 1, 10_000, 'the echo after the failure');
    expect(JSON.parse(texts(rec)[0] ?? '')).toEqual({ type: 'echo', value: 1 });
    expect(rec.errors).toContainEqual(expect.objectContaining({ code: 'HANDLER_FAILED' }));
  });

  it('should keep sendRawLine() and send() in one ordered queue', async () => {
    const { transport, rec } = rawFake();
    await transport.start();
    const writes: Array<Promise<void>> = [];
    for (let i = 0; i < 40; i++) {
      writes.push(
        i % 2 === 0
          ? transport.sendRawLine(`{"cmd":"echo","value":${i}}`)
          : transport.send({ cmd: 'echo', value: i }),
      );
    }
    await Promise.all(writes);
    await waitUntil(() => rec.lines.length === 41, 10_000, 'forty echoes');
    const values = texts(rec)
      .slice(1)
      .map((t) => (JSON.parse(t) as { value: number }).value);
    expect(values).toEqual([...Array(40).keys()]);
  });

  it('should refuse bad lines and follow the closed-state rules of send()', async () => {
    const idle = new SubprocessTransport({ pathToClaudeCodeExecutable: FAKE_CLI, rawLines: true });
    await expect(idle.sendRawLine('{}')).rejects.toMatchObject({ code: 'NOT_STARTED' });
    const { transport } = rawFake();
    await transport.start();
    await expect(transport.sendRawLine('a\nb')).rejects.toBeInstanceOf(TypeError);
    await expect(transport.sendRawLine(new Uint8Array([0x61, 0x0a]))).rejects.toBeInstanceOf(TypeError);
    await expect(transport.sendRawLine(42 as unknown as string)).rejects.toThrow(/got number 42/);
    await transport.endInput();
    const ended = await transport.sendRawLine('{}').catch((e: unknown) => e);
    expect(SubprocessTransportError.isInstance(ended) && ended.code).toBe('INPUT_ENDED');
    await transport.close();
    await expect(transport.sendRawLine('{}')).rejects.toMatchObject({ code: 'TRANSPORT_CLOSED' });
  });

  it('should validate rawLines eagerly', () => {
    expect(() => new SubprocessTransport({ rawLines: 'yes' as unknown as boolean })).toThrow(
      /rawLines: expected a boolean, got "yes"/,
    );
  });
});
