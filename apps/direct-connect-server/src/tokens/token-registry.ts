import { createHash, timingSafeEqual } from 'node:crypto';
import type { ServeTokenEntry } from './tokens-file.js';

interface KnownToken {
  readonly entry: ServeTokenEntry;
  readonly digest: Buffer;
}

/** What a reload changed, by name (never by token). */
export interface TokensChange {
  /** Entries now held. */
  readonly tokens: number;
  /** Names that are new. */
  readonly added: readonly string[];
  /** Names that are gone: their tokens no longer create or attach; their sessions go on. */
  readonly removed: readonly string[];
}

/**
 * The server's principals: named tokens and their limits, replaced whole by a reload. A
 * presented token is checked against every entry in constant time: both sides are SHA-256
 * digests compared with `timingSafeEqual`, and every entry is compared whatever matched, so the
 * time taken says neither which entry matched nor where a wrong token differs.
 */
export class TokenRegistry {
  #known: readonly KnownToken[] = [];
  #byName = new Map<string, ServeTokenEntry>();
  /** Every token ever held, for the log's redaction: a removed token must not show up either. */
  readonly #everHeld = new Set<string>();

  constructor(entries: readonly ServeTokenEntry[]) {
    this.replace(entries);
  }

  /** The name of the entry whose token this is, or `undefined` (nothing presented, or no match). */
  verify(presented: string | undefined): string | undefined {
    const digest = digestOf(presented ?? '');
    let match: string | undefined;
    for (const known of this.#known) {
      if (timingSafeEqual(digest, known.digest) && match === undefined) match = known.entry.name;
    }
    return presented === undefined ? undefined : match;
  }

  /** The entry named so, if it is still held. */
  entry(name: string): ServeTokenEntry | undefined {
    return this.#byName.get(name);
  }

  /** Names held now, in file order. */
  names(): string[] {
    return [...this.#byName.keys()];
  }

  /** Entries held now. */
  get size(): number {
    return this.#known.length;
  }

  /** Every token held now or before: what a redacting logger must keep out of log lines. */
  secrets(): Iterable<string> {
    return this.#everHeld;
  }

  /** Replaces every entry at once (a reload). Sessions are not touched: they only carry a name. */
  replace(entries: readonly ServeTokenEntry[]): TokensChange {
    const before = new Set(this.#byName.keys());
    this.#known = entries.map((entry) => ({ entry, digest: digestOf(entry.token) }));
    this.#byName = new Map(entries.map((entry) => [entry.name, entry]));
    for (const entry of entries) this.#everHeld.add(entry.token);
    return {
      tokens: entries.length,
      added: entries.map((entry) => entry.name).filter((name) => !before.has(name)),
      removed: [...before].filter((name) => !this.#byName.has(name)),
    };
  }
}

function digestOf(text: string): Buffer {
  return createHash('sha256').update(text, 'utf8').digest();
}
