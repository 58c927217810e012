// The tools that change how the session works: entering and leaving plan mode, and entering and
// leaving a git worktree.

/** Input of the `EnterPlanMode` tool (no fields). */
// biome-ignore lint/suspicious/noEmptyInterface: the tool takes no fields; declared as the official declares it
export interface EnterPlanModeInput {}

/** Result of the `EnterPlanMode` tool. */
export interface EnterPlanModeOutput {
  message: string;
}

/**
 * Input of the `ExitPlanMode` tool. The plan itself travels in extra keys (hence the index
 * signature); `allowedPrompts` is deprecated and unused.
 */
export interface ExitPlanModeInput {
  allowedPrompts?: { tool: 'Bash'; prompt: string }[];
  [k: string]: unknown;
}

/** Result of the `ExitPlanMode` tool: the plan, and whether the user edited it. */
export interface ExitPlanModeOutput {
  plan: string | null;
  isAgent: boolean;
  filePath?: string;
  hasTaskTool?: boolean;
  planWasEdited?: boolean;
  awaitingLeaderApproval?: boolean;
  requestId?: string;
}

/** Input of the `EnterWorktree` tool: a new worktree's name, or an existing one's path. */
export interface EnterWorktreeInput {
  name?: string;
  path?: string;
}

/** Result of the `EnterWorktree` tool: the worktree the session now works in. */
export interface EnterWorktreeOutput {
  worktreePath: string;
  worktreeBranch?: string;
  message: string;
}

/** Input of the `ExitWorktree` tool: keep the worktree or remove it (with its changes, if asked). */
export interface ExitWorktreeInput {
  action: 'keep' | 'remove';
  discard_changes?: boolean;
}

/** Result of the `ExitWorktree` tool: where the session went back to and what was discarded. */
export interface ExitWorktreeOutput {
  action: 'keep' | 'remove';
  originalCwd: string;
  worktreePath: string;
  worktreeBranch?: string;
  tmuxSessionName?: string;
  discardedFiles?: number;
  discardedCommits?: number;
  message: string;
}
