/** How a Claude Code process ended. */
export interface CliLinkExit {
  /** 0 for an orderly end (including one the server caused), the exit code otherwise; `null` after a signal. */
  readonly exitCode: number | null;
  /** The signal that ended the process, if one did and the server did not send it. */
  readonly signal: string | null;
  /** The failure, when the process did not end in order. */
  readonly error?: Error;
}

import type { TranscriptMirrorFrame } from '@ccsdk/mirror-batcher';

export type { TranscriptMirrorFrame };

/**
 * The server's line-level view of one Claude Code process: lines in, lines out. The bridge
 * forwards client lines and CLI lines through it without reparsing them.
 *
 * Contract: install callbacks before `start()`; `onLine` gets the bytes of one line without its
 * newline, in order, unparsed; `onExit` fires once. `close()` is idempotent and resolves when the process (and its
 * process group) is gone.
 */
export interface CliLink {
  /** Spawns the process. Rejects if it cannot run. */
  start(): Promise<void>;
  /** Writes one line (without its newline) from the client to the CLI's stdin. */
  sendLine(line: Uint8Array): Promise<void>;
  /** Ends the CLI's stdin; it finishes its turn and exits. Idempotent. */
  endInput(): Promise<void>;
  /** Stops the process in stages; resolves when it is gone. Idempotent. */
  close(): Promise<void>;
  /**
   * One line of the CLI's stdout (bytes without the newline, not parsed), for the client. The
   * link never writes to or reuses the array, so it may be kept.
   */
  onLine?: (line: Uint8Array) => void;
  /** A `transcript_mirror` frame; when set, such frames go here and not to `onLine`. */
  onTranscriptMirror?: (frame: TranscriptMirrorFrame) => void;
  /** A non-fatal problem (an over-long or truncated stdout line, a client line the CLI cannot take). */
  onWarning?: (error: Error) => void;
  /** The process ended. */
  onExit?: (exit: CliLinkExit) => void;
  /**
   * A warm-pool spare (`awaitClaim`) was claimed for a session: from now on it starts like a
   * session's CLI (the start gate decides its priority, restored when the gate allows).
   */
  claimed?(): void;
}

/** What one session asks of its process. */
export interface CliLinkParams {
  /** The session's working directory (already confined to the roots). */
  readonly cwd: string;
  /** Permission mode from `POST /sessions`, when given. */
  readonly permissionMode?: string;
  /** Session id to resume (`--resume`), when the session continues a stored one. */
  readonly resume?: string;
  /** True when the server mirrors transcripts to a store (`--session-mirror`). */
  readonly sessionMirror: boolean;
  /** Largest stdout line accepted, in bytes. */
  readonly maxLineBytes: number;
  /**
   * Variables laid over the shared CLI environment for this session only, e.g. the private
   * `CLAUDE_CONFIG_DIR` of a session resumed from the store.
   */
  readonly env?: Readonly<Record<string, string>>;
  /**
   * True for a warm-pool spare: the CLI starts parked (`--await-claim`) in `cwd` (its parking
   * folder), at lowered CPU priority, until a `claim_session` binds it to a session's folder.
   */
  readonly awaitClaim?: boolean;
}

/** Makes the process of one session. The default spawns the real CLI through `SubprocessTransport`. */
export type CliLinkFactory = (params: CliLinkParams) => CliLink;
