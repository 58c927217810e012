// The tools that run commands: Bash in the foreground or background, Monitor (a long-running watch
// whose output lines become notifications), and TaskStop, which stops a background task.

/** Input of the `Bash` tool: one shell command. */
export interface BashInput {
  command: string;
  /** Milliseconds before the command is stopped (at most 600,000 in the foreground). */
  timeout?: number;
  /** What the command does, in plain words, shown to the user instead of the command. */
  description?: string;
  /** Run in the background; `timeout` then bounds the background run (default 1,800,000 ms). */
  run_in_background?: boolean;
  /** Run outside the sandbox. */
  dangerouslyDisableSandbox?: boolean;
}

/** Result of the `Bash` tool: the output, how the command ended, and what git it did. */
export interface BashOutput {
  stdout: string;
  stderr: string;
  rawOutputPath?: string;
  /** The command was stopped before it finished. */
  interrupted: boolean;
  isImage?: boolean;
  /** Set when the command went on in the background: the task to read or stop it by. */
  backgroundTaskId?: string;
  backgroundedByUser?: boolean;
  timedOutAfterMs?: number;
  backgroundCwdHint?: string;
  backgroundEndsWithFinalResponse?: true;
  backgroundWakesOwner?: true;
  dangerouslyDisableSandbox?: boolean;
  /** How to read a non-zero exit code that is not a failure (as for `grep` finding nothing). */
  returnCodeInterpretation?: string;
  noOutputExpected?: boolean;
  structuredContent?: unknown[];
  /** Where output too large for the result was saved, and its size in bytes. */
  persistedOutputPath?: string;
  persistedOutputSize?: number;
  staleReadFileStateHint?: string;
  ghRateLimitHint?: string;
  /** The git or GitHub operation the command performed, when the CLI recognised one. */
  gitOperation?: {
    commit?: { sha: string; kind: 'committed' | 'amended' | 'cherry-picked'; branch?: string };
    push?: { branch: string };
    branch?: { ref: string; action: 'merged' | 'rebased' };
    pr?: {
      number: number;
      url?: string;
      action:
        | 'created'
        | 'edited'
        | 'merged'
        | 'commented'
        | 'closed'
        | 'reopened'
        | 'ready'
        | 'draft'
        | 'auto-merge-enabled'
        | 'auto-merge-disabled';
    };
  };
}

/** Input of the `Monitor` tool: a command (or a WebSocket) to watch for up to `timeout_ms`. */
export interface MonitorInput {
  description: string;
  timeout_ms: number;
  command?: string;
  ws?: { url: string; protocols?: string[] };
}

/** Result of the `Monitor` tool: the background task that watches. */
export interface MonitorOutput {
  taskId: string;
  timeoutMs: number;
  persistent?: boolean;
  keptInSandboxByCheck?: boolean;
}

/** Input of the `TaskStop` tool: the background task (or named background agent) to stop. */
export interface TaskStopInput {
  task_id?: string;
  /** Deprecated: the former name of `task_id`. */
  shell_id?: string;
}

/** Result of the `TaskStop` tool. */
export interface TaskStopOutput {
  message: string;
  task_id: string;
  task_type: string;
  command?: string;
}
