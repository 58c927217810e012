const TRACKED_TASK_TYPES = new Set(['local_agent', 'local_workflow']);
const TERMINAL_TASK_STATUSES = new Set(['completed', 'failed', 'stopped', 'killed']);

/**
 * Follows the CLI's background tasks (subagents, workflows) from `system` messages, so the query
 * knows when a `result` really ends the work and stdin may close.
 */
export class BackgroundTasks {
  readonly #running = new Set<string>();

  /** Updates the ledger from one SDK message; other messages are ignored. */
  observe(message: { type?: unknown; subtype?: unknown; [key: string]: unknown }): void {
    if (message.type !== 'system') return;
    const taskId = typeof message['task_id'] === 'string' ? message['task_id'] : undefined;
    if (taskId === undefined) return;
    if (message.subtype === 'task_started') {
      if (TRACKED_TASK_TYPES.has(String(message['task_type']))) this.#running.add(taskId);
      return;
    }
    if (message.subtype === 'task_notification') {
      this.#running.delete(taskId);
      return;
    }
    if (message.subtype === 'task_updated') {
      const patch = message['patch'];
      const status =
        typeof patch === 'object' && patch !== null ? (patch as { status?: unknown }).status : undefined;
      if (TERMINAL_TASK_STATUSES.has(String(status))) this.#running.delete(taskId);
    }
  }

  /** True while at least one tracked task is running. */
  get busy(): boolean {
    return this.#running.size > 0;
  }
}
