/** Session metadata returned by `listSessions` and `getSessionInfo`. */
export interface SDKSessionInfo {
  /** The session's UUID. */
  sessionId: string;
  /** Display title: custom title, else AI title, else last prompt, else summary entry, else first prompt. */
  summary: string;
  /** The transcript's modification time, integer epoch milliseconds. */
  lastModified: number;
  /** Transcript size in bytes (local files only). */
  fileSize?: number;
  /** Title set by a rename (or, failing that, the CLI's AI-generated title). */
  customTitle?: string;
  /** First meaningful user prompt (at most 200 characters), or the first slash command. */
  firstPrompt?: string;
  /** Last git branch recorded. */
  gitBranch?: string;
  /** First working directory recorded, else the project path the session was found under. */
  cwd?: string;
  /** Tag set by `tagSession`. */
  tag?: string;
  /** Time of the first entry with a timestamp, integer epoch milliseconds. */
  createdAt?: number;
  /** `true` when archived, `false` when unarchived since; absent when never archived. */
  archived?: boolean;
}

/** One message of a transcript, as `getSessionMessages` and `getSubagentMessages` return it. */
export interface SessionMessage {
  /** Entry type. `system` appears only with `includeSystemMessages`. */
  type: 'user' | 'assistant' | 'system';
  /** The entry's UUID. */
  uuid: string;
  /** The session the entry was written in. */
  session_id: string;
  /** The raw API message, as stored (absent for most `system` entries). */
  message: unknown;
  /** For subagent messages: the Agent `tool_use` id in the parent that spawned the subagent; else `null`. */
  parent_tool_use_id: string | null;
  /** For nested subagents: the spawning subagent's id; else `null`. */
  parent_agent_id: string | null;
  /** The entry's ISO timestamp, when it has one. */
  timestamp?: string;
  /** Where a queued prompt came from (for example a task notification), as the CLI recorded it. */
  origin?: unknown;
  /** `true` for a compaction summary (the text that replaces the compacted history). */
  isCompactSummary?: true;
  /** `true` for an entry not sent to the model as conversation: a compaction summary, one shown in the transcript only, or a subagent's meta entry. */
  is_meta?: true;
  /** `true` for a prompt that was queued while a turn ran. */
  isQueuedCommand?: true;
  /** `true` for an assistant turn cut short because the CLI shut down. */
  interruptedByShutdown?: true;
  /** `true` for a slash command run in the CLI itself (after its hidden caveat) and for each entry of its output. */
  isCompletedLocalCommand?: true;
}

/** A line a reader skipped. Readers never throw for bad content; they report it here. */
export interface SessionJsonlWarning {
  /** `MALFORMED_LINE`: not a JSON object (cut by a crash, or garbage). `UNREADABLE_FILE`: could not be read. */
  code: 'MALFORMED_LINE' | 'UNREADABLE_FILE';
  /** What happened, for a log. */
  message: string;
  /** The file involved. */
  filePath: string;
  /** Byte offset of the line in the file, for `MALFORMED_LINE`. */
  byteOffset?: number;
}

/** Options every call takes. */
export interface ConfigDirOption {
  /** Config directory to use instead of `CLAUDE_CONFIG_DIR` (else `~/.claude`). */
  configDir?: string;
}

/** Options of calls that read one session. */
export interface SessionLookupOptions extends ConfigDirOption {
  /** Project directory; searches it and its git worktrees only. Omit to search all projects. */
  dir?: string;
}

/** Options of `listSessions`. */
export interface ListSessionsOptions extends SessionLookupOptions {
  /** Most sessions to return; `0` or absent returns all. */
  limit?: number;
  /** Sessions to skip from the start of the sorted listing. Default 0. */
  offset?: number;
  /** With `dir`, also list the sessions of the repository's other worktrees. Default `true`. */
  includeWorktrees?: boolean;
  /** Include sessions started by SDKs (`sdk-cli`, `sdk-ts`, `sdk-py`) and daemons. Default `true`. */
  includeProgrammatic?: boolean;
}

/** Options of `getSessionInfo`. */
export type GetSessionInfoOptions = SessionLookupOptions;

/** Options of `getSessionMessages`. */
export interface GetSessionMessagesOptions extends SessionLookupOptions {
  /** Most messages to return; `0` or absent returns all. */
  limit?: number;
  /** Messages to skip from the start. Default 0. */
  offset?: number;
  /** Also return `system` entries of the conversation (compaction boundaries, notices). Default `false`. */
  includeSystemMessages?: boolean;
  /** Receives each skipped line. */
  onWarning?: (warning: SessionJsonlWarning) => void;
}

/** Options of `listSubagents` and `getSubagentMetadata`. */
export type ListSubagentsOptions = SessionLookupOptions;

/** Options of `getSubagentMessages`. */
export interface GetSubagentMessagesOptions extends SessionLookupOptions {
  /** Most messages to return; `0` or absent returns all. */
  limit?: number;
  /** Messages to skip from the start. Default 0. */
  offset?: number;
  /** Receives each skipped line. */
  onWarning?: (warning: SessionJsonlWarning) => void;
}

/** Options of the mutations (rename, tag, archive, unarchive, delete). */
export type SessionMutationOptions = SessionLookupOptions;

/** Options of `forkSession`. */
export interface ForkSessionOptions extends SessionMutationOptions {
  /** Copy the transcript up to and including the entry with this UUID. Default: all of it. */
  upToMessageId?: string;
  /** Title of the fork. Default `<source title> (fork)`. */
  title?: string;
}

/** Result of `forkSession`. */
export interface ForkSessionResult {
  /** The new session's UUID; resumable with `--resume`. */
  sessionId: string;
}
