import type { PermissionUpdate } from '@ccsdk/control-protocol';

export type {
  PermissionBehavior,
  PermissionRuleValue,
  PermissionUpdate,
  PermissionUpdateDestination,
} from '@ccsdk/control-protocol';

/** How the user's answer is remembered: this once, from now on, or a refusal. */
export type PermissionDecisionClassification = 'user_temporary' | 'user_permanent' | 'user_reject';

/** The answer of a permission callback: allow (maybe with a rewritten input) or deny. */
export type PermissionResult =
  | {
      behavior: 'allow';
      updatedInput?: Record<string, unknown>;
      /** Permission updates to apply, e.g. one of the `suggestions` ("always allow ..."). */
      updatedPermissions?: PermissionUpdate[];
      toolUseID?: string;
      decisionClassification?: PermissionDecisionClassification;
    }
  | {
      behavior: 'deny';
      /** What the model is told. */
      message: string;
      /** True also stops the turn. */
      interrupt?: boolean;
      toolUseID?: string;
      decisionClassification?: PermissionDecisionClassification;
    };

/** What the permission callback is told besides the tool name and input. */
export type CanUseToolContext = {
  /** Aborted when the CLI cancels the request or the query closes. */
  signal: AbortSignal;
  /** Permission updates the CLI suggests (e.g. "always allow this command"). */
  suggestions?: PermissionUpdate[];
  /** The path that triggered the question, for file tools. */
  blockedPath?: string;
  mcpServer?: { name: string; source: string };
  /** Why the CLI asks. */
  decisionReason?: string;
  title?: string;
  displayName?: string;
  description?: string;
  defaultToNo?: boolean;
  suppressAlwaysAllowRule?: boolean;
  /** The id of the tool_use block being decided. */
  toolUseID: string;
  /** The subagent that wants the tool, when it is not the main agent. */
  agentID?: string;
  requestId: string;
  matchedAskRule?: { source: string; toolName: string; ruleContent?: string };
};

/**
 * Decides whether the CLI may run a tool. A callback that throws fails closed: the CLI is answered
 * with an error and denies the tool. At run time a plain (non-promise) answer is accepted too.
 */
export type CanUseTool = (
  toolName: string,
  input: Record<string, unknown>,
  options: CanUseToolContext,
) => Promise<PermissionResult | null>;
