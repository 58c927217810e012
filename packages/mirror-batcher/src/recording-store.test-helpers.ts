import type { SessionKey, SessionStore, SessionStoreEntry } from '@ccsdk/session-store';

/** One `append` call a {@link RecordingStore} saw. */
export interface AppendCall {
  key: SessionKey;
  entries: SessionStoreEntry[];
}

/** What the store does on one call: succeed, fail, hang forever, or wait for `release()`. */
export type Behaviour = 'ok' | 'fail' | 'hang' | 'manual';

/** A store that records every append and follows a script of behaviours (then `fallback`). */
export class RecordingStore implements SessionStore {
  readonly calls: AppendCall[] = [];
  readonly stored = new Map<string, SessionStoreEntry[]>();
  readonly #script: Behaviour[];
  readonly #fallback: Behaviour;
  #releases: (() => void)[] = [];

  constructor(script: Behaviour[] = [], fallback: Behaviour = 'ok') {
    this.#script = [...script];
    this.#fallback = fallback;
  }

  async append(key: SessionKey, entries: SessionStoreEntry[]): Promise<void> {
    this.calls.push({ key, entries: [...entries] });
    const behaviour = this.#script.shift() ?? this.#fallback;
    if (behaviour === 'fail') throw new Error(`append failed (call ${this.calls.length})`);
    if (behaviour === 'hang') return new Promise<void>(() => undefined);
    if (behaviour === 'manual') await new Promise<void>((resolve) => this.#releases.push(resolve));
    const id = `${key.projectKey}/${key.sessionId}${key.subpath ? `/${key.subpath}` : ''}`;
    this.stored.set(id, [...(this.stored.get(id) ?? []), ...entries]);
  }

  async load(): Promise<null> {
    return null;
  }

  /** Lets the oldest `manual` call finish. */
  release(): void {
    this.#releases.shift()?.();
  }

  /** Calls waiting for {@link release}. */
  get waiting(): number {
    return this.#releases.length;
  }
}
