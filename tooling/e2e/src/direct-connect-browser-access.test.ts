import type { IncomingMessage } from 'node:http';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DIRECT_CONNECT_CLOSE_CODES } from '@ccsdk/direct-connect';
import { reply, text } from '@ccsdk/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { type DirectConnectRig, startDirectConnectRig } from './direct-connect-rig.js';

/** The page's origin: the only one the server allows. */
const ORIGIN = 'http://127.0.0.1:5173';
const MAX_MESSAGE_BYTES = 64 * 1024;
/**
 * The server's first-frame deadline in the refusal test, in ms: short, so the silent client's close
 * comes soon, and long enough that a good first frame beats it on a busy machine.
 */
const AUTH_DEADLINE_MS = 2_000;

/** The part of the `ws` client these tests use. */
interface WsClient {
  on(event: 'open', listener: () => void): this;
  on(event: 'message', listener: (data: Buffer) => void): this;
  on(event: 'close', listener: (code: number, reason: Buffer) => void): this;
  on(event: 'unexpected-response', listener: (request: unknown, response: IncomingMessage) => void): this;
  on(event: 'error', listener: (error: Error) => void): this;
  send(data: string | Buffer): void;
  close(): void;
}
type WsClientClass = new (
  url: string,
  options: { origin?: string; headers?: Record<string, string> },
) => WsClient;

// The server's own `ws` (this package does not depend on it): the client a Node page would use.
const SERVER_PACKAGE = join(
  dirname(fileURLToPath(import.meta.url)),
  '../../../apps/direct-connect-server/package.json',
);
const WebSocket = createRequire(SERVER_PACKAGE)('ws') as WsClientClass;

let dc: DirectConnectRig | undefined;
afterEach(async () => {
  await dc?.dispose();
  dc = undefined;
});

/** A socket as a browser page holds one: every line received, and how it closed. */
interface PageSocket {
  socket: WsClient;
  lines: Array<Record<string, unknown>>;
  closed: Promise<{ code: number; reason: string }>;
  /** Resolves with the first line received that `matches`. */
  next(
    matches: (line: Record<string, unknown>) => boolean,
    timeoutMs?: number,
  ): Promise<Record<string, unknown>>;
}

function openPageSocket(
  url: string,
  options: { origin?: string; headers?: Record<string, string> } = { origin: ORIGIN },
): Promise<PageSocket | { refused: number }> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, options);
    const lines: Array<Record<string, unknown>> = [];
    const waiters: Array<() => void> = [];
    socket.on('message', (data) => {
      for (const line of data.toString('utf8').split('\n')) {
        if (line.trim() !== '') lines.push(JSON.parse(line) as Record<string, unknown>);
      }
      for (const wake of waiters.splice(0)) wake();
    });
    const closed = new Promise<{ code: number; reason: string }>((done) =>
      socket.on('close', (code, reason) => {
        done({ code, reason: reason.toString('utf8') });
        for (const wake of waiters.splice(0)) wake();
      }),
    );
    const next = async (matches: (line: Record<string, unknown>) => boolean, timeoutMs = 60_000) => {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = lines.find(matches);
        if (found !== undefined) return found;
        if (Date.now() > deadline) throw new Error(`no matching line; got ${JSON.stringify(lines)}`);
        await new Promise<void>((wake) => {
          waiters.push(wake);
          setTimeout(wake, 250);
        });
      }
    };
    socket.on('open', () => resolve({ socket, lines, closed, next }));
    socket.on('unexpected-response', (_request, response) => {
      response.resume();
      resolve({ refused: response.statusCode ?? 0 });
    });
    socket.on('error', reject);
  });
}

async function openedPageSocket(url: string): Promise<PageSocket> {
  const opened = await openPageSocket(url);
  if ('refused' in opened) throw new Error(`the upgrade was refused with ${opened.refused}`);
  return opened;
}

function authFrame(token: string): string {
  return JSON.stringify({ type: 'auth', credential: { type: 'oauth', token } });
}

/** The first lines the official client sends: `initialize`, then one user message. */
function sendTurn(socket: WsClient, prompt: string): void {
  socket.send(
    `${JSON.stringify({ type: 'control_request', request_id: 'init-1', request: { subtype: 'initialize' } })}\n`,
  );
  socket.send(
    `${JSON.stringify({
      type: 'user',
      message: { role: 'user', content: prompt },
      parent_tool_use_id: null,
      session_id: '',
    })}\n`,
  );
}

async function createSession(rig: DirectConnectRig, origin?: string): Promise<Response> {
  return fetch(`${rig.server.httpUrl}/sessions`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${rig.token}`,
      'content-type': 'application/json',
      ...(origin === undefined ? {} : { origin }),
    },
    body: JSON.stringify({ cwd: rig.rig.sandbox.cwd }),
  });
}

async function wsUrlOf(answer: Response): Promise<string> {
  expect(answer.status).toBe(201);
  return ((await answer.json()) as { ws_url: string }).ws_url;
}

const isResult = (line: Record<string, unknown>) => line['type'] === 'result';

describe('ccsdk serve for a browser: first-frame auth, origins, CORS, through the real CLI', () => {
  it('should run a whole turn on a WebSocket authenticated by its first frame', async () => {
    dc = await startDirectConnectRig(
      { script: [reply(text('Hello from the browser path.'))] },
      { allowedOrigins: [ORIGIN] },
    );
    const created = await createSession(dc, ORIGIN);
    expect(created.headers.get('access-control-allow-origin')).toBe(ORIGIN);
    const page = await openedPageSocket(await wsUrlOf(created));
    page.socket.send(authFrame(dc.token));
    sendTurn(page.socket, 'hi');
    expect(await page.next((line) => line['type'] === 'control_response')).toMatchObject({
      response: { subtype: 'success', request_id: 'init-1' },
    });
    const result = await page.next(isResult);
    expect(result).toMatchObject({ subtype: 'success', is_error: false });
    const assistant = page.lines.find((line) => line['type'] === 'assistant');
    expect(JSON.stringify(assistant)).toContain('Hello from the browser path.');
    // One main request for the one prompt; the auth frame (the token) never reached the CLI.
    expect(dc.rig.fake.remainingReplies).toBe(0);
    expect(dc.rig.fake.scriptExhausted).toBe(false);
    expect(JSON.stringify(dc.rig.fake.requests)).not.toContain(dc.token);
    page.socket.send('');
    expect((await page.closed).code).toBe(DIRECT_CONNECT_CLOSE_CODES.NORMAL);
    expect(JSON.stringify(dc.logs)).not.toContain(dc.token);
    expect(dc.logs.filter((entry) => entry['redacted'] === true)).toEqual([]);
  });

  it('should refuse no credential, a wrong one, a bad origin and an oversized frame, leaving another live session undisturbed', async () => {
    dc = await startDirectConnectRig(
      { script: [reply(text('The bystander still works.'))] },
      { allowedOrigins: [ORIGIN], authDeadlineMs: AUTH_DEADLINE_MS, maxMessageBytes: MAX_MESSAGE_BYTES },
    );
    const rig = dc;
    // The bystander: a client authenticated by its header, attached before the hostile traffic.
    const bystander = await openPageSocket(await wsUrlOf(await createSession(rig)), {
      headers: { authorization: `Bearer ${rig.token}` },
    });
    if ('refused' in bystander) throw new Error('the bystander was refused');
    const victimUrl = await wsUrlOf(await createSession(rig));

    // No credential (and a token in the URL, which is never read): closed at the deadline.
    const silent = await openedPageSocket(`${victimUrl}?token=${rig.token}`);
    expect((await silent.closed).code).toBe(DIRECT_CONNECT_CLOSE_CODES.AUTH_TIMEOUT);
    // A wrong token.
    const wrong = await openedPageSocket(victimUrl);
    wrong.socket.send(authFrame('not-the-token-0123456789abcdef'));
    const wrongClose = await wrong.closed;
    expect(wrongClose.code).toBe(DIRECT_CONNECT_CLOSE_CODES.AUTH_FAILED);
    expect(wrongClose.reason).not.toContain('not-the-token');
    // A junk first frame.
    const junk = await openedPageSocket(victimUrl);
    junk.socket.send(Buffer.from([0xde, 0xad, 0xbe, 0xef]));
    expect((await junk.closed).code).toBe(DIRECT_CONNECT_CLOSE_CODES.AUTH_FAILED);
    // A bad origin: the upgrade, with or without the right header, and every HTTP route.
    expect(await openPageSocket(victimUrl, { origin: 'http://evil.test' })).toEqual({ refused: 403 });
    expect(
      await openPageSocket(victimUrl, { origin: 'null', headers: { authorization: `Bearer ${rig.token}` } }),
    ).toEqual({ refused: 403 });
    const badOrigin = await createSession(rig, 'http://127.0.0.1:5174');
    expect(badOrigin.status).toBe(403);
    expect(await badOrigin.json()).toMatchObject({ error: { code: 'origin_not_allowed' } });
    expect(badOrigin.headers.get('access-control-allow-origin')).toBeNull();
    // An oversized frame once authenticated: the existing message limit, 1009.
    const big = await openedPageSocket(victimUrl);
    big.socket.send(authFrame(rig.token));
    big.socket.send(Buffer.alloc(MAX_MESSAGE_BYTES + 1, 0x20));
    expect((await big.closed).code).toBe(DIRECT_CONNECT_CLOSE_CODES.MESSAGE_TOO_BIG);

    // Only the two sessions exist; the bystander's turn runs as if nothing happened.
    expect(rig.server.sessions()).toHaveLength(2);
    expect(rig.rig.fake.remainingReplies).toBe(1);
    sendTurn(bystander.socket, 'are you there?');
    expect(await bystander.next(isResult)).toMatchObject({ subtype: 'success' });
    expect(JSON.stringify(bystander.lines)).toContain('The bystander still works.');
    expect(rig.rig.fake.remainingReplies).toBe(0);
    expect(JSON.stringify(rig.rig.fake.requests)).not.toContain(rig.token);
    const reasons = rig.logs.filter((e) => e.event === 'auth.rejected').map((e) => e['reason']);
    expect(reasons).toEqual(['first_frame_timeout', 'first_frame_wrong_token', 'first_frame_invalid']);
    expect(rig.logs.filter((e) => e.event === 'origin.rejected')).toHaveLength(3);
    expect(JSON.stringify(rig.logs)).not.toContain(rig.token);
    expect(rig.logs.filter((entry) => entry['redacted'] === true)).toEqual([]);
  });
});
