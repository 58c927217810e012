import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { InMemorySessionStore } from '@ccsdk/session-store';
import { describe, expect, it } from 'vitest';
import { fakeLinkFactory } from '../test/fake-cli-link.js';
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
    expect(events).toEqual([
      'server.listening',
      'server.drain_started',
      'server.drain_finished',
      'server.shutdown_started',
      'server.shutdown_finished',
    ]);
  });

  it.each([
    [['--allow-origin', 'https://app.example.com/'], /--allow-origin.*not a bare origin/],
    [['--allow-origin', '*'], /--allow-origin.*http:\/\/ or https:\/\//],
    [['--allow-origin', 'https://ok.example', '--allow-origin', 'null'], /"null"/],
    [['--allow-origin'], /argument missing|--allow-origin/],
  ])('should exit 2 for %j, saying why', async (argv, message) => {
    const run = io();
    expect(await runServeCommand([...argv, '--port', '0'], run.io)).toBe(2);
    expect(run.err.join('')).toMatch(message);
  });

  it('should serve every --allow-origin given: CORS for them, 403 for any other origin', async () => {
    const token = 'env-token-0123456789abcdef';
    const run = io({ [SERVE_TOKEN_ENV]: token });
    const answers: Array<[number, unknown]> = [];
    let stop!: () => void;
    const stopped = new Promise<void>((resolve) => {
      stop = resolve;
    });
    const code = await runServeCommand(
      [
        '--port',
        '0',
        '--root',
        '.',
        '--allow-origin',
        'https://a.example',
        '--allow-origin',
        'http://127.0.0.1:5173',
      ],
      {
        ...run.io,
        untilStopped: () => stopped,
        onListening: (server) => {
          void (async () => {
            for (const origin of ['https://a.example', 'http://127.0.0.1:5173', 'https://b.example']) {
              const answer = await call(server.httpUrl, 'GET', '/health', { token, headers: { origin } });
              answers.push([answer.status, answer.headers['access-control-allow-origin']]);
            }
            stop();
          })();
        },
      },
    );
    expect(code).toBe(0);
    expect(answers).toEqual([
      [200, 'https://a.example'],
      [200, 'http://127.0.0.1:5173'],
      [403, undefined],
    ]);
    expect(JSON.parse(run.err[0] ?? '{}')).toMatchObject({
      event: 'server.listening',
      allowedOrigins: ['https://a.example', 'http://127.0.0.1:5173'],
    });
    expect(run.err.join('')).not.toContain(token);
  });

  it.each([
    [[], 401],
    [['--metrics-public'], 200],
  ])('should serve GET /metrics without the token only with --metrics-public (%j)', async (flags, status) => {
    const token = 'metrics-token-0123456789abcdef';
    const run = io({ [SERVE_TOKEN_ENV]: token });
    let answers: number[] = [];
    let stop!: () => void;
    const stopped = new Promise<void>((resolve) => {
      stop = resolve;
    });
    const code = await runServeCommand(['--port', '0', '--root', '.', ...flags], {
      ...run.io,
      untilStopped: () => stopped,
      onListening: (server) => {
        void Promise.all([
          call(server.httpUrl, 'GET', '/metrics'),
          call(server.httpUrl, 'GET', '/metrics', { token }),
          call(server.httpUrl, 'GET', '/health'),
        ]).then((all) => {
          answers = all.map((answer) => answer.status);
          stop();
        });
      },
    });
    expect(code).toBe(0);
    expect(answers).toEqual([status, 200, 401]);
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

describe('runServeCommand: the drain', () => {
  const token = 'env-token-0123456789abcdef';

  it.each([[['--drain-timeout', 'soon']], [['--drain-timeout', '-5']]])(
    'should exit 2 for %j',
    async (argv) => {
      const run = io();
      expect(await runServeCommand([...argv, '--port', '0'], run.io)).toBe(2);
      expect(run.err.join('')).toContain('--drain-timeout');
    },
  );

  it('should drain on the first signal (503 draining while it runs), wait for a turn, then exit 0', async () => {
    const run = io({ [SERVE_TOKEN_ENV]: token });
    const fake = fakeLinkFactory();
    let stop!: () => void;
    const stopped = new Promise<void>((resolve) => {
      stop = resolve;
    });
    const seen: number[] = [];
    let sessionId = '';
    const code = await runServeCommand(['--port', '0', '--root', '.', '--drain-timeout', '20000'], {
      ...run.io,
      createCliLink: fake.factory,
      untilStopped: () => stopped,
      untilForced: () => new Promise(() => undefined),
      onListening: (server) => {
        void (async () => {
          const created = await call(server.httpUrl, 'POST', '/sessions', { token, body: {} });
          sessionId = (created.body as { session_id: string }).session_id;
          await call(server.httpUrl, 'POST', `/sessions/${sessionId}/events`, {
            token,
            body: { session_id: sessionId, event_id: 'u1', payload: { type: 'user' } },
          });
          stop();
          await new Promise((resolve) => setTimeout(resolve, 50));
          seen.push((await call(server.httpUrl, 'GET', '/readyz', { token })).status);
          seen.push((await call(server.httpUrl, 'POST', '/sessions', { token, body: {} })).status);
          fake.links[0]?.emit('{"type":"result","subtype":"success"}');
        })();
      },
    });
    expect(code).toBe(0);
    expect(seen).toEqual([503, 503]);
    const events = run.err.map((line) => JSON.parse(line).event);
    expect(events).toContain('server.drain_started');
    expect(events.indexOf('server.drain_finished')).toBeLessThan(events.indexOf('server.shutdown_finished'));
    expect(run.err.join('')).not.toContain(token);
  });

  it('should end everything at once on a second signal during the drain, and exit 0', async () => {
    const run = io({ [SERVE_TOKEN_ENV]: token });
    const fake = fakeLinkFactory();
    let stop!: () => void;
    const stopped = new Promise<void>((resolve) => {
      stop = resolve;
    });
    let force!: () => void;
    const forced = new Promise<void>((resolve) => {
      force = resolve;
    });
    const began = Date.now();
    const code = await runServeCommand(['--port', '0', '--root', '.'], {
      ...run.io,
      createCliLink: fake.factory,
      untilStopped: () => stopped,
      untilForced: () => forced,
      onListening: (server) => {
        void (async () => {
          const created = await call(server.httpUrl, 'POST', '/sessions', { token, body: {} });
          const id = (created.body as { session_id: string }).session_id;
          await call(server.httpUrl, 'POST', `/sessions/${id}/events`, {
            token,
            body: { session_id: id, event_id: 'u1', payload: { type: 'user' } },
          });
          stop();
          await new Promise((resolve) => setTimeout(resolve, 50));
          force();
        })();
      },
    });
    expect(code).toBe(0);
    expect(Date.now() - began).toBeLessThan(10_000); // the default drain timeout is 30 s
    expect(fake.links[0]?.closed).toBe(true);
    const events = run.err.map((line) => JSON.parse(line).event);
    expect(events).toContain('server.drain_forced');
    expect(events).toContain('server.shutdown_finished');
  });
});

describe('runServeCommand: --tokens-file', () => {
  const A = 'serve-team-a-token-0123456789';
  const C = 'serve-team-c-token-0123456789';

  it('should refuse --tokens-file with CCSDK_SERVE_TOKEN, and a bad --attached-idle-timeout', async () => {
    const both = io({ [SERVE_TOKEN_ENV]: A });
    expect(await runServeCommand(['--tokens-file', 'x.json', '--port', '0'], both.io)).toBe(2);
    expect(both.err.join('')).toContain('not both');
    const idle = io();
    expect(await runServeCommand(['--attached-idle-timeout', 'soon', '--port', '0'], idle.io)).toBe(2);
    expect(idle.err.join('')).toContain('--attached-idle-timeout');
  });

  it('should exit 1 for a bad tokens file, quoting no token', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'ccsdk-serve-tokens-'));
    try {
      const path = join(dir, 'tokens.json');
      await writeFile(
        path,
        JSON.stringify({
          tokens: [
            { name: 'a', token: A },
            { name: 'b', token: A },
          ],
        }),
      );
      const run = io();
      expect(await runServeCommand(['--tokens-file', path, '--port', '0'], run.io)).toBe(1);
      expect(run.err.join('')).toContain('entry 1');
      expect(run.err.join('')).not.toContain(A);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('should serve the tokens of the file, print a URL without a token, and reload on request', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'ccsdk-serve-tokens-'));
    const path = join(dir, 'tokens.json');
    await writeFile(path, JSON.stringify({ tokens: [{ name: 'team-a', token: A }] }));
    await chmod(path, 0o600);
    const run = io();
    const fake = fakeLinkFactory();
    let stop!: () => void;
    const stopped = new Promise<void>((resolve) => {
      stop = resolve;
    });
    let reloadListeners = 0;
    const seen: number[] = [];
    try {
      const code = await runServeCommand(['--tokens-file', path, '--port', '0', '--root', '.'], {
        ...run.io,
        createCliLink: fake.factory,
        untilStopped: () => stopped,
        untilForced: () => new Promise(() => undefined),
        onReloadRequest: (reload) => {
          reloadListeners += 1;
          void (async () => {
            await new Promise((resolve) => setTimeout(resolve, 20));
            await writeFile(path, JSON.stringify({ tokens: [{ name: 'team-c', token: C }] }));
            reload();
          })();
          return () => {
            reloadListeners -= 1;
          };
        },
        onListening: (server) => {
          void (async () => {
            seen.push((await call(server.httpUrl, 'GET', '/health', { token: A })).status);
            while ((await call(server.httpUrl, 'GET', '/health', { token: C })).status !== 200) {
              await new Promise((resolve) => setTimeout(resolve, 10));
            }
            seen.push((await call(server.httpUrl, 'GET', '/health', { token: A })).status);
            stop();
          })();
        },
      });
      expect(code).toBe(0);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
    expect(seen).toEqual([200, 401]);
    expect(reloadListeners).toBe(0);
    expect(run.out.join('')).toMatch(/^cc:\/\/127\.0\.0\.1:\d+\n$/);
    const events = run.err.map((line) => JSON.parse(line).event);
    expect(events).toContain('tokens.reloaded');
    expect(run.err.join('')).not.toContain(A);
    expect(run.err.join('')).not.toContain(C);
  });
});
