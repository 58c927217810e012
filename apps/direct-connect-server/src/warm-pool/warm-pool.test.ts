import { describe, expect, it } from 'vitest';
import { DEFAULT_WARM_MAX_AGE_MS, WARM_REFILL_BACKOFF_MS, WARM_SPARE_START_TIMEOUT_MS } from './limits.js';
import { makeReady, settle, testPool } from './test-pool.js';
import { WarmPool } from './warm-pool.js';

const DEFAULT = { sessionMirror: false };

describe('WarmPool', () => {
  it('should fill to n parked spares, started with await-claim in their own parking folders', async () => {
    const { pool, links } = testPool({ size: 3 });
    pool.prime(DEFAULT);
    await settle();
    expect(links).toHaveLength(3);
    expect(pool.stats()).toEqual({ ready: 0, starting: 3, hits: 0, misses: 0, replaced: 0 });
    for (const link of links) expect(link.params).toMatchObject({ awaitClaim: true, sessionMirror: false });
    expect(new Set(links.map((link) => link.params.cwd)).size).toBe(3);
    makeReady(links);
    expect(pool.stats()).toEqual({ ready: 3, starting: 0, hits: 0, misses: 0, replaced: 0 });
    await pool.close();
  });

  it('should hand out a ready spare and start another in its place', async () => {
    const { pool, links } = testPool({ size: 2 });
    pool.prime(DEFAULT);
    await settle();
    makeReady(links);
    const spare = pool.take(DEFAULT);
    expect(spare?.link).toBe(links[0]);
    pool.claimSucceeded(spare as NonNullable<typeof spare>);
    await settle();
    expect(links).toHaveLength(3);
    expect(pool.stats()).toMatchObject({ ready: 1, starting: 1, hits: 1, misses: 0 });
    makeReady(links.slice(2));
    expect(pool.stats()).toMatchObject({ ready: 2, starting: 0 });
    await pool.close();
  });

  it('should count a miss and return nothing while no spare is ready', async () => {
    const { pool, links } = testPool({ size: 1 });
    expect(pool.take(DEFAULT)).toBeUndefined();
    await settle();
    expect(links).toHaveLength(1);
    expect(pool.take(DEFAULT)).toBeUndefined();
    expect(pool.stats()).toEqual({ ready: 0, starting: 1, hits: 0, misses: 2, replaced: 0 });
    await pool.close();
  });

  it('should replace a spare that exits while parked', async () => {
    const { pool, links, removed } = testPool({ size: 2 });
    pool.prime(DEFAULT);
    await settle();
    makeReady(links);
    links[1]?.exit({ exitCode: null, signal: 'SIGKILL' });
    await settle();
    expect(links).toHaveLength(3);
    expect(pool.stats()).toMatchObject({ ready: 1, starting: 1, replaced: 1 });
    expect(removed).toContain(links[1]?.params.cwd);
    await pool.close();
  });

  it('should wait out the backoff after a spare died while starting before it starts the next', async () => {
    const { pool, links, clock } = testPool({ size: 1 });
    pool.prime(DEFAULT);
    await settle();
    links[0]?.exit({ exitCode: 1, signal: null, error: new Error('crashed') });
    await settle();
    expect(links).toHaveLength(1);
    clock.advance(WARM_REFILL_BACKOFF_MS);
    await settle();
    expect(links).toHaveLength(2);
    await pool.close();
  });

  it('should retire a spare past its max age and start a fresh one', async () => {
    const { pool, links, clock } = testPool({ size: 1, maxAgeMs: 30_000 });
    pool.prime(DEFAULT);
    await settle();
    makeReady(links);
    clock.advance(29_999);
    expect(links[0]?.closed).toBe(false);
    clock.advance(1);
    expect(links[0]?.closed).toBe(true);
    await settle();
    expect(links).toHaveLength(2);
    expect(pool.stats()).toMatchObject({ replaced: 1, starting: 1, ready: 0 });
    await pool.close();
  });

  it('should end a spare that never gets ready within the start timeout', async () => {
    const { pool, links, clock } = testPool({ size: 1 });
    pool.prime(DEFAULT);
    await settle();
    clock.advance(WARM_SPARE_START_TIMEOUT_MS);
    expect(links[0]?.closed).toBe(true);
    expect(pool.stats().replaced).toBe(1);
    await pool.close();
  });

  it('should keep spares per configuration and never hand one to another configuration', async () => {
    const { pool, links } = testPool({ size: 1 });
    pool.prime(DEFAULT);
    await settle();
    makeReady(links);
    const plan = { permissionMode: 'plan', sessionMirror: false };
    expect(pool.take(plan)).toBeUndefined();
    await settle();
    expect(links[1]?.params).toMatchObject({ permissionMode: 'plan', awaitClaim: true });
    makeReady(links);
    expect(pool.take(plan)?.link).toBe(links[1]);
    expect(pool.take(DEFAULT)?.link).toBe(links[0]);
    expect(pool.take({ sessionMirror: true })).toBeUndefined();
    await pool.close();
  });

  it('should stop refilling and end every spare on close, its folders removed', async () => {
    const { pool, links, removed } = testPool({ size: 2 });
    pool.prime(DEFAULT);
    await settle();
    makeReady(links.slice(0, 1));
    await pool.close();
    expect(links.every((link) => link.closed && link.exited)).toBe(true);
    await settle();
    expect(links).toHaveLength(2);
    expect(removed.sort()).toEqual(links.map((link) => link.params.cwd).sort());
    expect(pool.take(DEFAULT)).toBeUndefined();
    expect(pool.stats()).toMatchObject({ ready: 0, starting: 0, replaced: 0 });
  });

  it('should refuse a size that is not a whole number of at least 1', () => {
    for (const size of [0, -1, 1.5, Number.NaN]) {
      expect(() => testPoolWithSize(size)).toThrow(RangeError);
    }
    expect(DEFAULT_WARM_MAX_AGE_MS).toBe(600_000);
  });
});

function testPoolWithSize(size: number): WarmPool {
  return new WarmPool({
    size,
    maxAgeMs: 1,
    createLink: () => undefined as never,
    maxLineBytes: 1,
    log: () => {},
  });
}
