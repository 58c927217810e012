/** How a Claude Code process ended. */
export interface CliLinkExit {
  /** 0 for an orderly end (including one the server caused), the exit code otherwise; `null` after a signal. */
  readonly exitCode: number | null;
  /** The signal that ended the process, if one did and the server did not send it. */
  readonly signal: string | null;
  /** The failure, when the process did not end in order. */
  readonly error?: Error;
}

/** A `transcript_mirror` frame: entries the CLI appended to a local transcript file. */
export interface TranscriptMirrorFrame {
  readonly filePath: string;
  readonly entries: readonly unknown[];
}

/**
 * The server's line-level view of one Claude Code process: lines in, lines out. The bridge
 * forwards client lines and CLI lines through it without reparsing them.
 *
 * Contract: install callbacks before `start()`; `onLine` gets one JSON text without its newline,
 * in order; `onExit` fires once. `close()` is idempotent and resolves when the process (and its
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
  /** One line of the CLI's stdout (JSON text without the newline), for the client. */
  onLine?: (line: string) => void;
  /** A `transcript_mirror` frame; when set, such frames go here and not to `onLine`. */
  onTranscriptMirror?: (frame: TranscriptMirrorFrame) => void;
  /** A non-fatal problem (a stdout line that is not JSON, a client line the CLI cannot take). */
  onWarning?: (error: Error) => void;
  /** The process ended. */
  onExit?: (exit: CliLinkExit) => void;
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
}

/** Makes the process of one session. The default spawns the real CLI through `SubprocessTransport`. */
export type CliLinkFactory = (params: CliLinkParams) => CliLink;
