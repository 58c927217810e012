import type { StoredKey } from '@ccsdk/session-store';

/**
 * Key names. Every id is percent-encoded (`encodeURIComponent`), so `:` separates fields
 * unambiguously whatever a project key or subpath holds.
 */
export interface TranscriptKeys {
  /** List of entry JSON texts, in append order. */
  readonly entries: string;
  /** Set of the uuids stored under the transcript (the dedupe index). */
  readonly uuids: string;
  /** Sorted set of the project's main transcripts, scored by last write time (epoch ms). */
  readonly sessions: string;
  /** Set of the session's subpaths, each percent-encoded. */
  readonly subkeys: string;
  /** Hash of the project's folded summaries, by session id (JSON text). */
  readonly summaries: string;
}

/** Builds key names under one prefix. */
export class KeyLayout {
  readonly #prefix: string;

  constructor(prefix: string) {
    this.#prefix = prefix;
  }

  /** The key holding the layout version. */
  get schema(): string {
    return `${this.#prefix}schema`;
  }

  /** `<prefix>sessions:<project>`. */
  sessions(projectKey: string): string {
    return `${this.#prefix}sessions:${encodeURIComponent(projectKey)}`;
  }

  /** `<prefix>summaries:<project>`. */
  summaries(projectKey: string): string {
    return `${this.#prefix}summaries:${encodeURIComponent(projectKey)}`;
  }

  /** `<prefix>subkeys:<project>:<session>`. */
  subkeys(projectKey: string, sessionId: string): string {
    return `${this.#prefix}subkeys:${encodeURIComponent(projectKey)}:${encodeURIComponent(sessionId)}`;
  }

  /** `<prefix><kind>:<project>:<session>`: the main transcript's base, to which `:<subpath>` is added. */
  base(kind: 'e' | 'u', projectKey: string, sessionId: string): string {
    return `${this.#prefix}${kind}:${encodeURIComponent(projectKey)}:${encodeURIComponent(sessionId)}`;
  }

  /** Every key an append to `key` touches. */
  transcript(key: StoredKey): TranscriptKeys {
    const suffix = key.subpath === '' ? '' : `:${encodeURIComponent(key.subpath)}`;
    return {
      entries: `${this.base('e', key.projectKey, key.sessionId)}${suffix}`,
      uuids: `${this.base('u', key.projectKey, key.sessionId)}${suffix}`,
      sessions: this.sessions(key.projectKey),
      subkeys: this.subkeys(key.projectKey, key.sessionId),
      summaries: this.summaries(key.projectKey),
    };
  }
}
