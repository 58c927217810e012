import { spawn } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { FAKE_CLI, isRunning, record, waitUntil } from './__fixtures__/support.js';
import { cliForCustomSpawn, type SpawnOptions } from './spawned-process.js';
import { SubprocessTransport } from './subprocess-transport.js';

const open: SubprocessTransport[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((t) => t.close()));
});

function customTransport(env: Record<string, string> = {}) {
  const calls: SpawnOptions[] = [];
  let pid: number | undefined;
  const transport = new SubprocessTransport({
    pathToClaudeCodeExecutable: FAKE_CLI,
    model: 'claude-test',
    env,
    closeGraceMs: 200,
    killAfterMs: 500,
    spawnClaudeCodeProcess: (options) => {
      calls.push(options);
      const child = spawn(options.command, options.args, {
        env: options.env,
        stdio: ['pipe', 'pipe', 'pipe'],
      });
      pid = child.pid;
      return child;
    },
  });
  open.push(transport);
  return { transport, calls, pid: () => pid, rec: record(transport) };
}

describe('spawnClaudeCodeProcess', () => {
  it('should be called with the command line and drive the returned process both ways', async () => {
    const { transport, calls, rec } = customTransport();
    await transport.start();
    expect(calls).toHaveLength(1);
    // 'node' by name, as the official SDK hands it over: the caller may run it elsewhere.
    expect(calls[0]?.command).toBe('node');
    expect(calls[0]?.args.slice(0, 1)).toEqual([FAKE_CLI]);
    expect(calls[0]?.args).toContain('claude-test');
    expect(calls[0]?.env['CLAUDE_CODE_ENTRYPOINT']).toBe('sdk-ts');
    expect(calls[0]?.signal.aborted).toBe(false);
    const init = await rec.next('system');
    expect(init.argv).toContain('--model');
    await transport.send({ cmd: 'echo', value: 'through the custom process' });
    const echo = await rec.next('echo');
    expect(echo.value).toBe('through the custom process');
    expect(transport.pid).toBeUndefined();
  });

  it('should close it in stages with kill() and abort the signal once the grace is over', async () => {
    const { transport, calls, pid, rec } = customTransport({ FIXTURE_LINGER: '1' });
    await transport.start();
    await rec.next('system');
    await transport.close();
    expect(calls[0]?.signal.aborted).toBe(true);
    expect(isRunning(pid() as number)).toBe(false);
    expect(transport.stderrTail.indexOf('got SIGTERM')).toBeGreaterThan(
      transport.stderrTail.indexOf('stdin closed'),
    );
    expect(rec.closes).toEqual([{}]);
  });

  it('should report a non-zero exit of the custom process as ProcessExitError', async () => {
    const { transport, rec } = customTransport();
    await transport.start();
    await rec.next('system');
    await transport.send({ cmd: 'exit', code: 3 });
    const info = await rec.closed;
    expect(info.error).toMatchObject({ code: 'PROCESS_EXITED', exitCode: 3 });
  });

  it('should refuse a return value that is not a process with a TypeError naming the option', async () => {
    const transport = new SubprocessTransport({
      pathToClaudeCodeExecutable: FAKE_CLI,
      spawnClaudeCodeProcess: () => ({}) as never,
    });
    open.push(transport);
    await expect(transport.start()).rejects.toThrow(/spawnClaudeCodeProcess/);
  });

  it('should not need the CLI on this machine', () => {
    expect(cliForCustomSpawn({ pathToClaudeCodeExecutable: '/remote/bin/claude' })).toMatchObject({
      command: '/remote/bin/claude',
      args: [],
    });
    expect(
      cliForCustomSpawn({
        pathToClaudeCodeExecutable: '/remote/cli.js',
        executable: 'bun',
        executableArgs: ['-x'],
      }),
    ).toMatchObject({ command: 'bun', args: ['-x', '/remote/cli.js'] });
  });

  it("should name node, not this process's runtime path, for a script CLI found here (as the official SDK)", () => {
    expect(cliForCustomSpawn({ pathToClaudeCodeExecutable: FAKE_CLI })).toMatchObject({
      command: 'node',
      args: [FAKE_CLI],
    });
    expect(cliForCustomSpawn({ pathToClaudeCodeExecutable: FAKE_CLI, executable: 'bun' })).toMatchObject({
      command: 'bun',
    });
  });
});

describe('executable', () => {
  it('should run a script CLI under the named runtime', async () => {
    const calls: SpawnOptions[] = [];
    const transport = new SubprocessTransport({
      pathToClaudeCodeExecutable: FAKE_CLI,
      executable: 'node',
      executableArgs: ['--no-warnings'],
      spawnClaudeCodeProcess: (options) => {
        calls.push(options);
        return spawn(options.command, options.args, { env: options.env, stdio: ['pipe', 'pipe', 'pipe'] });
      },
    });
    open.push(transport);
    const rec = record(transport);
    await transport.start();
    await rec.next('system');
    expect(calls[0]?.command).toBe('node');
    expect(calls[0]?.args.slice(0, 2)).toEqual(['--no-warnings', FAKE_CLI]);
    await waitUntil(() => rec.messages.length > 0);
  });

  it('should run a script CLI under a runtime given as a path, as the official SDK does', async () => {
    const calls: SpawnOptions[] = [];
    const transport = new SubprocessTransport({
      pathToClaudeCodeExecutable: FAKE_CLI,
      executable: process.execPath as 'node',
      spawnClaudeCodeProcess: (options) => {
        calls.push(options);
        return spawn(options.command, options.args, { env: options.env, stdio: ['pipe', 'pipe', 'pipe'] });
      },
    });
    open.push(transport);
    const rec = record(transport);
    await transport.start();
    await rec.next('system');
    expect(calls[0]?.command).toBe(process.execPath);
    expect(calls[0]?.args[0]).toBe(FAKE_CLI);
  });

  it('should take any runtime name, and refuse only an empty or non-string one', () => {
    expect(() => new SubprocessTransport({ executable: 'nodejs' as never })).not.toThrow();
    expect(() => new SubprocessTransport({ executable: 42 as never })).toThrow(/executable/);
    expect(() => new SubprocessTransport({ executable: 'a\0b' as never })).toThrow(/executable/);
  });
});
