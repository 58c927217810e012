import type { SessionKey, SessionStore, SessionStoreEntry } from '@ccsdk/session-store';

/** What one import did to one transcript: entries read from disk, and how many the store lacked. */
export interface TranscriptTally {
  /** `undefined` for the main transcript, else `subagents/...`. */
  readonly subpath: string | undefined;
  /** Entries read from the local files (a subagent's `.meta.json` sidecar counts as one). */
  entries: number;
  /** Entries appended because the store did not hold them yet. */
  added: number;
}

/** What the store holds under one key and the local copy has not matched yet. */
interface HeldEntries {
  readonly uuids: Set<string>;
  /** Entries without a uuid, by canonical JSON, with their counts. */
  readonly others: Map<string, number>;
  readonly tally: TranscriptTally;
}

/** JSON with object keys sorted, so two deep-equal entries give one text whatever their key order. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    const keys = Object.keys(value).sort();
    return `{${keys.map((k) => `${JSON.stringify(k)}:${canonicalJson((value as Record<string, unknown>)[k])}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

function uuidOf(entry: unknown): string | undefined {
  const uuid = (entry as { uuid?: unknown } | null)?.uuid;
  return typeof uuid === 'string' ? uuid : undefined;
}

/**
 * A `SessionStore` in front of `store` that appends only what `store` does not hold yet, so
 * importing a session again duplicates nothing: an entry whose uuid the key already holds is
 * dropped (as the adapters would), and an entry without a uuid (`last-prompt`, `agent_metadata`,
 * ...) is dropped when the key holds a deep-equal one not matched already (counted, so
 * repeated lines keep their repeats). Loads each key once, on its first append, and counts
 * what it forwards in {@link NewEntriesStore.tallies}, in the order the keys were first seen.
 */
export class NewEntriesStore implements SessionStore {
  readonly #store: SessionStore;
  readonly #held = new Map<string, HeldEntries>();

  constructor(store: SessionStore) {
    this.#store = store;
  }

  /** One tally per transcript appended to, main transcript first when it was first. */
  get tallies(): TranscriptTally[] {
    return [...this.#held.values()].map((held) => held.tally);
  }

  async append(key: SessionKey, entries: SessionStoreEntry[]): Promise<void> {
    const held = await this.#heldUnder(key);
    const fresh: SessionStoreEntry[] = [];
    for (const entry of entries) {
      held.tally.entries += 1;
      const uuid = uuidOf(entry);
      if (uuid !== undefined) {
        if (held.uuids.has(uuid)) continue;
        held.uuids.add(uuid);
      } else {
        const text = canonicalJson(entry);
        const count = held.others.get(text) ?? 0;
        if (count > 0) {
          held.others.set(text, count - 1);
          continue;
        }
      }
      fresh.push(entry);
    }
    if (fresh.length === 0) return;
    await this.#store.append(key, fresh);
    held.tally.added += fresh.length;
  }

  load(key: SessionKey): Promise<SessionStoreEntry[] | null> {
    return this.#store.load(key);
  }

  async #heldUnder(key: SessionKey): Promise<HeldEntries> {
    const id = JSON.stringify([key.projectKey, key.sessionId, key.subpath ?? '']);
    const known = this.#held.get(id);
    if (known !== undefined) return known;
    const held: HeldEntries = {
      uuids: new Set(),
      others: new Map(),
      tally: { subpath: key.subpath || undefined, entries: 0, added: 0 },
    };
    for (const entry of (await this.#store.load(key)) ?? []) {
      const uuid = uuidOf(entry);
      if (uuid !== undefined) held.uuids.add(uuid);
      else {
        const text = canonicalJson(entry);
        held.others.set(text, (held.others.get(text) ?? 0) + 1);
      }
    }
    this.#held.set(id, held);
    return held;
  }
}
