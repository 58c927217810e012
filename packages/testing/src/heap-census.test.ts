import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeHeapSnapshot } from 'node:v8';
import { afterAll, describe, expect, it } from 'vitest';
import { TestingError } from './errors.js';
import { censusGrowth, heapCensus } from './heap-census.js';

const dir = mkdtempSync(join(tmpdir(), 'ccsdk-census-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A class only this test makes, so its count in a census is exactly what the test holds. */
class CensusProbeWidget {
  constructor(readonly index: number) {}
}

/** Writes a snapshot (V8 collects garbage first) and returns its path. */
function snapshot(label: string): string {
  return writeHeapSnapshot(join(dir, `${label}.heapsnapshot`));
}

function thrown(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error('expected a throw');
}

describe('heapCensus / censusGrowth', () => {
  const held: CensusProbeWidget[] = [];
  const before = snapshot('before');
  for (let i = 0; i < 300; i++) held.push(new CensusProbeWidget(i));
  // Made and dropped: gone by the time the next snapshot is written.
  for (let i = 0; i < 300; i++) new CensusProbeWidget(-i);
  // Flat strings, as ids parsed from the wire are (a template literal would make concatenated ones).
  const requestIds: string[] = JSON.parse(
    JSON.stringify(Array.from({ length: 200 }, () => crypto.randomUUID())),
  );
  const after = snapshot('after');

  it('should count the values a program holds on to, by constructor, and not those it dropped', () => {
    const growth = censusGrowth(heapCensus(before), heapCensus(after));
    expect(growth).toContainEqual({ kind: 'object|CensusProbeWidget', growth: 300 });
    expect(held).toHaveLength(300);
  });

  it('should count two hundred different ids as one kind of string', () => {
    const growth = censusGrowth(heapCensus(before), heapCensus(after));
    const ids = growth.find((entry) => entry.kind === 'string|<uuid>');
    expect(ids?.growth).toBeGreaterThanOrEqual(requestIds.length);
  });

  it('should list only kinds that grew, most grown first', () => {
    const growth = censusGrowth(
      { 'object|A': 5, 'object|B': 1 },
      { 'object|A': 6, 'object|B': 4, 'object|C': 2 },
    );
    expect(growth).toEqual([
      { kind: 'object|B', growth: 3 },
      { kind: 'object|C', growth: 2 },
      { kind: 'object|A', growth: 1 },
    ]);
    expect(censusGrowth({ 'object|A': 5 }, { 'object|A': 2 })).toEqual([]);
  });

  it('should leave out compiled code and V8 bookkeeping', () => {
    const kinds = Object.keys(heapCensus(after));
    expect(kinds.some((kind) => kind.startsWith('code|') || kind.startsWith('hidden|'))).toBe(false);
    expect(kinds.some((kind) => kind.startsWith('closure|'))).toBe(true);
  });

  it('should throw MALFORMED_HEAP_SNAPSHOT for a missing file, non-JSON, or JSON of another shape', () => {
    const cases: Array<[string, string | undefined]> = [
      ['missing', undefined],
      ['garbage', 'not json at all'],
      ['empty', ''],
      ['object', '{}'],
      ['no-fields', '{"snapshot":{"meta":{"node_types":[[]]}},"nodes":[],"strings":[]}'],
      ['no-types', '{"snapshot":{"meta":{"node_fields":["type","name"]}},"nodes":[],"strings":[]}'],
      ['array', '[1,2,3]'],
    ];
    for (const [name, body] of cases) {
      const path = join(dir, `${name}.heapsnapshot`);
      if (body !== undefined) writeFileSync(path, body);
      const error = thrown(() => heapCensus(path));
      expect(TestingError.isInstance(error) && error.code, name).toBe('MALFORMED_HEAP_SNAPSHOT');
    }
  });

  it('should throw MALFORMED_HEAP_SNAPSHOT for a real snapshot cut at any point', () => {
    const whole = readFileSync(after);
    let seed = 0x5eed;
    for (let run = 0; run < 25; run++) {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      const cut = 1 + (seed % (whole.length - 1));
      const path = join(dir, 'cut.heapsnapshot');
      writeFileSync(path, whole.subarray(0, cut));
      const error = thrown(() => heapCensus(path));
      expect(TestingError.isInstance(error) && error.code, `cut at ${cut}`).toBe('MALFORMED_HEAP_SNAPSHOT');
    }
  });

  it('should skip nodes whose type or name points outside the tables instead of throwing', () => {
    const path = join(dir, 'hostile.heapsnapshot');
    const hostile = {
      snapshot: { meta: { node_fields: ['type', 'name'], node_types: [['hidden', 'object', 'string']] } },
      // object "Widget"; a type index past the table; a name index past the strings; a half node.
      nodes: [1, 0, 99, 0, 1, 42, 2, 1, 7],
      strings: ['Widget', 'an id 12'],
    };
    writeFileSync(path, JSON.stringify(hostile));
    expect(heapCensus(path)).toEqual({ 'object|Widget': 1, 'object|': 1, 'string|an id <n>': 1 });
  });
});
