import type { ElicitResult } from '@modelcontextprotocol/sdk/types.js';

/** An MCP server's request for user input (form or URL), as `onElicitation` receives it. */
export type ElicitationRequest = {
  serverName: string;
  message: string;
  mode?: 'form' | 'url';
  url?: string;
  elicitationId?: string;
  /** The JSON schema of the form, for `mode: 'form'`. */
  requestedSchema?: Record<string, unknown>;
  title?: string;
  displayName?: string;
  description?: string;
};

/** The answer to an elicitation: the MCP SDK's own `ElicitResult` (accept with content, decline, cancel). */
export type ElicitationResult = ElicitResult;

/**
 * Answers MCP elicitations for the session. Resolve `null` to leave the request to the CLI's
 * default; the signal aborts when the CLI cancels the request or the query closes.
 */
export type OnElicitation = (
  request: ElicitationRequest,
  options: { signal: AbortSignal; requestId: string },
) => Promise<ElicitationResult | null>;

/** A dialog the CLI wants the host to show (kinds listed in `supportedDialogKinds`). */
export type UserDialogRequest = {
  dialogKind: string;
  payload: Record<string, unknown>;
  toolUseID?: string;
};

/** The outcome of a dialog: completed with a result, or cancelled. */
export type UserDialogResult = { behavior: 'completed'; result: unknown } | { behavior: 'cancelled' };

/** Shows the CLI's dialogs to the user. Resolve `null` to decline the dialog. */
export type OnUserDialog = (
  request: UserDialogRequest,
  options: { signal: AbortSignal; requestId: string },
) => Promise<UserDialogResult | null>;

/** Per-tool settings of the session (the `toolConfig` option). */
export type ToolConfig = {
  askUserQuestion?: { previewFormat?: 'markdown' | 'html' };
};
