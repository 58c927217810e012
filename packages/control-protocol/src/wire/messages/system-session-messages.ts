import type {
  PermissionMode,
  SDKAssistantMessageError,
  SlashCommand,
  SystemMessageFields,
  UUID,
} from './message-common.js';

/** What the session is busy with: compacting, waiting on the API, or nothing (`null`). */
export type SDKStatus = 'compacting' | 'requesting' | null;

/** `system`/`status`: the session's activity or permission mode changed; a compaction ended. */
export type SDKStatusMessage = SystemMessageFields & {
  subtype: 'status';
  status: SDKStatus;
  permissionMode?: PermissionMode;
  compact_result?: 'success' | 'failed';
  compact_error?: string;
};

/** `system`/`compact_boundary`: the conversation was compacted here; older turns are summarized. */
export type SDKCompactBoundaryMessage = SystemMessageFields & {
  subtype: 'compact_boundary';
  compact_metadata: {
    trigger: 'manual' | 'auto';
    pre_tokens: number;
    post_tokens?: number;
    duration_ms?: number;
    preserved_segment?: { head_uuid: UUID; anchor_uuid: UUID; tail_uuid: UUID };
    preserved_messages?: { anchor_uuid: UUID; uuids: UUID[] };
  };
};

/** `system`/`api_retry`: a model call failed and the CLI waits `retry_delay_ms` before retrying. */
export type SDKAPIRetryMessage = SystemMessageFields & {
  subtype: 'api_retry';
  attempt: number;
  max_retries: number;
  retry_delay_ms: number;
  error_status: number | null;
  error: SDKAssistantMessageError;
  /** Set when the API did not answer at all (a stalled connection) rather than with an error. */
  no_response?: { waited_ms: number; retry_wait_ms: number };
};

/** `system`/`control_request_progress`: a slow control request started or is retrying. */
export type SDKControlRequestProgressMessage = SystemMessageFields & {
  subtype: 'control_request_progress';
  request_id: string;
  status: 'started' | 'api_retry';
  attempt?: number;
  max_retries?: number;
  retry_delay_ms?: number;
  error_status?: number | null;
};

/** `system`/`session_state_changed`: idle, running a turn, or waiting for the host. */
export type SDKSessionStateChangedMessage = SystemMessageFields & {
  subtype: 'session_state_changed';
  state: 'idle' | 'running' | 'requires_action';
};

/** `system`/`worker_shutting_down`: the CLI is about to exit; `reason` says why. */
export type SDKWorkerShuttingDownMessage = SystemMessageFields & {
  subtype: 'worker_shutting_down';
  reason: string;
};

/** `system`/`commands_changed`: the session's slash commands and skills changed. */
export type SDKCommandsChangedMessage = SystemMessageFields & {
  subtype: 'commands_changed';
  commands: SlashCommand[];
};

/** `system`/`local_command_output`: the text a local slash command (e.g. `/cost`) printed. */
export type SDKLocalCommandOutputMessage = SystemMessageFields & {
  subtype: 'local_command_output';
  content: string;
};

/** `system`/`informational`: a note for the user at `level`; not part of the conversation. */
export type SDKInformationalMessage = SystemMessageFields & {
  subtype: 'informational';
  content: string;
  level: 'info' | 'notice' | 'suggestion' | 'warning';
  tool_use_id?: string;
  prevent_continuation?: boolean;
  tag?: string;
};

/** `system`/`notification`: a transient notice (toast) with a priority and an optional timeout. */
export type SDKNotificationMessage = SystemMessageFields & {
  subtype: 'notification';
  key: string;
  text: string;
  priority: 'low' | 'medium' | 'high' | 'immediate';
  color?: string;
  timeout_ms?: number;
};

/** `system`/`session_writes_lost`: the disk is full; the listed writes did not happen. */
export type SDKSessionWritesLostMessage = SystemMessageFields & {
  subtype: 'session_writes_lost';
  error_code: 'ENOSPC' | 'EDQUOT';
  lost: ('transcript' | 'global_config')[];
  transcript_session_ids?: string[];
};

/** `system`/`files_persisted`: files the session uploaded (file ids) and the ones that failed. */
export type SDKFilesPersistedEvent = SystemMessageFields & {
  subtype: 'files_persisted';
  files: { filename: string; file_id: string }[];
  failed: { filename: string; error: string }[];
  processed_at: string;
};

/**
 * `system`/`mirror_error`: a session store append failed for good. Made by the SDK, not the
 * CLI; the local transcript is intact.
 */
export type SDKMirrorErrorMessage = SystemMessageFields & {
  subtype: 'mirror_error';
  error: string;
  key: { projectKey: string; sessionId: string; subpath?: string };
};
