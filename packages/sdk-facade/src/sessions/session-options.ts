import type { SessionStore } from '@ccsdk/session-store';

/** Where a session lives: a project folder on disk (`dir`, default the cwd) or a store. */
export type SessionMutationOptions = {
  dir?: string;
  sessionStore?: SessionStore;
};

/** Options of `listSessions()`: newest first, paged with `limit`/`offset`. */
export type ListSessionsOptions = {
  /** A project folder; absent lists every project. */
  dir?: string;
  limit?: number;
  offset?: number;
  /** Also list the sessions of the project's git worktrees. Default true. */
  includeWorktrees?: boolean;
  /** Also list sessions started by SDK programs (not only interactive ones). */
  includeProgrammatic?: boolean;
  sessionStore?: SessionStore;
};

/** Options of `getSessionInfo()`. */
export type GetSessionInfoOptions = {
  dir?: string;
  sessionStore?: SessionStore;
};

/** Options of `getSessionMessages()`: the visible chain, paged. */
export type GetSessionMessagesOptions = {
  dir?: string;
  limit?: number;
  offset?: number;
  /** Also return `system` entries. */
  includeSystemMessages?: boolean;
  sessionStore?: SessionStore;
};

/** Options of `getSubagentMessages()`. */
export type GetSubagentMessagesOptions = {
  dir?: string;
  limit?: number;
  offset?: number;
  sessionStore?: SessionStore;
};

/** Options of `listSubagents()`. */
export type ListSubagentsOptions = {
  dir?: string;
  sessionStore?: SessionStore;
};

/** Options of `forkSession()`: cut at `upToMessageId` (inclusive), give the copy a `title`. */
export type ForkSessionOptions = SessionMutationOptions & {
  upToMessageId?: string;
  title?: string;
};

/** What `forkSession()` made: the new session's id. */
export type ForkSessionResult = {
  sessionId: string;
};

/** One message of a session's transcript, as `getSessionMessages()` returns it. */
export type SessionMessage = {
  type: 'user' | 'assistant' | 'system';
  uuid: string;
  session_id: string;
  /** The Messages API message (user or assistant), or the system entry's content. */
  message: unknown;
  parent_tool_use_id: string | null;
  /** The subagent the message belongs to, or null for the main conversation. */
  parent_agent_id: string | null;
};

/** How a session store is fed: `batched` (default: at thresholds and before each result) or `eager`. */
export type SessionStoreFlush = 'batched' | 'eager';
