import { chmodSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ControlProtocolError } from '@ccsdk/control-protocol';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { FAKE_CLI, isRunning, type Recorder, record, waitUntil } from './__fixtures__/support.js';
import { liveGroupCount } from './child-registry.js';
import { ProcessExitError, SubprocessTransportError } from './errors.js';
import { SubprocessTransport } from './subprocess-transport.js';
import type { SubprocessTransportOptions } from './transport-options.js';

const scratch = mkdtempSync(path.join(tmpdir(), 'ccsdk-transport-'));
const open: SubprocessTransport[] = [];

afterEach(async () => {
  await Promise.all(open.splice(0).map((t) => t.close()));
});
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function fake(options: SubprocessTransportOptions = {}): { transport: SubprocessTransport; rec: Recorder } {
  const transport = new SubprocessTransport({
    pathToClaudeCodeExecutable: FAKE_CLI,
    closeGraceMs: 200,
    killAfterMs: 500,
    ...options,
  });
  open.push(transport);
  return { transport, rec: record(transport) };
}

async function rejection(promise: Promise<unknown>): Promise<SubprocessTransportError> {
  try {
    await promise;
  } catch (error) {
    return error as SubprocessTransportError;
  }
  throw new Error('expected a rejection');
}

describe('SubprocessTransport with a fake CLI', () => {
  it('should pass the built argv and exchange JSON lines both ways', async () => {
    const { transport, rec } = fake({ model: 'claude-test', resume: 'abc' });
    await transport.start();
    expect(transport.pid).toBeGreaterThan(0);
    const init = await rec.next('system');
    expect(init.argv).toEqual([
      '--output-format',
      'stream-json',
      '--verbose',
      '--system-prompt',
      '',
      '--model',
      'claude-test',
      '--resume=abc',
      '--input-format',
      'stream-json',
    ]);
    const values = [{ a: 1 }, 'line\u2028separator\u2029inside', 'emoji 😀 and newline\n', [1, null, true]];
    for (const value of values) await transport.send({ cmd: 'echo', value });
    await waitUntil(() => rec.messages.filter((m) => m.type === 'echo').length === values.length);
    expect(rec.messages.filter((m) => m.type === 'echo').map((m) => m.value)).toEqual(values);
    expect(rec.errors).toEqual([]);
  });

  it('should build the environment: entry point, version, no CLAUDECODE, caller env, PWD', async () => {
    const cwd = realpathSync(mkdtempSync(path.join(scratch, 'cwd-')));
    const previous = process.env.CLAUDECODE;
    process.env.CLAUDECODE = '1';
    try {
      const { transport, rec } = fake({ cwd, env: { FIXTURE_CUSTOM: 'yes' } });
      await transport.start();
      const init = await rec.next('system');
      expect(init.cwd).toBe(cwd);
      expect(init.env).toMatchObject({
        CLAUDE_CODE_ENTRYPOINT: 'sdk-ts',
        CLAUDE_AGENT_SDK_VERSION: expect.any(String),
        CLAUDECODE: null,
        PWD: cwd,
        FIXTURE_CUSTOM: 'yes',
      });
    } finally {
      if (previous === undefined) delete process.env.CLAUDECODE;
      else process.env.CLAUDECODE = previous;
    }
  });

  it('should keep concurrent sends in order', async () => {
    const { transport, rec } = fake();
    await transport.start();
    const sends = Array.from({ length: 200 }, (_, i) =>
      transport.send({ cmd: 'echo', value: `${i}:${'x'.repeat((i * 7919) % 20_000)}` }),
    );
    await Promise.all(sends);
    await waitUntil(() => rec.messages.filter((m) => m.type === 'echo').length === 200);
    const order = rec.messages
      .filter((m) => m.type === 'echo')
      .map((m) => Number(String(m.value).split(':')[0]));
    expect(order).toEqual(Array.from({ length: 200 }, (_, i) => i));
  });

  it('should resolve send() only once a large write has drained', async () => {
    const { transport, rec } = fake({ env: { FIXTURE_HOLD_STDIN: '1' } });
    await transport.start();
    await rec.next('holding');
    let resolved = false;
    const big = 'y'.repeat(4 * 1024 * 1024);
    const sending = transport.send({ cmd: 'length', value: big }).then(() => {
      resolved = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(resolved).toBe(false);
    process.kill(transport.pid as number, 'SIGUSR1');
    await sending;
    expect(resolved).toBe(true);
    expect((await rec.next('length')).bytes).toBe(JSON.stringify(big).length);
  });

  it('should report a stdout line that is not JSON through onerror and keep reading', async () => {
    const { transport, rec } = fake();
    await transport.start();
    await transport.send({ cmd: 'raw', text: '[SandboxDebug] not json\n{"type":"after"}\n' });
    await rec.next('after');
    expect(rec.errors).toHaveLength(1);
    expect(ControlProtocolError.isInstance(rec.errors[0])).toBe(true);
    expect((rec.errors[0] as ControlProtocolError).code).toBe('INVALID_JSON_LINE');
  });

  it('should skip a line over maxLineBytes with LINE_TOO_LONG and keep reading', async () => {
    const { transport, rec } = fake({ maxLineBytes: 1000 });
    await transport.start();
    await transport.send({ cmd: 'echo', value: 'z'.repeat(5000) });
    await transport.send({ cmd: 'echo', value: 'small' });
    await waitUntil(() => rec.messages.some((m) => m.value === 'small'));
    expect(rec.messages.filter((m) => m.type === 'echo').map((m) => m.value)).toEqual(['small']);
    expect((rec.errors[0] as ControlProtocolError).code).toBe('LINE_TOO_LONG');
  });

  it('should hand stderr to the callback in whole lines with their line breaks and keep a bounded tail', async () => {
    const lines: string[] = [];
    const { transport } = fake({
      stderrTailBytes: 64,
      stderr: (data) => {
        lines.push(data);
        if (data === 'throw\n') throw new Error('callback failure is swallowed');
      },
    });
    await transport.start();
    await transport.send({ cmd: 'stderr-split', first: 'first half ', second: 'second half\nthrow\n' });
    await waitUntil(() => lines.length === 2);
    for (let i = 0; i < 20; i++) await transport.send({ cmd: 'stderr', text: `line number ${i}\n` });
    await waitUntil(() => lines.length === 22);
    expect(lines.slice(0, 3)).toEqual(['first half second half\n', 'throw\n', 'line number 0\n']);
    expect(Buffer.byteLength(transport.stderrTail)).toBeLessThanOrEqual(64);
    expect(transport.stderrTail.endsWith('line number 19\n')).toBe(true);
    expect(transport.stderrTail).not.toContain('line number 0\n');
  });

  it('should keep multibyte text whole at the cut of the stderr tail', async () => {
    const { transport } = fake({ stderrTailBytes: 9 });
    await transport.start();
    await transport.send({ cmd: 'stderr', text: 'ééééé\n' });
    await waitUntil(() => transport.stderrTail.includes('\n'));
    expect(transport.stderrTail).toBe('éééé\n');
  });

  it('should report exit code 3 as ProcessExitError carrying the stderr tail', async () => {
    const { transport, rec } = fake();
    await transport.start();
    await transport.send({ cmd: 'stderr', text: 'fatal: settings file is broken\n' });
    await transport.send({ cmd: 'exit', code: 3 });
    const info = await rec.closed;
    expect(info.error).toBeInstanceOf(ProcessExitError);
    const error = info.error as ProcessExitError;
    expect(error.code).toBe('PROCESS_EXITED');
    expect(error.exitCode).toBe(3);
    expect(error.signal).toBeNull();
    expect(error.stderrTail).toContain('fatal: settings file is broken');
    expect(error.message).toContain('fatal: settings file is broken');
    expect(transport.exitCode).toBe(3);
    // A later write is refused with the reason: the same ProcessExitError.
    expect(await rejection(transport.send({ cmd: 'echo' }))).toBe(error);
    expect(await rejection(transport.sendRawLine('{}'))).toBe(error);
    await transport.close();
    expect(rec.closes).toHaveLength(1);
  });

  it('should reject a write that races the exit of a CLI that dies at once with its ProcessExitError', async () => {
    const script = path.join(scratch, 'dies-at-once.sh');
    writeFileSync(script, "#!/bin/sh\necho 'fatal: no licence' >&2\nexit 3\n");
    chmodSync(script, 0o755);
    for (let i = 0; i < 20; i++) {
      const { transport } = fake({ pathToClaudeCodeExecutable: script });
      await transport.start();
      // Writes land in the pipe until the CLI is gone; the first one that fails says why.
      const error = await rejection(
        (async () => {
          for (;;) await transport.send({ type: 'control_request', request: {} });
        })(),
      );
      expect(error).toBeInstanceOf(ProcessExitError);
      expect(error).toMatchObject({ code: 'PROCESS_EXITED', exitCode: 3 });
      expect((error as ProcessExitError).stderrTail).toContain('fatal: no licence');
    }
  });

  it('should keep TRANSPORT_CLOSED for a write after the caller closed the transport', async () => {
    const { transport } = fake();
    await transport.start();
    await transport.close();
    expect((await rejection(transport.send({ cmd: 'echo' }))).code).toBe('TRANSPORT_CLOSED');
  });

  it('should report a signal we did not send as ProcessExitError', async () => {
    const { transport, rec } = fake();
    await transport.start();
    process.kill(transport.pid as number, 'SIGKILL');
    const info = await rec.closed;
    expect((info.error as ProcessExitError).signal).toBe('SIGKILL');
    expect((info.error as ProcessExitError).exitCode).toBeNull();
  });

  it('should close cleanly once the CLI exits 0 after endInput()', async () => {
    const { transport, rec } = fake();
    await transport.start();
    await transport.send({ cmd: 'echo', value: 1 });
    await transport.endInput();
    await transport.endInput();
    expect((await rejection(transport.send({ cmd: 'echo' }))).code).toBe('INPUT_ENDED');
    expect(await rec.closed).toEqual({});
    expect(transport.exitCode).toBe(0);
    expect(rec.messages.some((m) => m.type === 'echo')).toBe(true);
    expect(rec.closes).toHaveLength(1);
  });

  it('should end stdin first, then SIGTERM the group after the grace period', async () => {
    const { transport, rec } = fake({ env: { FIXTURE_LINGER: '1' } });
    await transport.start();
    await rec.next('system');
    const pid = transport.pid as number;
    await transport.close();
    expect(isRunning(pid)).toBe(false);
    const tail = transport.stderrTail;
    expect(tail.indexOf('stdin closed')).toBeGreaterThanOrEqual(0);
    expect(tail.indexOf('got SIGTERM')).toBeGreaterThan(tail.indexOf('stdin closed'));
    expect(rec.closes).toEqual([{}]);
  });

  it('should not signal a CLI that exits within the grace period', async () => {
    const { transport, rec } = fake({ closeGraceMs: 5000 });
    await transport.start();
    await rec.next('system');
    await transport.close();
    expect(transport.stderrTail).toContain('stdin closed');
    expect(transport.stderrTail).not.toContain('got SIGTERM');
    expect(transport.exitCode).toBe(0);
    expect(rec.closes).toEqual([{}]);
  });

  it('should SIGKILL a child that ignores SIGTERM after killAfterMs', async () => {
    const { transport, rec } = fake({ env: { FIXTURE_LINGER: '1', FIXTURE_IGNORE_SIGTERM: '1' } });
    await transport.start();
    await rec.next('system');
    const pid = transport.pid as number;
    await transport.close();
    expect(transport.stderrTail).toContain('got SIGTERM');
    expect(isRunning(pid)).toBe(false);
    expect(transport.exitCode).toBeNull();
    expect(rec.closes).toEqual([{}]);
  });

  it('should leave neither the CLI nor its grandchild alive after close()', async () => {
    const { transport, rec } = fake();
    await transport.start();
    await transport.send({ cmd: 'spawn-grandchild' });
    const grandchild = (await rec.next('grandchild')).pid as number;
    const pid = transport.pid as number;
    expect(isRunning(grandchild)).toBe(true);
    await transport.close();
    expect(isRunning(pid)).toBe(false);
    expect(isRunning(grandchild)).toBe(false);
  });

  it('should end a grandchild left behind when the CLI exits on its own', async () => {
    const { transport, rec } = fake();
    await transport.start();
    await transport.send({ cmd: 'spawn-grandchild' });
    const grandchild = (await rec.next('grandchild')).pid as number;
    await transport.send({ cmd: 'exit', code: 0 });
    expect(await rec.closed).toEqual({});
    await transport.close();
    expect(isRunning(grandchild)).toBe(false);
  });

  it('should fire onclose even when a process outside the group keeps stdout open', async () => {
    const { transport, rec } = fake({ killAfterMs: 300 });
    await transport.start();
    await transport.send({ cmd: 'spawn-escapee' });
    const escapee = (await rec.next('escapee')).pid as number;
    try {
      await transport.send({ cmd: 'exit', code: 0 });
      expect(await rec.closed).toEqual({});
      await transport.close();
      expect(isRunning(escapee)).toBe(true);
    } finally {
      process.kill(escapee, 'SIGKILL');
    }
  });

  it('should finish a close() requested while start() is still running', async () => {
    const { transport, rec } = fake();
    const starting = transport.start();
    const closing = transport.close();
    await starting;
    const pid = transport.pid as number;
    await closing;
    expect(isRunning(pid)).toBe(false);
    expect(rec.closes).toEqual([{}]);
    expect(liveGroupCount()).toBe(0);
  });

  it('should make close() idempotent and fire onclose once', async () => {
    const { transport, rec } = fake();
    await transport.start();
    const first = transport.close();
    const second = transport.close();
    expect(second).toBe(first);
    await Promise.all([first, second, transport.close()]);
    expect(rec.closes).toEqual([{}]);
    expect((await rejection(transport.send({}))).code).toBe('TRANSPORT_CLOSED');
    await transport.endInput();
    expect(liveGroupCount()).toBe(0);
    expect(process.listeners('exit').some((listener) => listener.name === 'onExit')).toBe(false);
  });

  it('should report a throwing onmessage through onerror and go on', async () => {
    const { transport, rec } = fake();
    const seen: unknown[] = [];
    transport.onmessage = (message) => {
      seen.push(message);
      throw new Error('consumer bug');
    };
    await transport.start();
    await transport.send({ cmd: 'echo', value: 2 });
    await waitUntil(() => seen.length === 2);
    expect(rec.errors.map((e) => e.message)).toEqual(['consumer bug', 'consumer bug']);
  });
});

describe('SubprocessTransport lifecycle errors', () => {
  it('should refuse send() and endInput() before start()', async () => {
    const { transport } = fake();
    expect((await rejection(transport.send({}))).code).toBe('NOT_STARTED');
    expect((await rejection(transport.endInput())).code).toBe('NOT_STARTED');
  });

  it('should refuse a second start()', async () => {
    const { transport } = fake();
    await transport.start();
    expect((await rejection(transport.start())).code).toBe('ALREADY_STARTED');
  });

  it('should close before start with {} and refuse start afterwards', async () => {
    const { transport, rec } = fake();
    await transport.close();
    expect(rec.closes).toEqual([{}]);
    expect((await rejection(transport.start())).code).toBe('TRANSPORT_CLOSED');
  });

  it('should refuse values that are not JSON', async () => {
    const { transport } = fake();
    await transport.start();
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    await expect(transport.send(undefined)).rejects.toThrow(TypeError);
    await expect(transport.send(cyclic)).rejects.toThrow(TypeError);
    await expect(transport.send(10n)).rejects.toThrow(TypeError);
  });

  it('should reject start() with WORKING_DIRECTORY_NOT_FOUND for a missing cwd', async () => {
    const { transport, rec } = fake({ cwd: path.join(scratch, 'missing-dir') });
    const error = await rejection(transport.start());
    expect(error.code).toBe('WORKING_DIRECTORY_NOT_FOUND');
    expect(SubprocessTransportError.isInstance(error)).toBe(true);
    expect(rec.closes).toEqual([]);
  });

  it('should reject start() with CLI_NOT_FOUND for a missing executable', async () => {
    const { transport } = fake({ pathToClaudeCodeExecutable: path.join(scratch, 'no-claude') });
    expect((await rejection(transport.start())).code).toBe('CLI_NOT_FOUND');
  });

  it('should reject start() with CLI_NOT_FOUND for a file that is not executable', async () => {
    const file = path.join(scratch, 'not-executable');
    writeFileSync(file, '#!/bin/sh\n');
    chmodSync(file, 0o644);
    const { transport } = fake({ pathToClaudeCodeExecutable: file });
    const error = await rejection(transport.start());
    expect(error.code).toBe('CLI_NOT_FOUND');
    expect(error.cause).toMatchObject({ code: 'EACCES' });
  });

  it.each<[string, SubprocessTransportOptions]>([
    ['closeGraceMs negative', { closeGraceMs: -1 }],
    ['killAfterMs fraction', { killAfterMs: 1.5 }],
    ['maxLineBytes zero', { maxLineBytes: 0 }],
    ['stderrTailBytes NaN', { stderrTailBytes: Number.NaN }],
    ['stderr not a function', { stderr: 'log' as unknown as () => void }],
    ['executableArgs not an array', { executableArgs: '--x' as unknown as string[] }],
    ['cwd not a string', { cwd: 42 as unknown as string }],
    ['a bad CLI option', { maxTurns: 'many' as unknown as number }],
  ])('should refuse %s in the constructor with a TypeError', (_name, options) => {
    expect(() => new SubprocessTransport(options)).toThrow(TypeError);
  });
});
