import { readFileSync } from 'node:fs';
import { TestingError } from './errors.js';

/**
 * How many JavaScript values of each kind a heap snapshot holds, by `type|name`: `object|Promise`,
 * `closure|onMessage`, `string|<uuid>`. Strings are keyed by their start with ids and numbers
 * blanked (`turn <n>`), so a thousand request ids count as one kind.
 */
export type HeapCensus = Readonly<Record<string, number>>;

/** One kind of value that grew between two censuses, and by how many. */
export interface CensusGrowth {
  /** The kind, as {@link HeapCensus} keys it. */
  readonly kind: string;
  /** How many more values of that kind the later census counted. */
  readonly growth: number;
}

/** Characters of a string a census key keeps: enough to tell what the string is. */
export const HEAP_CENSUS_STRING_KEY_CHARS = 48;

/**
 * Snapshot node types that are values a program can hold on to. Compiled code, deoptimization
 * data, maps and V8's weak lists are left out: they grow while the JIT warms up, without the
 * program retaining anything.
 */
const VALUE_TYPES: ReadonlySet<string> = new Set([
  'object',
  'closure',
  'array',
  'regexp',
  'string',
  'concatenated string',
  'sliced string',
  'number',
  'bigint',
  'symbol',
]);

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;
const DIGITS = /\d+/g;

/** The parts of a `.heapsnapshot` file the census reads. */
interface SnapshotShape {
  snapshot: { meta: { node_fields: string[]; node_types: unknown[] } };
  nodes: number[];
  strings: string[];
}

/**
 * Counts the JavaScript values in a V8 heap snapshot file (as `v8.writeHeapSnapshot()` writes
 * it), by kind. Take one snapshot after a warm-up and one after many more iterations, each after
 * collecting garbage, and compare them with {@link censusGrowth}: a kind that grows with the
 * iterations is being retained. Read both files only after writing both, so the first census's
 * own strings are not in the second snapshot.
 *
 * Throws `TestingError` `MALFORMED_HEAP_SNAPSHOT` when the file cannot be read or is not a heap
 * snapshot (not JSON, cut off, missing its node table).
 */
export function heapCensus(snapshotPath: string): HeapCensus {
  const snapshot = readSnapshot(snapshotPath);
  const fields = snapshot.snapshot.meta.node_fields;
  const typeNames = snapshot.snapshot.meta.node_types[0] as string[];
  const width = fields.length;
  const typeAt = fields.indexOf('type');
  const nameAt = fields.indexOf('name');
  const { nodes, strings } = snapshot;
  const counts: Record<string, number> = {};
  for (let i = 0; i + width <= nodes.length; i += width) {
    const type = typeNames[nodes[i + typeAt] as number];
    if (type === undefined || !VALUE_TYPES.has(type)) continue;
    const name = strings[nodes[i + nameAt] as number] ?? '';
    const key = `${type}|${type.endsWith('string') ? stringKind(name) : name}`;
    counts[key] = (counts[key] ?? 0) + 1;
  }
  return counts;
}

/** The kinds that grew from `before` to `after`, most grown first. */
export function censusGrowth(before: HeapCensus, after: HeapCensus): CensusGrowth[] {
  return Object.entries(after)
    .map(([kind, count]) => ({ kind, growth: count - (before[kind] ?? 0) }))
    .filter((entry) => entry.growth > 0)
    .sort((a, b) => b.growth - a.growth || (a.kind < b.kind ? -1 : 1));
}

/** A string's census key: its start, with ids and numbers blanked. */
function stringKind(text: string): string {
  return text.slice(0, HEAP_CENSUS_STRING_KEY_CHARS).replace(UUID, '<uuid>').replace(DIGITS, '<n>');
}

function readSnapshot(snapshotPath: string): SnapshotShape {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(snapshotPath, 'utf8'));
  } catch (cause) {
    throw malformed(
      snapshotPath,
      'it could not be read and parsed as JSON (missing, cut off, or over the longest string V8 can hold)',
      cause,
    );
  }
  if (!isSnapshotShape(parsed)) throw malformed(snapshotPath, 'it has no node table');
  return parsed;
}

function isSnapshotShape(value: unknown): value is SnapshotShape {
  if (typeof value !== 'object' || value === null) return false;
  const { snapshot, nodes, strings } = value as Partial<SnapshotShape>;
  const meta = snapshot?.meta;
  return (
    Array.isArray(nodes) &&
    Array.isArray(strings) &&
    Array.isArray(meta?.node_fields) &&
    meta.node_fields.includes('type') &&
    meta.node_fields.includes('name') &&
    Array.isArray(meta.node_types) &&
    Array.isArray(meta.node_types[0])
  );
}

function malformed(snapshotPath: string, why: string, cause?: unknown): TestingError {
  return new TestingError({
    code: 'MALFORMED_HEAP_SNAPSHOT',
    message: `${snapshotPath} is not a V8 heap snapshot: ${why}`,
    cause,
  });
}
