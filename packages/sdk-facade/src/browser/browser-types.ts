import type { HookEvent, SDKUserMessage } from '@ccsdk/control-protocol';
import type { HookCallbackMatcher } from '../hooks/hook-types.js';
import type { McpServerConfig } from '../mcp/mcp-server-config.js';
import type { OnElicitation, OnUserDialog } from '../options/dialogs.js';
import type { CanUseTool } from '../permissions/permissions.js';

/** An OAuth bearer token, as the browser client carries it. */
export type OAuthCredential = {
  type: 'oauth';
  token: string;
};

/** The first frame a browser WebSocket sends when it cannot set an `Authorization` header. */
export type AuthMessage = {
  type: 'auth';
  credential: OAuthCredential;
};

/** The WebSocket transport of the browser `query()`. */
export type WebSocketOptions = {
  url: string;
  headers?: Record<string, string>;
  authMessage?: AuthMessage;
};

/** The SSE transport of the browser `query()`: the event stream of a `ccsdk serve` session and its POST endpoint. */
export type SSEOptions = {
  /** The event stream (read) endpoint. */
  streamUrl: string;
  /** The POST (write) endpoint. */
  sendUrl: string;
  /** The remote session's id. */
  sessionId: string;
  /** Headers sent on the stream request and every POST. */
  headers?: Record<string, string>;
  /** Resume cursor: only events with a greater `sequence_num` are delivered. */
  fromSequenceNum?: number;
  /** Called when the server could not replay every event after the cursor. */
  onCatchUpTruncated?: () => void;
  /** Called for each delivery update of an event this client sent. */
  onDeliveryUpdate?: (update: { event_id: string; status: string; timestamp?: string }) => void;
};

type BrowserQueryOptionsBase = {
  prompt: AsyncIterable<SDKUserMessage>;
  abortController?: AbortController;
  canUseTool?: CanUseTool;
  hooks?: Partial<Record<HookEvent, HookCallbackMatcher[]>>;
  mcpServers?: Record<string, McpServerConfig>;
  /** JSON Schema the final answer must match, sent in `initialize` (the result carries `structured_output`). */
  jsonSchema?: Record<string, unknown>;
  onElicitation?: OnElicitation;
  onUserDialog?: OnUserDialog;
  /** The remote CLI emits a `prompt_suggestion` message after each turn's result. */
  promptSuggestions?: boolean;
  /** Dialog kinds `onUserDialog` can render, declared on `initialize`. */
  supportedDialogKinds?: string[];
};

/** Options of the browser `query()`: exactly one of `websocket` or `sse`. */
export type BrowserQueryOptions = BrowserQueryOptionsBase &
  (
    | {
        websocket: WebSocketOptions;
        sse?: never;
      }
    | {
        sse: SSEOptions;
        websocket?: never;
      }
  );
