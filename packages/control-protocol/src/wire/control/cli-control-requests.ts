import type { HookInput } from '../hooks/hook-input.js';
import type { McpServerProvenance } from '../mcp-configs.js';
import type { PermissionUpdate } from '../permission-updates.js';

/**
 * A JSON-RPC 2.0 message as an in-process MCP server exchanges it (request, notification or
 * response). Structural, so this package needs no MCP dependency; the MCP SDK's own
 * `JSONRPCMessage` values are assignable to it.
 */
export type JsonRpcMessage = {
  jsonrpc: '2.0';
  id?: string | number;
  method?: string;
  params?: Record<string, unknown>;
  result?: Record<string, unknown>;
  error?: { code: number; message: string; data?: unknown };
  [key: string]: unknown;
};

/** `can_use_tool`: the CLI asks whether a tool may run (answered by `canUseTool`). */
export type SDKControlPermissionRequest = {
  subtype: 'can_use_tool';
  tool_name: string;
  mcp_server?: McpServerProvenance;
  input: Record<string, unknown>;
  permission_suggestions?: PermissionUpdate[];
  blocked_path?: string;
  decision_reason?: string;
  decision_reason_type?:
    | 'rule'
    | 'mode'
    | 'subcommandResults'
    | 'permissionPromptTool'
    | 'hook'
    | 'asyncAgent'
    | 'sandboxOverride'
    | 'workingDir'
    | 'safetyCheck'
    | 'classifier'
    | 'other';
  classifier_approvable?: boolean;
  suppress_always_allow_rule?: boolean;
  default_to_no?: boolean;
  matched_ask_rule?: { source: string; tool_name: string; rule_content?: string };
  title?: string;
  display_name?: string;
  tool_use_id: string;
  agent_id?: string;
  description?: string;
  requires_user_interaction?: boolean;
};

/** Every control request body the CLI sends to the host, by subtype. */
export type CliControlRequest =
  | SDKControlPermissionRequest
  | { subtype: 'hook_callback'; callback_id: string; input: HookInput; tool_use_id?: string }
  | { subtype: 'mcp_message'; server_name: string; message: JsonRpcMessage }
  | {
      subtype: 'elicitation';
      mcp_server_name: string;
      message: string;
      mode?: 'form' | 'url';
      url?: string;
      elicitation_id?: string;
      requested_schema?: Record<string, unknown>;
      property_order?: string[];
      title?: string;
      display_name?: string;
      description?: string;
    }
  | {
      subtype: 'request_user_dialog';
      dialog_kind: string;
      payload: Record<string, unknown>;
      tool_use_id?: string;
    };
