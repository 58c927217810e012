/**
 * Where keys are mentioned in a byte range: every `"key"` (the key between two quotes), whether it
 * is a top-level key, a nested one or text inside a string. A top-level key of a line is always
 * among them unless it is spelled with an escape, which is why a search that meets an escape that
 * may spell a letter gives up: a caller that knows where a key is *not* mentioned can skip lines
 * that cannot change what it reads, and must read every line when the search gives up.
 */

/** Most mentions one search lists; a range with more is read line by line instead: 3,520. */
export const MAX_KEY_MENTIONS = 3520;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/**
 * The mentions one search found, ascending by position. Each list has a slot of its own (0 or 1)
 * in the WebAssembly engine's memory, where it is read without a copy, so two lists can be held
 * at once; a new search into the same list replaces it.
 */
export class KeyMentions {
  /** Which of the engine's two output slots this list uses. */
  readonly slot: 0 | 1;
  /** How many mentions the last search found. */
  count = 0;
  /** Per mention: its position (before `offset` is added), then its key index. */
  entries: Int32Array = new Int32Array(0);
  /** Added to each stored position to give its position in the searched buffer. */
  offset = 0;
  /**
   * The keys the last search found at least once, as bits (key index `k` is bit `k`): a caller
   * asking whether a key is mentioned at all needs no walk of the list.
   */
  keys = 0;

  constructor(slot: 0 | 1 = 0) {
    this.slot = slot;
  }

  /** The byte position of mention `m`'s opening quote in the searched buffer. */
  position(m: number): number {
    return this.entries[2 * m]! + this.offset;
  }

  /** The index of the key mention `m` spells. */
  key(m: number): number {
    return this.entries[2 * m + 1]!;
  }

  /** True when the last search found key index `key` at least once. */
  mentions(key: number): boolean {
    return (this.keys & (1 << key)) !== 0;
  }
}

/**
 * True when the backslash at `at` starts `\u00` and a digit from 4 to 7, all before `end`: an
 * escape of a byte from 0x40 to 0x7f, which can spell any letter of a key.
 */
export function escapesLetter(bytes: Uint8Array, at: number, end: number): boolean {
  if (at + 4 >= end) return false;
  const digit = bytes[at + 4]!;
  return (
    bytes[at + 1] === 0x75 &&
    bytes[at + 2] === 0x30 &&
    bytes[at + 3] === 0x30 &&
    digit >= 0x34 &&
    digit <= 0x37
  );
}

/**
 * The JavaScript search (the reference the WebAssembly one is tested against, and the answer of a
 * scanner without WebAssembly; a byte-by-byte loop per key, so slow that the lite read then folds
 * every line instead): fills `out` with the mentions in `bytes[start, end)` of the keys whose bits
 * are set in `wanted` (indices into `keys`, below 32; empty keys are never looked for), and which
 * keys it found (`out.keys`). Returns false, with `out` undefined, when more than
 * {@link MAX_KEY_MENTIONS} are found or an escape may spell a letter ({@link escapesLetter}).
 */
export function findKeyMentionsJs(
  bytes: Uint8Array,
  start: number,
  end: number,
  keys: readonly Uint8Array[],
  wanted: number,
  out: KeyMentions,
): boolean {
  for (let b = start; b < end; b++) {
    if (bytes[b] === BACKSLASH && escapesLetter(bytes, b, end)) return false;
  }
  const found: number[] = [];
  for (let k = 0; k < keys.length && k < 32; k++) {
    const key = keys[k]!;
    if ((wanted & (1 << k)) === 0 || key.length === 0) continue;
    for (let q = start; q + key.length + 1 < end; q++) {
      if (bytes[q] !== QUOTE || bytes[q + key.length + 1] !== QUOTE) continue;
      let same = true;
      for (let j = 0; j < key.length && same; j++) same = bytes[q + 1 + j] === key[j];
      if (same) found.push(q * 32 + k);
    }
  }
  if (found.length > MAX_KEY_MENTIONS) return false;
  found.sort((a, b) => a - b);
  const entries = new Int32Array(found.length * 2);
  let keysFound = 0;
  found.forEach((entry, m) => {
    entries[2 * m] = Math.floor(entry / 32);
    entries[2 * m + 1] = entry % 32;
    keysFound |= 1 << (entry % 32);
  });
  out.entries = entries;
  out.offset = 0;
  out.count = found.length;
  out.keys = keysFound;
  return true;
}
