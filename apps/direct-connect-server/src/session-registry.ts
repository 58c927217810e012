import type { HostedSession } from './hosted-session.js';
import { DEFAULT_TOKEN_NAME } from './tokens/token-limits.js';

/**
 * The server's sessions by id and by `session_key`, and the capacity check. A slot is reserved
 * before a process is spawned, so concurrent creates cannot pass the limit.
 */
export class SessionRegistry {
  readonly #byId = new Map<string, HostedSession>();
  readonly #byKey = new Map<string, HostedSession>();
  readonly #maxSessions: number;
  #reserved = 0;

  constructor(maxSessions: number) {
    this.#maxSessions = maxSessions;
  }

  /** Sessions whose process is alive, plus slots reserved for sessions being created. */
  get liveCount(): number {
    let live = this.#reserved;
    for (const session of this.#byId.values()) if (!session.processGone) live += 1;
    return live;
  }

  /** Reserves a slot; false when the server is full. Release it with {@link release} or {@link add}. */
  reserve(): boolean {
    if (this.liveCount >= this.#maxSessions) return false;
    this.#reserved += 1;
    return true;
  }

  /** Gives back a reserved slot (the create failed). */
  release(): void {
    this.#reserved = Math.max(0, this.#reserved - 1);
  }

  /** Registers a started session in place of its reserved slot. */
  add(session: HostedSession): void {
    this.release();
    this.#byId.set(session.id, session);
    if (session.key !== undefined) this.#byKey.set(keyOf(session.key, session.owner), session);
  }

  /** Forgets a session. */
  remove(session: HostedSession): void {
    if (this.#byId.get(session.id) === session) this.#byId.delete(session.id);
    if (session.key !== undefined && this.#byKey.get(keyOf(session.key, session.owner)) === session)
      this.#byKey.delete(keyOf(session.key, session.owner));
  }

  get(id: string): HostedSession | undefined {
    return this.#byId.get(id);
  }

  /** The live session `owner` (a token's name) created with this `session_key`, if any. */
  byKey(key: string, owner: string = DEFAULT_TOKEN_NAME): HostedSession | undefined {
    const session = this.#byKey.get(keyOf(key, owner));
    return session === undefined || session.isEnding ? undefined : session;
  }

  /** Every registered session. */
  all(): HostedSession[] {
    return [...this.#byId.values()];
  }
}

/** `session_key`s are per token: two tokens using the same key get two sessions. */
function keyOf(key: string, owner: string): string {
  return `${owner}\u0000${key}`;
}
