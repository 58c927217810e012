import { describe, expect, it } from 'vitest';
import { type FakeCliLink, fakeLinkFactory } from '../../test/fake-cli-link.js';
import type { CliLinkExit, CliLinkParams } from '../cli-link.js';
import { ClaimingCliLink } from './claiming-cli-link.js';
import { makeReady, settle, testPool } from './test-pool.js';
import { warmCliLinkFactory } from './warm-cli-link-factory.js';

const PARAMS: CliLinkParams = { cwd: '/work/project', sessionMirror: false, maxLineBytes: 1 << 20 };
const CONFIG = { sessionMirror: false };

/** A pool with `size` ready spares, a cold factory, and a session link over both. */
async function readyPool(size = 1) {
  const t = testPool({ size });
  t.pool.prime(CONFIG);
  await settle();
  makeReady(t.links);
  const cold = fakeLinkFactory();
  return { ...t, cold };
}

/** The claim request the spare received, parsed. */
function claimOf(spare: FakeCliLink): { request_id: string; request: Record<string, unknown> } {
  return JSON.parse(String(spare.received[0]));
}

function answer(spare: FakeCliLink, response: Record<string, unknown>): void {
  const { request_id } = claimOf(spare);
  spare.emit(
    JSON.stringify({ type: 'control_response', response: { subtype: 'success', request_id, response } }),
  );
}

function sessionLink(t: Awaited<ReturnType<typeof readyPool>>, claimTimeoutMs?: number) {
  const link = new ClaimingCliLink({
    pool: t.pool,
    config: CONFIG,
    params: PARAMS,
    cold: () => t.cold.factory(PARAMS),
    ...(claimTimeoutMs === undefined ? {} : { claimTimeoutMs }),
  });
  const lines: string[] = [];
  const exits: CliLinkExit[] = [];
  link.onLine = (line) => lines.push(Buffer.from(line).toString('utf8'));
  link.onWarning = () => {};
  link.onExit = (exit) => exits.push(exit);
  return { link, lines, exits };
}

/** A session link whose start has sent its claim to the pool's one ready spare, not yet answered. */
async function claimInFlight() {
  const t = await readyPool();
  const spare = t.links[0] as FakeCliLink;
  const session = sessionLink(t);
  const starting = session.link.start();
  await settle();
  return { t, spare, starting, ...session };
}

describe('ClaimingCliLink', () => {
  it('should claim a spare for the session cwd, hide the claim answer and relay what follows', async () => {
    const { t, spare, link, lines, exits, starting } = await claimInFlight();
    const claim = claimOf(spare);
    expect(claim.request).toEqual({
      subtype: 'claim_session',
      cwd: '/work/project',
      include_initialize: false,
    });
    spare.emit('{"type":"system","subtype":"ui_invalidate"}');
    answer(spare, { status: 'ok', cwd: '/work/project', session_id: 's-1' });
    spare.emit('{"type":"system","subtype":"init"}');
    await starting;
    expect(link.pooled).toBe(true);
    expect(lines).toEqual(['{"type":"system","subtype":"init"}']);
    await link.sendLine(Buffer.from('{"type":"control_request","request":{"subtype":"initialize"}}'));
    expect(String(spare.received[1])).toContain('"initialize"');
    expect(t.pool.stats()).toMatchObject({ hits: 1, misses: 0 });
    expect(t.cold.links).toHaveLength(0);
    await link.close();
    expect(exits).toHaveLength(1);
    expect(t.removed).toContain(spare.params.cwd);
    await t.pool.close();
  });

  it('should start cold and count a miss when the pool has no ready spare', async () => {
    const t = testPool({ size: 1 });
    const cold = fakeLinkFactory();
    const { link, lines } = sessionLink({ ...t, cold });
    await link.start();
    expect(link.pooled).toBe(false);
    expect(cold.links).toHaveLength(1);
    expect(cold.links[0]?.params).toBe(PARAMS);
    cold.links[0]?.emit('{"type":"x"}');
    expect(lines).toEqual(['{"type":"x"}']);
    expect(t.pool.stats().misses).toBe(1);
    await t.pool.close();
  });

  it('should end the spare and start cold when the CLI refuses the claim', async () => {
    const t = await readyPool();
    const spare = t.links[0] as FakeCliLink;
    const { link, lines } = sessionLink(t);
    const starting = link.start();
    await settle();
    answer(spare, { status: 'error', reason: 'cwd_not_found', message: 'no such folder' });
    await starting;
    expect(t.logged).toContainEqual(
      expect.objectContaining({ reason: 'claim refused: cwd_not_found (no such folder)' }),
    );
    await starting;
    expect(link.pooled).toBe(false);
    expect(spare.closed).toBe(true);
    expect(t.cold.links).toHaveLength(1);
    expect(lines).toEqual([]);
    expect(t.pool.stats()).toMatchObject({ hits: 0, misses: 1 });
    expect(t.logged).toContainEqual(expect.objectContaining({ event: 'warm_pool.claim_failed' }));
    await t.pool.close();
  });

  it('should start cold when the spare dies before it answers, or never answers', async () => {
    const t = await readyPool(2);
    const first = sessionLink(t);
    const startingFirst = first.link.start();
    await settle();
    t.links[0]?.exit({ exitCode: null, signal: 'SIGKILL' });
    await startingFirst;
    expect(first.link.pooled).toBe(false);
    expect(first.exits).toEqual([]);
    const second = sessionLink(t, 20);
    await second.link.start();
    expect(second.link.pooled).toBe(false);
    expect(t.links[1]?.closed).toBe(true);
    expect(t.cold.links).toHaveLength(2);
    await t.pool.close();
  });

  it('should take only the control_response for its own id as the answer, not lines quoting the id', async () => {
    const { t, spare, link, starting } = await claimInFlight();
    const { request_id } = claimOf(spare);
    spare.emit(`{"type":"assistant","text":"${request_id}"}`);
    spare.emit(`{"type":"control_response","response":{"subtype":"success","request_id":"${request_id}x"}}`);
    spare.emit(`not json ${request_id}`);
    answer(spare, { status: 'ok' });
    await starting;
    expect(link.pooled).toBe(true);
    await t.pool.close();
  });
});

describe('ClaimingCliLink closed during its claim', () => {
  it('should end the claimed process and start nothing cold when closed before the answer', async () => {
    const { t, spare, link, starting } = await claimInFlight();
    await link.close();
    answer(spare, { status: 'ok' });
    await expect(starting).rejects.toThrow(/closed while its CLI was being claimed/);
    expect(spare.closed).toBe(true);
    expect(t.cold.links).toHaveLength(0);
    await t.pool.close();
  });

  it('should not start a cold CLI after a close when the claim failed', async () => {
    const { t, spare, link, starting } = await claimInFlight();
    await link.close();
    answer(spare, { status: 'error', reason: 'cwd_not_found' });
    await expect(starting).rejects.toThrow(/closed/);
    expect(t.cold.links).toHaveLength(0);
    await t.pool.close();
  });
});

describe('warmCliLinkFactory', () => {
  it('should send resumes and per-session env to the cold factory, never to the pool', async () => {
    const t = await readyPool();
    const cold = fakeLinkFactory();
    const factory = warmCliLinkFactory(t.pool, cold.factory);
    const resumed = factory({ ...PARAMS, resume: '0b7e4a0e-0000-4000-8000-000000000000' });
    const withEnv = factory({ ...PARAMS, env: { CLAUDE_CONFIG_DIR: '/private' } });
    expect(cold.links).toEqual([resumed, withEnv]);
    expect(factory(PARAMS)).toBeInstanceOf(ClaimingCliLink);
    expect(t.pool.stats()).toMatchObject({ ready: 1, hits: 0, misses: 0 });
    await t.pool.close();
  });
});
