/** What the permission callback is told besides the tool name and input. */
export interface CanUseToolContext {
  /** Aborted when the CLI cancels the request or the query closes. */
  readonly signal: AbortSignal;
  /** Permission updates the CLI suggests (e.g. "always allow this command"). */
  readonly suggestions?: unknown[];
  /** The id of the tool_use block being decided. */
  readonly toolUseID?: string;
  /** The path that triggered the question, for file tools. */
  readonly blockedPath?: string;
  /** Why the CLI asks. */
  readonly decisionReason?: string;
  /** The subagent that wants the tool, when it is not the main agent. */
  readonly agentID?: string;
}

/** The answer of a permission callback. */
export type PermissionResult =
  | { behavior: 'allow'; updatedInput?: Record<string, unknown>; updatedPermissions?: unknown[] }
  | { behavior: 'deny'; message: string; interrupt?: boolean };

/** Decides whether the CLI may run a tool. A callback that throws denies (fail closed). */
export type CanUseTool = (
  toolName: string,
  input: Record<string, unknown>,
  context: CanUseToolContext,
) => Promise<PermissionResult> | PermissionResult;
