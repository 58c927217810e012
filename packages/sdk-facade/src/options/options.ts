import type { Transport } from '@ccsdk/control-protocol';
import type { McpSdkServerConfigWithInstance } from '@ccsdk/mcp-inproc';
import type { MirrorFlushMode } from '@ccsdk/mirror-batcher';
import type { SessionStore } from '@ccsdk/session-store';
import type { McpServerConfig, SubprocessTransportOptions } from '@ccsdk/transport-subprocess';
import type { OnElicitation } from '../dialogs/elicitation.js';
import type { OnUserDialog } from '../dialogs/user-dialog.js';
import type { HooksOption } from '../hooks/hook-types.js';
import type { CanUseTool } from '../permissions/permissions.js';
import type { AgentDefinition } from './agents.js';

/**
 * Options of `query()`: every CLI option of the transport (model, permissions, tools, resume, ...)
 * plus what the SDK itself handles (callbacks, abort, a custom transport).
 */
export interface Options extends Omit<SubprocessTransportOptions, 'sessionMirror' | 'mcpServers'> {
  /**
   * MCP servers by name: process servers (stdio, SSE, HTTP) go to the CLI's `--mcp-config`;
   * in-process servers made with `createSdkMcpServer()` are answered by this process over the
   * control channel. A string is a path or JSON text passed to the CLI verbatim.
   */
  mcpServers?: Record<string, McpServerConfig | McpSdkServerConfigWithInstance> | string;
  /** Aborting it ends the query with an `AbortError` and stops the CLI. */
  abortController?: AbortController;
  /** Same as `abortController`, for callers that already hold a signal. */
  signal?: AbortSignal;
  /** Use this transport instead of spawning the CLI (e.g. Direct Connect, or an in-memory pair in tests). */
  transport?: Transport;
  /** Bound on the `initialize` handshake, in ms. Default `INITIALIZE_TIMEOUT_MS` (60 s). */
  initializeTimeoutMs?: number;
  /**
   * Receives non-fatal problems (a malformed stdout line, a callback that threw). Default:
   * `process.emitWarning`.
   */
  onWarning?: (error: Error) => void;
  /** Asked before each tool use the CLI's rules do not settle. Sets `--permission-prompt-tool stdio`. */
  canUseTool?: CanUseTool;
  /**
   * Mirror the session's transcript into this store as the CLI writes it (`--session-mirror`).
   * The local JSONL is still written first; entries reach the store in batches, flushed before
   * each `result` is yielded, at stream end and at close. Failures surface as `system/mirror_error`
   * messages and never roll back the local file. Not allowed with `persistSession: false`.
   */
  sessionStore?: SessionStore;
  /**
   * Bound on each store call when `resume`/`continue` loads the session from `sessionStore`, in
   * ms. Default 60 s. A failure or timeout rejects the query with a `SessionStoreError` before the
   * CLI starts.
   */
  loadTimeoutMs?: number;
  /** `batched` (default): append past 500 entries / 1 MiB and at flushes; `eager`: after every frame. */
  sessionStoreFlush?: MirrorFlushMode;
  /** Subagents for this session, by name (sent in `initialize`). */
  agents?: Record<string, AgentDefinition>;
  /** Hook callbacks by event (sent in `initialize`, answered over the control channel). */
  hooks?: HooksOption;
  /**
   * Title of a new session, instead of one generated from the first prompt (sent in
   * `initialize`; `listSessions()` shows it). A resumed session keeps its own title.
   */
  title?: string;
  /**
   * Tool names the model may use that resolve to another tool, e.g. `{ Bash: 'mcp__vm__bash' }`
   * (sent in `initialize`). One hop only; it does not block the original tool: use
   * `disallowedTools` for that.
   */
  toolAliases?: Record<string, string>;
  /** Answers elicitations of MCP servers (`elicitation` requests). Without it they are declined. */
  onElicitation?: OnElicitation;
  /**
   * Renders the CLI's blocking dialogs (`request_user_dialog`). The CLI only sends the kinds
   * listed in `supportedDialogKinds`; without this callback no answer is sent.
   */
  onUserDialog?: OnUserDialog;
  /** The dialog kinds `onUserDialog` renders (sent in `initialize`). Needs `onUserDialog`. */
  supportedDialogKinds?: string[];
  /**
   * Marks every user message `client_composed`, so the CLI takes its text as written: no
   * `@file` expansion, no slash commands (and, in 2.1.332, no turn-start attachments).
   */
  verbatimPrompts?: boolean;
  /** Periodic summaries of running subagents on `task_progress` messages (sent in `initialize`). */
  agentProgressSummaries?: boolean;
  /**
   * Declares that this host can stop tasks one by one (`stopTask()`): an interrupt then spares
   * running background tasks (sent in `initialize`).
   */
  perTaskStopAffordance?: boolean;
}
