import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { isMessagesRequest, reply, text, toolUse } from '@ccsdk/testing';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { disconnectBrowser } from './support/browser-page.js';
import { compareWithLog, permissionAnswerCounts } from './support/delivery-check.js';
import { readEventLog } from './support/event-log.js';
import { assistantTexts, resultSubtypes } from './support/sdk-messages.js';
import { type SseWorld, STREAM_REQUEST, startSseWorld } from './support/sse-session.js';

let world: SseWorld | undefined;
afterEach(async () => {
  await world?.dispose();
  world = undefined;
});
afterAll(disconnectBrowser);

describe('@ccsdk/sdk/browser in Chromium over SSE, against ccsdk serve and the real CLI', () => {
  it('streams a turn with a granted Bash call; the server log matches the page', async () => {
    world = await startSseWorld([
      reply(toolUse('Bash', { command: 'touch made-over-sse.txt', description: 'create a file' })),
      reply(text('Created over SSE.')),
    ]);
    const outcome = await world.run({ prompts: ['Create the file over SSE'] });
    expect(outcome.error).toBeUndefined();
    expect(outcome.asks).toHaveLength(1);
    expect(existsSync(join(world.rig.sandbox.cwd, 'made-over-sse.txt'))).toBe(true);
    expect(assistantTexts(outcome.messages)).toContain('Created over SSE.');
    expect(resultSubtypes(outcome.messages)).toEqual(['success']);
    const log = await readEventLog(world.rig.server.httpUrl, world.rig.token, world.session.sessionId);
    const report = compareWithLog(outcome.messages, log);
    expect(report).toMatchObject({ lost: [], duplicated: [], inOrder: true });
    expect([...permissionAnswerCounts(log).values()]).toEqual([1]);
    console.log(`one SSE turn: ${world.proxy.stats().downBytes} bytes down, ${log.length} durable events`);
  });

  it('resumes after the server side cuts the stream mid-turn, twice, with every message once and in order', async () => {
    world = await startSseWorld([
      reply(toolUse('Bash', { command: 'echo cut-turn >> runs.txt', description: 'append a line' })),
      { ...reply(text('Resumed after the cuts.')), chunkDelayMs: 200 },
    ]);
    const { proxy } = world;
    const cuts = (async () => {
      await proxy.cutAfter(3_000, STREAM_REQUEST);
      await proxy.cutAfter(1_500, STREAM_REQUEST);
    })();
    const outcome = await world.run({ prompts: ['Append a line'] });
    await Promise.race([cuts, new Promise((resolve) => setTimeout(resolve, 1))]);
    expect(outcome.error).toBeUndefined();
    expect(proxy.stats().cuts).toBe(2);
    expect(resultSubtypes(outcome.messages)).toEqual(['success']);
    const log = await readEventLog(world.rig.server.httpUrl, world.rig.token, world.session.sessionId);
    expect(compareWithLog(outcome.messages, log)).toMatchObject({ lost: [], duplicated: [], inOrder: true });
    expect([...permissionAnswerCounts(log).values()]).toEqual([1]);
    console.log(`server-side cuts: ${JSON.stringify(proxy.stats())}`);
  });

  it('resumes after the page goes offline mid-turn (its connection dropped) and comes back, every message once and in order', async () => {
    world = await startSseWorld([
      { ...reply(text('A slow reply that spans the time the page is offline.')), chunkDelayMs: 400 },
    ]);
    const { page, tab, rig, proxy } = world;
    const opened = () => rig.logs.filter((entry) => entry.event === 'sse.stream_opened').length;
    await page.evaluate((s) => window.browserE2e.start(s), world.spec({ prompts: ['Talk slowly'] }));
    await rig.fake.waitForRequest((r) => isMessagesRequest(r) && r.isMain, 90_000);
    // Offline, then the connection drops (Chromium's offline mode lets a response already flowing go
    // on): every reconnect fails while the page is offline, and the first one after it resumes.
    await tab.context.setOffline(true);
    const streamsBefore = opened();
    expect(proxy.cutAll()).toBeGreaterThan(0);
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect(opened()).toBe(streamsBefore);
    await tab.context.setOffline(false);
    const outcome = await page.evaluate(() => window.browserE2e.outcome());
    expect(outcome.error).toBeUndefined();
    expect(assistantTexts(outcome.messages)).toContain(
      'A slow reply that spans the time the page is offline.',
    );
    expect(opened()).toBeGreaterThan(streamsBefore);
    const log = await readEventLog(rig.server.httpUrl, rig.token, world.session.sessionId);
    expect(compareWithLog(outcome.messages, log)).toMatchObject({ lost: [], duplicated: [], inOrder: true });
  });
});
