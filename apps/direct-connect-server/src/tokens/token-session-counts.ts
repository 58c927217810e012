/** A session as the per-token count sees it. */
export interface OwnedSession {
  /** The principal that created it. */
  readonly owner: string | undefined;
  /** True once its process is gone: it no longer counts. */
  readonly processGone: boolean;
}

/**
 * Live sessions per principal: the ones registered (process alive) plus slots reserved for creates
 * in flight, so concurrent creates of one token cannot pass its cap.
 */
export class TokenSessionCounts {
  readonly #reserved = new Map<string, number>();
  readonly #sessions: () => Iterable<OwnedSession>;

  constructor(sessions: () => Iterable<OwnedSession>) {
    this.#sessions = sessions;
  }

  /** Live and reserved sessions of `owner`. */
  liveCount(owner: string): number {
    let live = this.#reserved.get(owner) ?? 0;
    for (const session of this.#sessions()) if (session.owner === owner && !session.processGone) live += 1;
    return live;
  }

  /** Reserves a slot unless `owner` holds `max` already; the returned function gives it back once. */
  reserve(owner: string, max: number): (() => void) | undefined {
    if (this.liveCount(owner) >= max) return undefined;
    this.#reserved.set(owner, (this.#reserved.get(owner) ?? 0) + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const left = (this.#reserved.get(owner) ?? 1) - 1;
      if (left > 0) this.#reserved.set(owner, left);
      else this.#reserved.delete(owner);
    };
  }
}
