import { randomBytes } from 'node:crypto';
import { request } from 'node:http';
import { DirectConnectTransport } from '@ccsdk/direct-connect';
import { isSDKResultMessage, query, type SDKMessage } from '@ccsdk/sdk';
import { reply, text } from '@ccsdk/testing';
import parsePrometheusTextFormat, { type PrometheusFamily } from 'parse-prometheus-text-format';
import { afterEach, describe, expect, it } from 'vitest';
import { findProcessesWithEnv } from './support/process-table.js';
import { type Rig, startRig } from './support/rig.js';
import { type ServeProcess, startServeProcess } from './support/serve-process.js';
import { openSseStream, postSseEvent, type SseStreamClient } from './support/sse-client.js';

const TOKEN = 'serve-metrics-token-0123456789abcdef';

/** Every metric the server documents; each must be in every scrape. */
const LISTED_METRICS = [
  'ccsdk_serve_sessions_active',
  'ccsdk_serve_sessions_created_total',
  'ccsdk_serve_sessions_refused_total',
  'ccsdk_serve_sessions_failed_total',
  'ccsdk_serve_refusals_total',
  'ccsdk_serve_cli_start_seconds',
  'ccsdk_serve_first_message_seconds',
  'ccsdk_serve_websocket_connections',
  'ccsdk_serve_websocket_connections_opened_total',
  'ccsdk_serve_sse_connections',
  'ccsdk_serve_sse_connections_opened_total',
  'ccsdk_serve_bytes_in_total',
  'ccsdk_serve_bytes_out_total',
  'ccsdk_serve_store_append_seconds',
  'ccsdk_serve_store_append_errors_total',
  'ccsdk_serve_pool_size',
  'ccsdk_serve_pool_hits_total',
  'ccsdk_serve_pool_misses_total',
  'ccsdk_serve_pool_replaced_total',
  'process_resident_memory_bytes',
  'nodejs_eventloop_lag_seconds',
];

/** Events logged while a request or an upgrade is handled: each must carry a requestId. */
const REQUEST_EVENTS = new Set([
  'auth.rejected',
  'origin.rejected',
  'session.create_refused',
  'session.created',
]);

let rig: Rig | undefined;
let served: ServeProcess | undefined;
const streams: SseStreamClient[] = [];

afterEach(async () => {
  for (const stream of streams.splice(0)) stream.close();
  if (served !== undefined && served.child.exitCode === null && served.child.signalCode === null)
    served.child.kill('SIGKILL');
  served = undefined;
  if (rig !== undefined) {
    for (const { pid } of await findProcessesWithEnv(rig.processMarker)) process.kill(pid, 'SIGKILL');
    await rig.dispose();
    rig = undefined;
  }
});

/**
 * One scrape, parsed by a real Prometheus text-format parser. The parser folds the series of a
 * labelled histogram into one (a limit of parse-prometheus-text-format 1.1.1), so `_count`
 * samples are read from a second parse of the same text without its `# TYPE` lines, where each
 * sample name is a family of its own with its labels.
 */
class Scrape {
  readonly families: Map<string, PrometheusFamily>;
  readonly #samples: Map<string, PrometheusFamily>;

  constructor(readonly text: string) {
    this.families = byName(parsePrometheusTextFormat(text));
    const untyped = text
      .split('\n')
      .filter((line) => !line.startsWith('# TYPE '))
      .join('\n');
    this.#samples = byName(parsePrometheusTextFormat(untyped));
  }

  /** The value of a sample with exactly these labels (0 when absent). */
  value(name: string, labels: Record<string, string> = {}): number {
    const wanted = JSON.stringify(Object.entries(labels).sort());
    const sample = this.#samples
      .get(name)
      ?.metrics.find((m) => JSON.stringify(Object.entries(m.labels ?? {}).sort()) === wanted);
    return sample === undefined || !('value' in sample) ? 0 : Number(sample.value);
  }

  /** The `_count` of a histogram with exactly these labels (0 when absent). */
  count(name: string, labels: Record<string, string> = {}): number {
    return this.value(`${name}_count`, labels);
  }
}

function byName(families: PrometheusFamily[]): Map<string, PrometheusFamily> {
  return new Map(families.map((family) => [family.name, family]));
}

async function scrape(server: ServeProcess): Promise<Scrape> {
  const response = await fetch(`${server.httpUrl}/metrics`, {
    headers: { authorization: `Bearer ${TOKEN}` },
  });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  return new Scrape(await response.text());
}

async function createSession(server: ServeProcess, cwd: string): Promise<string> {
  const response = await fetch(`${server.httpUrl}/sessions`, {
    method: 'POST',
    headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
    body: JSON.stringify({ cwd }),
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { session_id: string }).session_id;
}

/** A WebSocket upgrade with `token`; resolves with the HTTP status of the answer. */
function upgradeStatus(server: ServeProcess, path: string, token: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(`${server.httpUrl}${path}`, {
      headers: {
        connection: 'Upgrade',
        upgrade: 'websocket',
        'sec-websocket-version': '13',
        'sec-websocket-key': randomBytes(16).toString('base64'),
        authorization: `Bearer ${token}`,
      },
    });
    req.on('response', (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    req.on('upgrade', (_response, socket) => {
      socket.destroy();
      resolve(101);
    });
    req.on('error', reject);
    req.end();
  });
}

async function until(predicate: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await predicate())) {
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('ccsdk serve /metrics and logs, through the built app and the real CLI', () => {
  it('should expose every listed metric, move them as sessions are driven, and log JSON lines without the token', {
    timeout: 240_000,
  }, async () => {
    rig = await startRig({ script: async () => reply(text('Metrics answer.')) });
    const server = await startServeProcess(rig, TOKEN, ['--max-sessions', '10']);
    served = server;
    const cwd = rig.sandbox.cwd;

    const before = await scrape(server);
    for (const name of LISTED_METRICS)
      expect({ name, present: before.families.has(name) }).toEqual({ name, present: true });
    expect(before.families.get('ccsdk_serve_cli_start_seconds')?.type).toBe('HISTOGRAM');
    expect(before.families.get('ccsdk_serve_store_append_seconds')?.type).toBe('HISTOGRAM');
    expect(before.value('ccsdk_serve_pool_size', { state: 'ready' })).toBe(0);
    expect(before.value('process_resident_memory_bytes')).toBeGreaterThan(0);

    // A WebSocket session through the SDK: one whole turn.
    const transport = new DirectConnectTransport({ url: server.url, cwd, openTimeoutMs: 90_000 });
    const messages: SDKMessage[] = [];
    for await (const message of query({
      prompt: 'Say something for the metrics.',
      options: { transport, initializeTimeoutMs: 120_000 },
    })) {
      messages.push(message);
    }
    expect(messages.some(isSDKResultMessage)).toBe(true);

    // An SSE session: initialize and one turn over the event stream.
    const sseSession = await createSession(server, cwd);
    const stream = await openSseStream(server.httpUrl, TOKEN, sseSession);
    streams.push(stream);
    expect(stream.status).toBe(200);
    const post = async (eventId: string, payload: Record<string, unknown>): Promise<void> => {
      const answer = await postSseEvent(server.httpUrl, TOKEN, sseSession, {
        session_id: sseSession,
        event_id: eventId,
        payload,
      });
      expect(answer.status).toBe(200);
    };
    await post('init-1', {
      type: 'control_request',
      request_id: 'init-1',
      request: { subtype: 'initialize' },
    });
    await post('user-1', {
      type: 'user',
      message: { role: 'user', content: 'And over SSE.' },
      parent_tool_use_id: null,
      session_id: '',
    });
    await stream.waitFor((s) => s.events.some((e) => e.payload?.['type'] === 'result'), 120_000);
    const during = await scrape(server);
    expect(during.value('ccsdk_serve_sse_connections')).toBe(1);
    stream.close();

    // Refusals: a cwd outside the roots (with our request id), a bad token, a bad token on an upgrade.
    const outside = await fetch(`${server.httpUrl}/sessions`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${TOKEN}`,
        'content-type': 'application/json',
        'x-request-id': 'e2e-refused-1',
      },
      body: JSON.stringify({ cwd: '/' }),
    });
    expect(outside.status).toBe(403);
    expect(outside.headers.get('x-request-id')).toBe('e2e-refused-1');
    const badToken = await fetch(`${server.httpUrl}/health`, {
      headers: { authorization: 'Bearer wrong-token-0123456789abcdef', 'x-request-id': 'x'.repeat(300) },
    });
    expect(badToken.status).toBe(401);
    expect(badToken.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(await upgradeStatus(server, `/sessions/${sseSession}/ws`, 'wrong-token-0123456789abcdef')).toBe(
      401,
    );

    await until(async () => (await scrape(server)).value('ccsdk_serve_sse_connections') === 0, 10_000);
    const after = await scrape(server);
    for (const name of LISTED_METRICS)
      expect({ name, present: after.families.has(name) }).toEqual({ name, present: true });
    const grew = (name: string, labels: Record<string, string> = {}): number =>
      after.value(name, labels) - before.value(name, labels);
    const grewCount = (name: string, labels: Record<string, string> = {}): number =>
      after.count(name, labels) - before.count(name, labels);
    expect(grew('ccsdk_serve_sessions_created_total')).toBe(2);
    expect(grew('ccsdk_serve_sessions_refused_total', { reason: 'cwd_outside_roots' })).toBe(1);
    expect(
      grew('ccsdk_serve_refusals_total', { route: '/sessions', status: '403', reason: 'cwd_outside_roots' }),
    ).toBe(1);
    expect(
      grew('ccsdk_serve_refusals_total', { route: '/health', status: '401', reason: 'unauthorized' }),
    ).toBe(1);
    expect(
      grew('ccsdk_serve_refusals_total', {
        route: '/sessions/:id/ws',
        status: '401',
        reason: 'unauthorized',
      }),
    ).toBe(1);
    expect(grewCount('ccsdk_serve_cli_start_seconds')).toBe(2);
    // The typed parse of an unlabelled histogram: its buckets and count as the parser reads them.
    const started = after.families.get('ccsdk_serve_cli_start_seconds')?.metrics[0] as
      | { count?: string; buckets?: Record<string, string> }
      | undefined;
    expect(started?.count).toBe(String(after.count('ccsdk_serve_cli_start_seconds')));
    expect(started?.buckets?.['+Inf']).toBe(started?.count);
    expect(grewCount('ccsdk_serve_first_message_seconds')).toBe(2);
    expect(grew('ccsdk_serve_websocket_connections_opened_total')).toBe(1);
    expect(grew('ccsdk_serve_sse_connections_opened_total')).toBe(1);
    expect(grew('ccsdk_serve_bytes_in_total')).toBeGreaterThan(100);
    expect(grew('ccsdk_serve_bytes_out_total')).toBeGreaterThan(1000);
    expect(grewCount('ccsdk_serve_store_append_seconds', { log: 'sse_event_log' })).toBeGreaterThan(0);
    expect(after.value('ccsdk_serve_sessions_active')).toBeGreaterThanOrEqual(1);

    // A CLI killed under the server: the session failed, reason cli_exited.
    const clis = (await findProcessesWithEnv(rig.processMarker)).filter(
      ({ pid }) => pid !== server.child.pid,
    );
    expect(clis.length).toBeGreaterThan(0);
    for (const { pid } of clis) process.kill(pid, 'SIGKILL');
    await until(
      async () =>
        (await scrape(server)).value('ccsdk_serve_sessions_failed_total', { reason: 'cli_exited' }) >= 1,
      30_000,
    );

    // Every stderr line is a JSON log entry; none holds the token.
    server.child.kill('SIGTERM');
    expect((await server.exited).code).toBe(0);
    const lines = server
      .stderr()
      .split('\n')
      .filter((line) => line !== '');
    expect(lines.length).toBeGreaterThan(10);
    const entries = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    for (const line of lines) expect(line).not.toContain(TOKEN);
    for (const entry of entries) {
      expect(entry).toMatchObject({
        event: expect.any(String),
        level: expect.any(String),
        time: expect.any(String),
      });
      const event = entry['event'] as string;
      if ((event.startsWith('session.') || event.startsWith('sse.')) && event !== 'session.create_refused')
        expect({ event, sessionId: typeof entry['sessionId'] }).toEqual({ event, sessionId: 'string' });
      if (REQUEST_EVENTS.has(event))
        expect({ event, requestId: typeof entry['requestId'] }).toEqual({ event, requestId: 'string' });
    }
    expect(entries.find((entry) => entry['event'] === 'session.create_refused')?.['requestId']).toBe(
      'e2e-refused-1',
    );
    expect(entries.filter((entry) => entry['event'] === 'session.created')).toHaveLength(2);
    expect(entries.filter((entry) => entry['event'] === 'auth.rejected')).toHaveLength(2);
  });

  it('should count the warm pool: its size, a create served by a spare (hit), one that found none (miss)', {
    timeout: 400_000,
  }, async () => {
    rig = await startRig({ script: async () => reply(text('Pooled answer.')) });
    const server = await startServeProcess(rig, TOKEN, ['--warm', '1']);
    served = server;
    // A spare may take long to start on a busy machine: it runs at a lowered priority.
    await until(
      async () => (await scrape(server)).value('ccsdk_serve_pool_size', { state: 'ready' }) === 1,
      150_000,
    );
    const before = await scrape(server);
    await createSession(server, rig.sandbox.cwd);
    await createSession(server, rig.sandbox.cwd);
    const after = await scrape(server);
    expect(after.value('ccsdk_serve_pool_hits_total') - before.value('ccsdk_serve_pool_hits_total')).toBe(1);
    expect(after.value('ccsdk_serve_pool_misses_total') - before.value('ccsdk_serve_pool_misses_total')).toBe(
      1,
    );
    expect(after.value('ccsdk_serve_pool_size', { state: 'ready' })).toBe(0);
    // The pool refills in the background.
    await until(
      async () => (await scrape(server)).value('ccsdk_serve_pool_size', { state: 'ready' }) === 1,
      150_000,
    );
    expect((await scrape(server)).value('ccsdk_serve_sessions_created_total')).toBe(2);
  });
});
