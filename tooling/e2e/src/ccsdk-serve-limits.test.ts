import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DIRECT_CONNECT_CLOSE_CODES, DirectConnectTransport } from '@ccsdk/direct-connect';
import { isSDKResultMessage, query, type SDKMessage } from '@ccsdk/sdk';
import { type RecordedMessagesRequest, reply, text } from '@ccsdk/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { findProcessesWithEnv } from './support/process-table.js';
import { PromptStream } from './support/prompt-stream.js';
import { type Rig, startRig } from './support/rig.js';
import { type ServeProcess, startServeProcess } from './support/serve-process.js';

const token = (): string => randomBytes(24).toString('base64url');
const A = token();
const B = token();
const C = token();
const UNKNOWN = token();

let rig: Rig | undefined;
let server: ChildProcess | undefined;
let tokensDir: string | undefined;

/** A fresh private folder for this test's tokens file. */
async function tokensFilePath(): Promise<string> {
  tokensDir = await mkdtemp(join(tmpdir(), 'ccsdk-serve-limits-'));
  return join(tokensDir, 'tokens.json');
}

afterEach(async () => {
  if (server?.exitCode === null && server.signalCode === null) server.kill('SIGKILL');
  server = undefined;
  if (rig !== undefined) {
    for (const { pid } of await findProcessesWithEnv(rig.processMarker)) process.kill(pid, 'SIGKILL');
    await rig.dispose();
    rig = undefined;
  }
  if (tokensDir !== undefined) await rm(tokensDir, { recursive: true, force: true });
  tokensDir = undefined;
});

async function writeTokens(path: string, tokens: object[] | string): Promise<void> {
  await writeFile(path, typeof tokens === 'string' ? tokens : JSON.stringify({ tokens }));
  await chmod(path, 0o600);
}

/** Starts `ccsdk serve` with no token in its env (the tests give `--tokens-file`). */
async function startServe(r: Rig, extraArgs: string[]): Promise<ServeProcess> {
  const served = await startServeProcess(r, undefined, extraArgs);
  server = served.child;
  return served;
}

interface Answer {
  status: number;
  retryAfter: string | null;
  body: { session_id?: string; error?: { code: string } } | undefined;
}

async function call(
  served: ServeProcess,
  method: string,
  path: string,
  bearer: string,
  body?: object,
): Promise<Answer> {
  const response = await fetch(`${served.httpUrl}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${bearer}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const textBody = await response.text();
  return {
    status: response.status,
    retryAfter: response.headers.get('retry-after'),
    body: textBody === '' ? undefined : JSON.parse(textBody),
  };
}

/** The HTTP status a WebSocket upgrade with `bearer` is answered with (101 when accepted). */
function upgradeStatus(served: ServeProcess, path: string, bearer: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(`${served.httpUrl}${path}`, {
      headers: {
        authorization: `Bearer ${bearer}`,
        connection: 'Upgrade',
        upgrade: 'websocket',
        'sec-websocket-version': '13',
        'sec-websocket-key': randomBytes(16).toString('base64'),
      },
    });
    req.on('upgrade', (res, socket) => {
      socket.destroy();
      resolve(res.statusCode ?? 0);
    });
    req.on('response', (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', reject);
    req.end();
  });
}

/** Waits until the server's stderr holds a log line with this event, after `from` characters. */
async function logEvent(
  served: ServeProcess,
  event: string,
  from: number,
  timeoutMs = 30_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!served.stderr().slice(from).includes(`"event":"${event}"`)) {
    if (Date.now() > deadline) throw new Error(`no ${event} in the log: ${served.stderr().slice(from)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The close code in an error or its causes, else its `code`. */
function endOf(error: unknown): string {
  for (let e: unknown = error; e instanceof Error; e = e.cause) {
    const closeCode = (e as { closeCode?: unknown }).closeCode;
    if (typeof closeCode === 'number') return `close ${closeCode}`;
  }
  return String((error as { code?: unknown }).code ?? error);
}

/** A session of `bearer` driven by the SDK through the server, one prompt at a time. */
function openSdkSession(served: ServeProcess, r: Rig, bearer: string, sessionKey: string) {
  const prompts = new PromptStream();
  const transport = new DirectConnectTransport({
    url: `${served.url}/${encodeURIComponent(bearer)}`,
    cwd: r.sandbox.cwd,
    sessionKey,
    openTimeoutMs: 90_000,
  });
  const results: string[] = [];
  const resultWaiters: Array<() => void> = [];
  const done = (async () => {
    try {
      for await (const message of query({
        prompt: prompts,
        options: { transport, initializeTimeoutMs: 120_000 },
      }) as AsyncIterable<SDKMessage>) {
        if (isSDKResultMessage(message)) {
          results.push(message.subtype === 'success' ? message.result : message.subtype);
          resultWaiters.shift()?.();
        }
      }
      return 'ended';
    } catch (error) {
      return endOf(error);
    }
  })();
  return {
    results,
    done,
    /** Sends a prompt and waits for its result. */
    async turn(prompt: string): Promise<string> {
      const next = new Promise<void>((resolve) => resultWaiters.push(resolve));
      prompts.push(prompt);
      await Promise.race([
        next,
        done.then((how) => {
          throw new Error(`the session ended (${how}) before the result of ${prompt}`);
        }),
      ]);
      return results.at(-1) as string;
    },
    end: () => prompts.end(),
  };
}

/** Every stderr line parses as JSON and none holds a token. */
function expectCleanLog(served: ServeProcess): void {
  const lines = served
    .stderr()
    .split('\n')
    .filter((line) => line !== '');
  expect(lines.length).toBeGreaterThan(0);
  for (const line of lines) expect(() => JSON.parse(line)).not.toThrow();
  for (const secret of [A, B, C, UNKNOWN]) expect(served.stderr()).not.toContain(secret);
}

const script = async (request: RecordedMessagesRequest) => {
  const asked = /say (\w+)/.exec(request.lastUserText)?.[1];
  if (!request.isMain || asked === undefined) return reply(text('ok'));
  return reply(text(`said ${asked}`));
};

describe('ccsdk serve --tokens-file, through the built app and the real CLI', () => {
  it('should refuse each limit with its status, keep clients apart, and reload on SIGHUP without dropping a session', {
    timeout: 300_000,
  }, async () => {
    rig = await startRig({ script });
    const tokensFile = await tokensFilePath();
    await writeTokens(tokensFile, [
      { name: 'team-a', token: A, maxSessions: 1 },
      { name: 'team-b', token: B, createsPerMinute: 1, createBurst: 1 },
    ]);
    const served = await startServe(rig, ['--tokens-file', tokensFile]);
    expect(served.url).toMatch(/^cc:\/\/127\.0\.0\.1:\d+$/);

    // An unknown token: 401 everywhere.
    expect((await call(served, 'POST', '/sessions', UNKNOWN, { cwd: rig.sandbox.cwd })).status).toBe(401);
    expect((await call(served, 'GET', '/health', UNKNOWN)).status).toBe(401);

    // team-a's session runs a real turn.
    const sessionA = openSdkSession(served, rig, A, 'shared-key');
    expect(await sessionA.turn('Please say first')).toBe('said first');
    // Its session_key finds it again (200) and tells its id; one more session passes team-a's cap.
    const found = await call(served, 'POST', '/sessions', A, {
      cwd: rig.sandbox.cwd,
      session_key: 'shared-key',
    });
    expect(found.status).toBe(200);
    const idA = found.body?.session_id as string;
    const capped = await call(served, 'POST', '/sessions', A, { cwd: rig.sandbox.cwd });
    expect(capped).toMatchObject({ status: 429, body: { error: { code: 'token_session_limit' } } });
    expect(Number(capped.retryAfter)).toBeGreaterThan(0);

    // team-b: one create a minute; the same session_key is its own session, not team-a's.
    const createdB = await call(served, 'POST', '/sessions', B, {
      cwd: rig.sandbox.cwd,
      session_key: 'shared-key',
    });
    expect(createdB.status).toBe(201);
    expect(createdB.body?.session_id).not.toBe(idA);
    const limited = await call(served, 'POST', '/sessions', B, { cwd: rig.sandbox.cwd });
    expect(limited).toMatchObject({ status: 429, body: { error: { code: 'rate_limited' } } });
    expect(Number(limited.retryAfter)).toBeGreaterThanOrEqual(1);
    expect(Number(limited.retryAfter)).toBeLessThanOrEqual(60);

    // team-a's session does not exist for team-b, on any route.
    expect((await call(served, 'GET', `/sessions/${idA}`, B)).status).toBe(404);
    expect((await call(served, 'DELETE', `/sessions/${idA}`, B)).status).toBe(404);
    expect((await call(served, 'GET', `/sessions/${idA}/events/stream`, B)).status).toBe(404);
    expect((await call(served, 'POST', `/sessions/${idA}/events`, B, { type: 'user' })).status).toBe(404);
    expect(await upgradeStatus(served, `/sessions/${idA}/ws`, B)).toBe(404);
    expect((await call(served, 'GET', `/sessions/${idA}`, A)).status).toBe(200);

    // A bad file on SIGHUP keeps the old tokens.
    let mark = served.stderr().length;
    await writeTokens(tokensFile, `{"tokens":[{"name":"team-c","token":"${C}"`);
    served.child.kill('SIGHUP');
    await logEvent(served, 'tokens.reload_failed', mark);
    expect((await call(served, 'GET', '/health', A)).status).toBe(200);
    expect((await call(served, 'GET', '/health', C)).status).toBe(401);

    // A new file: team-a removed, team-c added; team-a's session goes on.
    mark = served.stderr().length;
    await writeTokens(tokensFile, [
      { name: 'team-b', token: B, createsPerMinute: 1, createBurst: 1 },
      { name: 'team-c', token: C },
    ]);
    served.child.kill('SIGHUP');
    await logEvent(served, 'tokens.reloaded', mark);
    expect((await call(served, 'POST', '/sessions', A, { cwd: rig.sandbox.cwd })).status).toBe(401);
    expect(await upgradeStatus(served, `/sessions/${idA}/ws`, A)).toBe(401);
    expect((await call(served, 'POST', '/sessions', C, { cwd: rig.sandbox.cwd })).status).toBe(201);
    expect(await sessionA.turn('Please say second')).toBe('said second');
    sessionA.end();
    expect(await sessionA.done).toBe('ended');

    served.child.kill('SIGTERM');
    expect((await served.exited).code).toBe(0);
    expectCleanLog(served);
    // Each refusal is logged with the token's name.
    const refusals = served
      .stderr()
      .split('\n')
      .filter((line) => line.includes('"event":"session.create_refused"'))
      .map((line) => JSON.parse(line) as { code: string; principal: string });
    expect(refusals).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ code: 'token_session_limit', principal: 'team-a' }),
        expect.objectContaining({ code: 'rate_limited', principal: 'team-b' }),
      ]),
    );
    expect(served.stderr()).toContain('"event":"tokens.reload_failed"');
  });

  it('should end an attached session that is silent past --attached-idle-timeout with close 4408', {
    timeout: 180_000,
  }, async () => {
    rig = await startRig({ script });
    const tokensFile = await tokensFilePath();
    await writeTokens(tokensFile, [{ name: 'team-a', token: A }]);
    const served = await startServe(rig, ['--tokens-file', tokensFile, '--attached-idle-timeout', '3000']);
    const session = openSdkSession(served, rig, A, 'idle-key');
    expect(await session.turn('Please say hello')).toBe('said hello');
    const idleAt = Date.now();
    // The client stays connected and says nothing.
    expect(await session.done).toBe(`close ${DIRECT_CONNECT_CLOSE_CODES.IDLE_TIMEOUT}`);
    expect(Date.now() - idleAt).toBeGreaterThanOrEqual(2_500);
    served.child.kill('SIGTERM');
    expect((await served.exited).code).toBe(0);
    expect(served.stderr()).toContain('"event":"session.idle_timeout"');
    expect(served.stderr()).toContain('"reason":"idle timeout (client attached)"');
    expectCleanLog(served);
  });
});
