// Where a fork up to a message (`upToMessageId`) ends, and which compactions it leaves out. The
// rules are the official SDK's, pinned by probing it as a black box (see fork-cut.test.ts): a fork
// must not resume at a compaction the conversation it copies never went through.

/** What the cut rules read of a fork's source entry. */
export interface CutSource {
  /** The entry's id in the source session. */
  readonly uuid: string;
  /** Its parent's id in the source session. */
  readonly parentUuid: string | undefined;
  /** Progress entries are never written. */
  readonly progress: boolean;
  /** A user or assistant entry. */
  readonly message: boolean;
  /** A `system` `compact_boundary` entry. */
  readonly boundary: boolean;
}

/**
 * The sources a fork up to `sources[cut]` copies, in source order:
 *
 * 1. The entries up to and including the cut.
 * 2. Less the first compact boundary after the last user or assistant entry, and all that
 *    follows it: a fork ending in a compaction would resume with no history. When that would
 *    leave nothing to write, the entries up to the cut are copied as they are (step 3 too is
 *    skipped).
 * 3. Less every compaction off the way to the fork's last entry: a boundary that is not among the
 *    last entry's ancestors, together with the entries off the way that hang together with it by
 *    parent links (its branch). Entries before the first ancestor in the file are kept as they
 *    are: they belong to no branch of the copied conversation.
 */
export function sourcesUpToCut<S extends CutSource>(sources: readonly S[], cut: number): S[] {
  const slice = sources.slice(0, cut + 1);
  const trimmed = withoutTrailingCompaction(slice);
  return trimmed === undefined ? slice : withoutCompactionsOffTheWay(trimmed);
}

/**
 * `slice` less the first compaction after its last message and what follows; `undefined` when
 * that would leave nothing to write (no message, and only progress before the compaction).
 */
function withoutTrailingCompaction<S extends CutSource>(slice: S[]): S[] | undefined {
  let lastMessage = -1;
  slice.forEach((entry, index) => {
    if (entry.message) lastMessage = index;
  });
  const boundary = slice.findIndex((entry, index) => index > lastMessage && entry.boundary);
  if (boundary === -1) return slice;
  const trimmed = slice.slice(0, boundary);
  return trimmed.some((entry) => !entry.progress) ? trimmed : undefined;
}

function withoutCompactionsOffTheWay<S extends CutSource>(slice: S[]): S[] {
  const indexOf = new Map(slice.map((entry, index) => [entry.uuid, index]));
  const parentOf = (index: number): number | undefined => {
    const parent = slice[index]!.parentUuid;
    return parent === undefined ? undefined : indexOf.get(parent);
  };
  const onTheWay = new Set<number>();
  for (let at: number | undefined = slice.length - 1; at !== undefined && !onTheWay.has(at); ) {
    onTheWay.add(at);
    at = parentOf(at);
  }
  const firstOnTheWay = Math.min(...onTheWay);
  const offTheWay = (index: number): boolean => index > firstOnTheWay && !onTheWay.has(index);
  const branches = new Branches(slice.length);
  for (let index = 0; index < slice.length; index++) {
    const parent = parentOf(index);
    if (parent !== undefined && offTheWay(index) && offTheWay(parent)) branches.join(index, parent);
  }
  const compacted = new Set<number>();
  slice.forEach((entry, index) => {
    if (entry.boundary && offTheWay(index)) compacted.add(branches.of(index));
  });
  if (compacted.size === 0) return slice;
  return slice.filter((_, index) => !offTheWay(index) || !compacted.has(branches.of(index)));
}

/** Entries joined into branches by parent links: a union-find over entry indexes. */
class Branches {
  private readonly leaders: number[];

  constructor(size: number) {
    this.leaders = Array.from({ length: size }, (_, index) => index);
  }

  /** The branch of entry `index`, named by one of its entries. */
  of(index: number): number {
    let leader = index;
    while (this.leaders[leader] !== leader) leader = this.leaders[leader]!;
    for (let at = index; this.leaders[at] !== leader; ) {
      const next = this.leaders[at]!;
      this.leaders[at] = leader;
      at = next;
    }
    return leader;
  }

  /** Puts entries `a` and `b` in one branch. */
  join(a: number, b: number): void {
    this.leaders[this.of(a)] = this.of(b);
  }
}
