import { type IncomingHttpHeaders, request } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { FakeCliLink } from '../test/fake-cli-link.js';
import { type FakeLinkServer, startFakeLinkServer } from '../test/fake-link-server.js';
import { type Answer, call } from '../test/http-client.js';
import type { DirectConnectServer } from './direct-connect-server.js';
import { CORS_PREFLIGHT_MAX_AGE_SECONDS } from './limits.js';
import type { LogEntry } from './logger.js';
import type { DirectConnectServerOptions } from './server-options.js';

const TOKEN = 'cors-test-token-0123456789';
const ORIGIN = 'https://app.example.test';
const OTHER_ORIGIN = 'https://app.example.test:8443';

let harness: FakeLinkServer | undefined;
let links: FakeCliLink[];
let logs: LogEntry[];

afterEach(async () => {
  await harness?.close();
  harness = undefined;
});

async function start(options: Partial<DirectConnectServerOptions> = {}): Promise<DirectConnectServer> {
  harness = await startFakeLinkServer({ token: TOKEN, allowedOrigins: [ORIGIN], ...options });
  ({ links, logs } = harness);
  return harness.server;
}

/** The HTTP status of a WebSocket upgrade (101 when accepted). */
function upgradeStatus(url: string, headers: Record<string, string>, origin?: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, { headers, ...(origin === undefined ? {} : { origin }) });
    socket.on('open', () => {
      socket.close();
      resolve(101);
    });
    socket.on('unexpected-response', (_req, res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    socket.on('error', reject);
  });
}

/** The status and headers of a streaming answer; the stream is dropped once they came. */
function streamHeaders(
  url: string,
  headers: Record<string, string>,
): Promise<{ status: number; headers: IncomingHttpHeaders }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers, agent: false }, (res) => {
      resolve({ status: res.statusCode ?? 0, headers: res.headers });
      res.destroy();
    });
    req.on('error', reject);
    req.end();
  });
}

function corsHeadersOf(answer: Answer): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(answer.headers).filter(([name]) => name.startsWith('access-control-')),
  );
}

const ROUTES = [
  ['GET', '/health'],
  ['POST', '/sessions'],
  ['GET', '/sessions/x'],
  ['DELETE', '/sessions/x'],
  ['GET', '/sessions/x/events/stream'],
  ['POST', '/sessions/x/events'],
  ['OPTIONS', '/sessions'],
] as const;

describe('the origin allow-list', () => {
  it.each([
    ['another origin', 'https://evil.example.test'],
    ['the same host on another port', OTHER_ORIGIN],
    ['the same host over http', 'http://app.example.test'],
    ['null', 'null'],
    ['a case variant', 'https://APP.example.test'],
    ['two origins', `${ORIGIN}, https://evil.example.test`],
  ])(
    'should answer 403 origin_not_allowed to %s on every route, even with the right token',
    async (_label, origin) => {
      const { httpUrl } = await start();
      for (const [method, path] of ROUTES) {
        const answer = await call(httpUrl, method, path, { token: TOKEN, headers: { origin } });
        expect(answer.status).toBe(403);
        expect(answer.body).toMatchObject({ error: { code: 'origin_not_allowed' } });
        expect(corsHeadersOf(answer)).toEqual({});
      }
      expect(links).toEqual([]);
      expect(logs.filter((e) => e.event === 'origin.rejected')).toHaveLength(ROUTES.length);
      expect(logs.filter((e) => e.event === 'auth.rejected')).toEqual([]);
      expect(JSON.stringify(logs)).not.toContain(TOKEN);
      expect(logs.filter((entry) => entry['redacted'] === true)).toEqual([]);
    },
  );

  it('should refuse every browser when no origin is allowed, and serve clients without Origin as before', async () => {
    const { httpUrl } = await start({ allowedOrigins: [] });
    expect(
      (await call(httpUrl, 'GET', '/health', { token: TOKEN, headers: { origin: ORIGIN } })).status,
    ).toBe(403);
    const plain = await call(httpUrl, 'GET', '/health', { token: TOKEN });
    expect(plain.status).toBe(200);
    expect(corsHeadersOf(plain)).toEqual({});
  });

  it('should refuse a WebSocket upgrade from a refused origin with 403 before the token is looked at', async () => {
    const { httpUrl } = await start();
    const created = await call(httpUrl, 'POST', '/sessions', { token: TOKEN, body: {} });
    const { ws_url } = created.body as { ws_url: string };
    const authorization = `Bearer ${TOKEN}`;
    expect(await upgradeStatus(ws_url, { authorization }, 'https://evil.example.test')).toBe(403);
    expect(await upgradeStatus(ws_url, { authorization }, 'null')).toBe(403);
    expect(
      await upgradeStatus(ws_url, { authorization: 'Bearer wrong-wrong-wrong-wrong' }, OTHER_ORIGIN),
    ).toBe(403);
    expect(logs.filter((e) => e.event === 'auth.rejected')).toEqual([]);
    expect(logs.filter((e) => e.event === 'origin.rejected')).toHaveLength(3);
    expect(await upgradeStatus(ws_url, { authorization }, ORIGIN)).toBe(101);
  });
});

describe('CORS', () => {
  it.each(['GET', 'POST', 'DELETE'])(
    'should answer a %s preflight from an allowed origin with 204, without a token and without credentials',
    async (method) => {
      const { httpUrl } = await start();
      const answer = await call(httpUrl, 'OPTIONS', '/sessions/x/events', {
        headers: {
          origin: ORIGIN,
          'access-control-request-method': method,
          'access-control-request-headers': 'authorization, content-type, last-event-id',
        },
      });
      expect(answer.status).toBe(204);
      expect(corsHeadersOf(answer)).toEqual({
        'access-control-allow-origin': ORIGIN,
        'access-control-allow-methods': 'GET, POST, DELETE',
        'access-control-allow-headers':
          'authorization, content-type, last-event-id, anthropic-client-platform, anthropic-version, x-request-id',
        'access-control-max-age': String(CORS_PREFLIGHT_MAX_AGE_SECONDS),
      });
      expect(answer.headers.vary).toBe('origin');
      expect(answer.headers['access-control-allow-credentials']).toBeUndefined();
      expect(logs.filter((e) => e.event === 'auth.rejected')).toEqual([]);
    },
  );

  it('should refuse a preflight from a refused origin with 403, and one for a method no route answers with 405', async () => {
    const { httpUrl } = await start();
    const refused = await call(httpUrl, 'OPTIONS', '/sessions', {
      headers: { origin: 'https://evil.example.test', 'access-control-request-method': 'POST' },
    });
    expect(refused.status).toBe(403);
    expect(corsHeadersOf(refused)).toEqual({});
    const put = await call(httpUrl, 'OPTIONS', '/sessions', {
      headers: { origin: ORIGIN, 'access-control-request-method': 'PUT' },
    });
    expect(put.status).toBe(405);
    expect(put.headers['access-control-allow-methods']).toBeUndefined();
  });

  it('should route an OPTIONS without Access-Control-Request-Method as any request: 401 without a token', async () => {
    const { httpUrl } = await start();
    const answer = await call(httpUrl, 'OPTIONS', '/health', { headers: { origin: ORIGIN } });
    expect(answer.status).toBe(401);
    expect(answer.headers['access-control-allow-origin']).toBe(ORIGIN);
  });

  it('should put the CORS headers on every answer to an allowed origin, refusals included, and never allow credentials', async () => {
    const { httpUrl } = await start();
    const answers = [
      await call(httpUrl, 'GET', '/health', { token: TOKEN, headers: { origin: ORIGIN } }),
      await call(httpUrl, 'GET', '/health', { headers: { origin: ORIGIN } }),
      await call(httpUrl, 'POST', '/sessions', { token: TOKEN, headers: { origin: ORIGIN }, body: {} }),
      await call(httpUrl, 'GET', '/sessions/nope', { token: TOKEN, headers: { origin: ORIGIN } }),
      await call(httpUrl, 'GET', '/sessions', { token: TOKEN, headers: { origin: ORIGIN } }),
    ];
    expect(answers.map((a) => a.status)).toEqual([200, 401, 201, 404, 405]);
    for (const answer of answers) {
      expect(corsHeadersOf(answer)).toEqual({
        'access-control-allow-origin': ORIGIN,
        'access-control-expose-headers': 'retry-after, x-request-id',
      });
      expect(answer.headers.vary).toBe('origin');
    }
  });

  it('should put them on the SSE routes too: the event stream and the POST of an event', async () => {
    const { httpUrl } = await start();
    const created = await call(httpUrl, 'POST', '/sessions', { token: TOKEN, body: {} });
    const { session_id } = created.body as { session_id: string };
    const stream = await streamHeaders(`${httpUrl}/sessions/${session_id}/events/stream`, {
      authorization: `Bearer ${TOKEN}`,
      origin: ORIGIN,
    });
    expect(stream.status).toBe(200);
    expect(stream.headers['content-type']).toContain('text/event-stream');
    expect(stream.headers['access-control-allow-origin']).toBe(ORIGIN);
    expect(stream.headers.vary).toBe('origin');
    expect(stream.headers['access-control-allow-credentials']).toBeUndefined();
    const posted = await call(httpUrl, 'POST', `/sessions/${session_id}/events`, {
      token: TOKEN,
      headers: { origin: ORIGIN },
      body: { session_id, event_id: 'e-1', payload: { type: 'user' } },
    });
    expect(posted.status).toBe(200);
    expect(posted.headers['access-control-allow-origin']).toBe(ORIGIN);
  });

  it('should send no CORS header to a request without Origin', async () => {
    const { httpUrl } = await start();
    for (const answer of [
      await call(httpUrl, 'GET', '/health', { token: TOKEN }),
      await call(httpUrl, 'GET', '/health'),
      await call(httpUrl, 'OPTIONS', '/health', { headers: { 'access-control-request-method': 'GET' } }),
    ]) {
      expect(corsHeadersOf(answer)).toEqual({});
      expect(answer.headers.vary).toBeUndefined();
    }
  });

  it('should expose Retry-After of a 503 to the page', async () => {
    const { httpUrl } = await start({ maxSessions: 1 });
    await call(httpUrl, 'POST', '/sessions', { token: TOKEN, body: {} });
    const full = await call(httpUrl, 'POST', '/sessions', {
      token: TOKEN,
      headers: { origin: ORIGIN },
      body: {},
    });
    expect(full.status).toBe(503);
    expect(full.headers['retry-after']).toBe('5');
    expect(full.headers['access-control-expose-headers']).toBe('retry-after, x-request-id');
  });
});
