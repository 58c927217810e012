import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { FakeCliLink } from '../../test/fake-cli-link.js';
import { call } from '../../test/http-client.js';
import type { CliLinkFactory } from '../cli-link.js';
import { type DirectConnectServer, startDirectConnectServer } from '../direct-connect-server.js';
import { runServeCommand } from '../serve-command.js';
import { resolveServerOptions } from '../server-options.js';
import { DEFAULT_WARM_MAX_AGE_MS, MAX_WARM_SPARES } from './limits.js';

const TOKEN = 'a-token-long-enough-123';

/** Fake CLIs: a spare writes a line once started and answers its claim with `status: 'ok'`. */
function parkingFactory(): { factory: CliLinkFactory; links: FakeCliLink[] } {
  const links: FakeCliLink[] = [];
  const factory: CliLinkFactory = (params) => {
    const link = new FakeCliLink(params);
    links.push(link);
    if (params.awaitClaim === true) {
      const start = link.start.bind(link);
      link.start = async () => {
        await start();
        setImmediate(() => link.emit('{"type":"system","subtype":"ui_invalidate"}'));
      };
      const send = link.sendLine.bind(link);
      link.sendLine = async (line) => {
        await send(line);
        const message = JSON.parse(Buffer.from(line).toString('utf8'));
        if (message.request?.subtype === 'claim_session') {
          link.emit(
            JSON.stringify({
              type: 'control_response',
              response: { subtype: 'success', request_id: message.request_id, response: { status: 'ok' } },
            }),
          );
        }
      };
    }
    return link;
  };
  return { factory, links };
}

async function until(check: () => boolean, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

let server: DirectConnectServer | undefined;
let root: string | undefined;
let configDir: string | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
  for (const dir of [root, configDir]) if (dir !== undefined) await rm(dir, { recursive: true, force: true });
  root = undefined;
  configDir = undefined;
});

async function startWarm(warm: number): Promise<{ server: DirectConnectServer; links: FakeCliLink[] }> {
  root = await mkdtemp(join(tmpdir(), 'warm-root-'));
  configDir = await mkdtemp(join(tmpdir(), 'warm-config-'));
  const fake = parkingFactory();
  server = await startDirectConnectServer({
    token: TOKEN,
    roots: [root],
    warm,
    createCliLink: fake.factory,
    cli: { env: { CLAUDE_CONFIG_DIR: configDir } },
    logger: () => {},
  });
  return { server, links: fake.links };
}

describe('the warm pool in the server', () => {
  it('should keep no pool by default and validate warm and warmMaxAgeMs', () => {
    const resolved = resolveServerOptions({ token: TOKEN });
    expect(resolved.warm).toBe(0);
    expect(resolved.warmMaxAgeMs).toBe(DEFAULT_WARM_MAX_AGE_MS);
    for (const warm of [-1, 1.5, MAX_WARM_SPARES + 1, '2']) {
      expect(() => resolveServerOptions({ token: TOKEN, warm: warm as number })).toThrow(/warm/);
    }
    expect(() => resolveServerOptions({ token: TOKEN, warmMaxAgeMs: 0 })).toThrow(/warmMaxAgeMs/);
  });

  it('should fill at start, serve a create from a spare bound to its cwd, and refill', async () => {
    const { server, links } = await startWarm(2);
    await until(() => server.warmPoolStats()?.ready === 2);
    const spares = [...links];
    expect(spares.every((link) => link.params.awaitClaim === true)).toBe(true);
    expect(spares[0]?.params.cwd.startsWith(join(configDir ?? '', 'spares'))).toBe(true);
    const created = await call(server.httpUrl, 'POST', '/sessions', { token: TOKEN, body: { cwd: root } });
    expect(created.status).toBe(201);
    const claim = JSON.parse(String(spares[0]?.received[0]));
    expect(claim.request).toMatchObject({ subtype: 'claim_session', include_initialize: false });
    expect(claim.request.cwd).toBe(server.sessions()[0]?.workDir);
    expect(spares[0]?.params.awaitClaim).toBe(true);
    await until(() => server.warmPoolStats()?.ready === 2);
    expect(links).toHaveLength(3);
    expect(server.warmPoolStats()).toMatchObject({ hits: 1, misses: 0 });
  });

  it('should start a resume-free create in a mode without spares cold, then keep spares for that mode', async () => {
    const { server, links } = await startWarm(1);
    await until(() => server.warmPoolStats()?.ready === 1);
    const created = await call(server.httpUrl, 'POST', '/sessions', {
      token: TOKEN,
      body: { cwd: root, permission_mode: 'plan' },
    });
    expect(created.status).toBe(201);
    expect(links.filter((link) => link.params.awaitClaim !== true)).toHaveLength(1);
    await until(() =>
      links.some((link) => link.params.awaitClaim === true && link.params.permissionMode === 'plan'),
    );
    expect(server.warmPoolStats()).toMatchObject({ hits: 0, misses: 1 });
  });

  it('should end every spare on close and on drain', async () => {
    const first = await startWarm(2);
    await until(() => first.server.warmPoolStats()?.ready === 2);
    await first.server.close();
    expect(first.links.every((link) => link.closed)).toBe(true);
    const second = await startWarm(1);
    await until(() => second.server.warmPoolStats()?.ready === 1);
    await second.server.drain();
    expect(second.links.every((link) => link.closed)).toBe(true);
    expect(second.server.warmPoolStats()).toMatchObject({ ready: 0, starting: 0 });
  });

  it.each([[['--warm', 'many']], [['--warm', '-1']], [['--warm-max-age', '1.5']]])(
    'should make ccsdk serve exit 2 for %j',
    async (argv) => {
      const err: string[] = [];
      const io = { stdout: () => {}, stderr: (t: string) => err.push(t), env: {} };
      expect(await runServeCommand([...argv, '--port', '0'], io)).toBe(2);
      expect(err.join('')).toMatch(/warm/);
    },
  );

  it('should make ccsdk serve fail for a pool larger than MAX_WARM_SPARES', async () => {
    const err: string[] = [];
    const io = { stdout: () => {}, stderr: (t: string) => err.push(t), env: {} };
    expect(await runServeCommand(['--warm', String(MAX_WARM_SPARES + 1), '--port', '0'], io)).toBe(1);
    expect(err.join('')).toMatch(/warm must be an integer from 0 to 32/);
  });
});
