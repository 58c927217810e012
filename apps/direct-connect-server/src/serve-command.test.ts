import { describe, expect, it } from 'vitest';
import { call } from '../test/http-client.js';
import { runServeCommand, SERVE_TOKEN_ENV } from './serve-command.js';

function io(env: Record<string, string> = {}) {
  const out: string[] = [];
  const err: string[] = [];
  return { out, err, io: { stdout: (t: string) => out.push(t), stderr: (t: string) => err.push(t), env } };
}

describe('runServeCommand', () => {
  it('should print the usage for --help and exit 0', async () => {
    const run = io();
    expect(await runServeCommand(['--help'], run.io)).toBe(0);
    expect(run.out.join('')).toContain('Usage: ccsdk serve');
  });

  it.each([[['--port', 'abc']], [['--bogus']], [['stray']], [['--log-level', 'loud']]])(
    'should exit 2 for %j',
    async (argv) => {
      const run = io();
      expect(await runServeCommand(argv, run.io)).toBe(2);
      expect(run.err.join('')).toContain('Usage: ccsdk serve');
    },
  );

  it('should serve with the token from the environment, print the URL, log JSON and stop on request', async () => {
    const token = 'env-token-0123456789abcdef';
    const run = io({ [SERVE_TOKEN_ENV]: token });
    let health = 0;
    let stop!: () => void;
    const stopped = new Promise<void>((resolve) => {
      stop = resolve;
    });
    const code = await runServeCommand(['--port', '0', '--root', '.'], {
      ...run.io,
      untilStopped: () => stopped,
      onListening: (server) => {
        void call(server.httpUrl, 'GET', '/health', { token }).then((answer) => {
          health = answer.status;
          stop();
        });
      },
    });
    expect(code).toBe(0);
    expect(health).toBe(200);
    expect(run.out.join('')).toMatch(new RegExp(`^cc://127\\.0\\.0\\.1:\\d+/${token}\\n$`));
    const events = run.err.map((line) => JSON.parse(line).event);
    expect(events).toEqual(['server.listening', 'server.shutdown_started', 'server.shutdown_finished']);
  });

  it('should exit 1 when the server cannot start', async () => {
    const run = io();
    const code = await runServeCommand(['--port', '0', '--root', '/no/such/root'], run.io);
    expect(code).toBe(1);
    expect(run.err.join('')).toContain('existing folder');
  });
});
