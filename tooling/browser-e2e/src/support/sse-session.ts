import type { Script } from '@ccsdk/testing';
import type { Page } from 'playwright-core';
import { inject } from 'vitest';
import type { PageOutcome, PageRunSpec } from '../page/page-protocol.js';
import { openTestPage, type TestPage, waitForHarness } from './browser-page.js';
import { type CutProxy, startCutProxy } from './cut-proxy.js';
import { withDeadline } from './deadline.js';
import {
  type CreatedSession,
  type ServeRig,
  type ServeRigServerOptions,
  startServeRig,
} from './serve-rig.js';

/** Matches the request line of the page's event stream (`GET /sessions/:id/events/stream`). */
export const STREAM_REQUEST = /^GET \/sessions\/[^/]+\/events\/stream/;

/** An SSE test's world: the server side, the cut proxy in front of it, a page, and one session. */
export interface SseWorld {
  readonly rig: ServeRig;
  readonly proxy: CutProxy;
  readonly tab: TestPage;
  readonly page: Page;
  readonly session: CreatedSession;
  /** The page's query spec for this session, through the proxy. */
  spec(rest: Omit<PageRunSpec, 'transport'>): PageRunSpec;
  /** Starts the page's query and returns its outcome once it is over. */
  run(rest: Omit<PageRunSpec, 'transport'>, deadlineMs?: number): Promise<PageOutcome>;
  dispose(): Promise<void>;
}

/** Starts the server side with the page's origin allowed, a cut proxy, a page, and one session. */
export async function startSseWorld(script: Script, options: ServeRigServerOptions = {}): Promise<SseWorld> {
  const rig = await startServeRig({ script }, { allowedOrigins: [inject('pageOrigin')], ...options });
  const proxy = await startCutProxy(rig.server.httpUrl);
  const tab = await openTestPage();
  await waitForHarness(tab.page);
  const session = await rig.createSession();
  const spec = (rest: Omit<PageRunSpec, 'transport'>): PageRunSpec => ({
    transport: {
      kind: 'sse',
      streamUrl: proxy.via(session.streamUrl),
      sendUrl: proxy.via(session.sendUrl),
      sessionId: session.sessionId,
      token: rig.token,
    },
    ...rest,
  });
  return {
    rig,
    proxy,
    tab,
    page: tab.page,
    session,
    spec,
    async run(rest, deadlineMs = 110_000) {
      await tab.page.evaluate((s) => window.browserE2e.start(s), spec(rest));
      return withDeadline(
        tab.page.evaluate(() => window.browserE2e.outcome()),
        deadlineMs,
        'the page query over SSE',
      );
    },
    async dispose() {
      await tab.close();
      await proxy.close();
      await rig.dispose();
    },
  };
}
