import { InMemorySessionStore } from '@ccsdk/session-store';
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

  it('should refuse --store without a store resolver, and a --store value without a scheme, with exit 2', async () => {
    const run = io();
    expect(await runServeCommand(['--store', 'redis://127.0.0.1:1'], run.io)).toBe(2);
    expect(run.err.join('')).toContain('--store needs a store resolver');
    const bare = io();
    const code = await runServeCommand(['--store', 'user:secret@db'], {
      ...bare.io,
      openStore: async () => new InMemorySessionStore(),
    });
    expect(code).toBe(2);
    expect(bare.err.join('')).not.toContain('secret');
  });

  it('should open the --store URL with the resolver, serve with that store (resume from it) and close it after the shutdown', async () => {
    const run = io({ [SERVE_TOKEN_ENV]: 'env-token-0123456789abcdef' });
    const store = Object.assign(new InMemorySessionStore(), { closed: 0, close: async () => undefined });
    store.close = async () => {
      store.closed++;
    };
    const opened: string[] = [];
    let resumeStatus = 0;
    let stop!: () => void;
    const stopped = new Promise<void>((resolve) => {
      stop = resolve;
    });
    const code = await runServeCommand(['--port', '0', '--root', '.', '--store', 'postgres://db/x'], {
      ...run.io,
      openStore: async (url) => {
        opened.push(url);
        return store;
      },
      untilStopped: () => stopped,
      onListening: (server) => {
        // A resume the store does not hold is a 404 only when the server has a store.
        void call(server.httpUrl, 'POST', '/sessions', {
          token: 'env-token-0123456789abcdef',
          body: { resume: '2f1c6a80-8d1e-4c57-9d57-2b8f3c0e5a11' },
        }).then((answer) => {
          resumeStatus = answer.status;
          stop();
        });
      },
    });
    expect(code).toBe(0);
    expect(opened).toEqual(['postgres://db/x']);
    expect(resumeStatus).toBe(404);
    expect(store.closed).toBe(1);
  });

  it('should exit 1 when the store cannot be opened', async () => {
    const run = io();
    const code = await runServeCommand(['--port', '0', '--store', 'redis://127.0.0.1:1'], {
      ...run.io,
      openStore: async () => {
        throw new Error('store unreachable');
      },
    });
    expect(code).toBe(1);
    expect(run.err.join('')).toContain('store unreachable');
  });
});
