/** A small seeded PRNG (mulberry32): the same seed gives the same cuts, so a failure can be replayed. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** The seed of this run: `CCSDK_BROWSER_E2E_SEED` when set (to replay a failure), else a fresh one. */
export function runSeed(): number {
  const fixed = process.env['CCSDK_BROWSER_E2E_SEED'];
  if (fixed !== undefined && /^\d+$/.test(fixed)) return Number(fixed) >>> 0;
  return Math.floor(Math.random() * 2 ** 32) >>> 0;
}
