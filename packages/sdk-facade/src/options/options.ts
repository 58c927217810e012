import type {
  AgentDefinition,
  HookEvent,
  PermissionMode,
  SdkPluginConfig,
  Transport,
} from '@ccsdk/control-protocol';
import type { SessionStore } from '@ccsdk/session-store';
import type { SubprocessTransportOptions } from '@ccsdk/transport-subprocess';
import type { HookCallbackMatcher, HooksOption } from '../hooks/hook-types.js';
import type { McpServerConfig } from '../mcp/mcp-server-config.js';
import type { CanUseTool } from '../permissions/permissions.js';
import type { SessionStoreFlush } from '../sessions/session-options.js';
import type { Settings } from '../settings/settings-types.js';
import type { OnElicitation, OnUserDialog } from './dialogs.js';
import type { OutputFormat, SdkBeta } from './output-format.js';
import type { SandboxSettings } from './sandbox.js';
import type { EffortLevel, ThinkingConfig } from './thinking.js';

/** The CLI options whose types `Options` states itself (the official SDK's types). */
type RetypedCliKeys =
  | 'sessionMirror'
  | 'mcpServers'
  | 'betas'
  | 'managedSettings'
  | 'permissionMode'
  | 'sandbox'
  | 'settings'
  | 'plugins'
  | 'effort'
  | 'thinking'
  | 'outputFormat';

/**
 * The transport's options that are ccsdk extensions: they are in {@link ExtendedOptions}, never in
 * the official `Options`.
 */
type TransportExtensionKeys =
  | 'resolveFrom'
  | 'maxLineBytes'
  | 'rawLines'
  | 'closeGraceMs'
  | 'killAfterMs'
  | 'stderrTailBytes'
  | 'advisorModel'
  | 'bare'
  | 'debugCategories'
  | 'mcpConfig'
  | 'systemPromptFile';

/**
 * Options of `query()`: every CLI option of the transport (model, permissions, tools, resume, ...)
 * plus what the SDK itself handles (callbacks, abort, a session store). The official SDK's
 * `Options` exactly: the same keys, each of the same type, so code that reads its keys (a
 * `keyof Options` exhaustiveness check, a mapped type) sees the same set. The ccsdk extensions are
 * in {@link ExtendedOptions}, which `query()`, `startup()` and `prewarm()` take.
 */
export interface Options extends Omit<SubprocessTransportOptions, RetypedCliKeys | TransportExtensionKeys> {
  /**
   * MCP servers by name: process servers (stdio, SSE, HTTP) go to the CLI's `--mcp-config`;
   * in-process servers (`{ type: 'sdk', name, instance }`, `instance` an `McpServer` made by
   * `createSdkMcpServer()` or by hand) are answered by this process over the control channel. One
   * `McpServer` may serve any number of queries at once. A config file path or JSON text goes in
   * `mcpConfig` (a ccsdk extension, see {@link ExtendedOptions}).
   */
  mcpServers?: Record<string, McpServerConfig>;
  /** API beta features to turn on (`--betas`). */
  betas?: SdkBeta[];
  /** Policy-tier settings for this session, as if from the managed settings file. */
  managedSettings?: Settings;
  /** The permission mode to start in (`--permission-mode`). */
  permissionMode?: PermissionMode;
  /** Run Bash in an OS sandbox with these rules. */
  sandbox?: SandboxSettings;
  /** Flag-level settings: a settings object, or a path / JSON text (`--settings`). */
  settings?: string | Settings;
  /** Local plugins (`--plugin-dir`, repeated). */
  plugins?: SdkPluginConfig[];
  /** How hard the model works (`--effort`). */
  effort?: EffortLevel;
  /** Extended thinking; takes precedence over `maxThinkingTokens`. */
  thinking?: ThinkingConfig;
  /** Ask for structured output matching a JSON schema. */
  outputFormat?: OutputFormat;
  /** Aborting it ends the query with an `AbortError` and stops the CLI. */
  abortController?: AbortController;
  /**
   * Asked before each tool use the CLI's rules do not settle. Sets `--permission-prompt-tool stdio`.
   * Resolving `null` denies.
   */
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
  sessionStoreFlush?: SessionStoreFlush;
  /** Subagents for this session, by name (sent in `initialize`). */
  agents?: Record<string, AgentDefinition>;
  /** Hook callbacks by event (sent in `initialize`, answered over the control channel). */
  hooks?: Partial<Record<HookEvent, HookCallbackMatcher[]>>;
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

/**
 * `Options` plus the ccsdk extensions, each absent from the official `Options`: what `query()`,
 * `startup()` and `prewarm()` take. Every `Options` value is an `ExtendedOptions`.
 *
 * The extensions: `transport` (Direct Connect or any other transport instead of a spawned CLI),
 * `signal`, `initializeTimeoutMs`, `onWarning`, `timeoutMs` on hook matchers, the transport's
 * tuning (`resolveFrom`, `maxLineBytes`, `closeGraceMs`, `killAfterMs`, `stderrTailBytes`,
 * `rawLines`), and CLI flags the official `Options` has no field for: `bare`, `advisorModel`,
 * `debugCategories` (`--debug=<filter>`), `systemPromptFile` (`--system-prompt-file`) and
 * `mcpConfig` (a path or JSON text for `--mcp-config`).
 */
export interface ExtendedOptions extends Options, Pick<SubprocessTransportOptions, TransportExtensionKeys> {
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
  /** Hook callbacks by event; a matcher may give its timeout in milliseconds (`timeoutMs`). */
  hooks?: HooksOption;
}
