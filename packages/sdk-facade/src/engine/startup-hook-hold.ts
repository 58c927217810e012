import type { ReplyDeadline } from '@ccsdk/control-protocol';

/** The hook events the CLI runs before it answers `initialize`, whose time does not count. */
const STARTUP_HOOK_EVENTS: ReadonlySet<string> = new Set(['SessionStart', 'Setup']);

/**
 * Holds the `initialize` request's deadline while the CLI reports a SessionStart or Setup hook
 * running (a `system` `hook_started` message, until the `hook_response` of the same `hook_id`):
 * the CLI runs them before it answers, and a slow one (installing dependencies, say) is not a CLI
 * that failed to start. The deadline caps the time held.
 */
export class StartupHookHold {
  readonly #deadline: ReplyDeadline;
  readonly #running = new Set<string>();
  #ended = false;

  constructor(deadline: ReplyDeadline) {
    this.#deadline = deadline;
  }

  /** Looks at one message from the CLI. */
  observe(message: unknown): void {
    if (this.#ended || typeof message !== 'object' || message === null) return;
    const m = message as Record<string, unknown>;
    if (m['type'] !== 'system' || typeof m['hook_id'] !== 'string') return;
    const id = m['hook_id'];
    if (m['subtype'] === 'hook_started' && STARTUP_HOOK_EVENTS.has(String(m['hook_event']))) {
      if (this.#running.has(id)) return;
      this.#running.add(id);
      this.#deadline.hold();
    } else if (m['subtype'] === 'hook_response' && this.#running.delete(id)) {
      this.#deadline.release();
    }
  }

  /** Stops looking (the CLI answered `initialize`, or the query ended); releases what is held. */
  end(): void {
    this.#ended = true;
    for (const _ of this.#running) this.#deadline.release();
    this.#running.clear();
  }
}
