import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { disconnectBrowser, openTestPage, type TestPage, waitForHarness } from './support/browser-page.js';
import { type CreatedSession, type ServeRig, startServeRig } from './support/serve-rig.js';

/** The server's message limit in these tests, in bytes: a POST body past it is refused. */
const MAX_MESSAGE_BYTES = 16_384;

type FetchProbe = { status?: number; body?: string; networkError?: string };

let rig: ServeRig | undefined;
let session: CreatedSession | undefined;
let other: CreatedSession | undefined;
let tab: TestPage | undefined;

beforeAll(async () => {
  rig = await startServeRig(
    { script: [] },
    { allowedOrigins: [inject('pageOrigin')], maxMessageBytes: MAX_MESSAGE_BYTES },
  );
  [session, other] = await Promise.all([rig.createSession(), rig.createSession()]);
});
afterEach(async () => {
  await tab?.close();
  tab = undefined;
});
afterAll(async () => {
  await rig?.dispose();
  await disconnectBrowser();
});

/** Sends one fetch from a page of `from` (default: the allowed origin) and reports what the page saw. */
async function fetchFromPage(
  url: string,
  init: { method: string; headers?: Record<string, string>; bodyBytes?: number; body?: string },
  from = inject('pageOrigin'),
): Promise<FetchProbe> {
  tab = await openTestPage(`${from}/`);
  await waitForHarness(tab.page);
  return tab.page.evaluate(([u, i]) => window.browserE2e.probeFetch(u, i), [url, init] as const);
}

const bearer = () => ({ authorization: `Bearer ${rig?.token ?? ''}` });

function errorCode(probe: FetchProbe): string | undefined {
  try {
    return (JSON.parse(probe.body ?? '') as { error?: { code?: string } }).error?.code;
  } catch {
    return undefined;
  }
}

describe('ccsdk serve refuses what a browser should not get over SSE, and the session lives on', () => {
  it('refuses the event stream without a credential (401)', async () => {
    const probe = await fetchFromPage(session?.streamUrl ?? '', { method: 'GET' });
    expect(probe.status).toBe(401);
    expect(errorCode(probe)).toBe('unauthorized');
  });

  it('refuses the event stream and a POST with a wrong token (401)', async () => {
    const headers = { authorization: 'Bearer wrong-token-0123456789abcdef0123456789' };
    const stream = await fetchFromPage(session?.streamUrl ?? '', { method: 'GET', headers });
    expect(stream.status).toBe(401);
    await tab?.close();
    const post = await fetchFromPage(session?.sendUrl ?? '', {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ session_id: session?.sessionId, event_id: 'e1', payload: { type: 'user' } }),
    });
    expect(post.status).toBe(401);
  });

  it('refuses the right token from a page of an origin not on the allow-list (403, unreadable by the page)', async () => {
    const seenBefore = rig?.logs.filter((entry) => entry.event === 'origin.rejected').length ?? 0;
    const probe = await fetchFromPage(
      session?.streamUrl ?? '',
      { method: 'GET', headers: bearer() },
      inject('foreignOrigin'),
    );
    expect(probe.networkError).toBeDefined();
    expect(rig?.logs.filter((entry) => entry.event === 'origin.rejected').length).toBeGreaterThan(seenBefore);
    // The same request with that Origin, from Node where the answer can be read: 403.
    const direct = await fetch(session?.streamUrl ?? '', {
      headers: { ...bearer(), origin: inject('foreignOrigin') },
    });
    expect(direct.status).toBe(403);
    expect(((await direct.json()) as { error: { code: string } }).error.code).toBe('origin_not_allowed');
  });

  it('refuses a POST past the message limit (413)', async () => {
    const probe = await fetchFromPage(session?.sendUrl ?? '', {
      method: 'POST',
      headers: { ...bearer(), 'content-type': 'application/json' },
      bodyBytes: MAX_MESSAGE_BYTES * 2,
    });
    expect(probe.status).toBe(413);
    expect(errorCode(probe)).toBe('payload_too_large');
  });

  it('refuses hostile resume cursors (400): too long, malformed, of another session', async () => {
    const cursors = {
      long: `${session?.sessionId}:${'9'.repeat(200)}`,
      malformed: 'not-a-cursor',
      otherSession: `${other?.sessionId}:1`,
    };
    const answers: Record<string, [number | undefined, string | undefined]> = {};
    for (const [name, cursor] of Object.entries(cursors)) {
      const probe = await fetchFromPage(session?.streamUrl ?? '', {
        method: 'GET',
        headers: { ...bearer(), 'last-event-id': cursor },
      });
      answers[name] = [probe.status, errorCode(probe)];
      await tab?.close();
      tab = undefined;
    }
    expect(answers).toEqual({
      long: [400, 'invalid_cursor'],
      malformed: [400, 'invalid_cursor'],
      otherSession: [400, 'cursor_session_mismatch'],
    });
  });

  it('still streams to the right token after those refusals (neither session was disturbed)', async () => {
    const probe = await fetchFromPage(session?.streamUrl ?? '', { method: 'GET', headers: bearer() });
    expect(probe.status).toBe(200);
    expect(rig?.server.sessions().map((s) => s.sessionId)).toEqual(
      expect.arrayContaining([session?.sessionId, other?.sessionId]),
    );
  });
});
