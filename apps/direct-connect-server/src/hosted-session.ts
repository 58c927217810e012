import { LineSplitter } from '@ccsdk/control-protocol';
import { closeCodeForExit, DIRECT_CONNECT_CLOSE_CODES, isEndOfInputFrame } from '@ccsdk/direct-connect';
import type { SessionStore } from '@ccsdk/session-store';
import type WebSocket from 'ws';
import type { CliLink, CliLinkExit } from './cli-link.js';
import { mayBeResult } from './line-peek.js';
import type { Logger } from './logger.js';
import { isAssistantLine } from './observability/assistant-line.js';
import type { ServerMetrics } from './observability/server-metrics.js';
import type { SessionMirror } from './session-mirror.js';
import { SessionSseChannel } from './sse/sse-channel.js';
import type { SseRefusal } from './sse/sse-cursor.js';
import { ATTACHED_IDLE_CLOSE_REASON, DEFAULT_TOKEN_NAME } from './tokens/token-limits.js';
import { TurnTracker } from './turn-tracker.js';

/** Limits one session runs under. */
export interface SessionLimits {
  readonly maxMessageBytes: number;
  readonly maxPendingOutputBytes: number;
  readonly idleTimeoutMs: number;
  /**
   * How long a client may stay attached with no line in either direction, in ms, outside a turn;
   * `undefined`: no limit. Past it the session ends with `IDLE_TIMEOUT` (4408),
   * reason `idle timeout (client attached)`.
   */
  readonly attachedIdleTimeoutMs?: number;
}

/** What a hosted session is made of. */
export interface HostedSessionInit {
  readonly id: string;
  readonly key: string | undefined;
  /** The name of the token that created it; default `DEFAULT_TOKEN_NAME`. */
  readonly owner?: string;
  readonly workDir: string;
  readonly link: CliLink;
  readonly limits: SessionLimits;
  readonly log: Logger;
  /**
   * The store mirror, when the server has one: it gets the `transcript_mirror` frames, is flushed
   * before each `result` line goes out and is closed when the process is gone.
   */
  readonly mirror?: SessionMirror;
  /**
   * Called once when the session is over: its process is gone and its last output was delivered
   * (or the retention time after the exit passed with no client to deliver it to).
   */
  readonly onEnded: (session: HostedSession) => void;
  /** How long an ended session keeps its last output for a client that has not connected yet, in ms. */
  readonly endedRetentionMs: number;
  /** Where the session's SSE event log goes once a client reads it over SSE. */
  readonly eventStore: SessionStore;
  /** The server's metrics: CLI start and first-message times, bytes each way, failures. */
  readonly metrics?: ServerMetrics;
}

/** A session as `GET /sessions/:id` and `DirectConnectServer.sessions()` describe it. */
export interface HostedSessionInfo {
  /** The session's id on this server. */
  readonly sessionId: string;
  /** The client's `session_key`, when it gave one. */
  readonly sessionKey: string | undefined;
  /** The CLI's working folder (a real path inside the roots). */
  readonly workDir: string;
  /** True while a client's WebSocket, or at least one SSE stream, is attached. */
  readonly attached: boolean;
  /** When the session was created, ISO 8601. */
  readonly createdAt: string;
}

type State = 'created' | 'running' | 'ending' | 'ended';

/**
 * One Claude Code process and its client: one WebSocket at a time, or, once a client spoke SSE
 * to it, the SSE channel (event log, streams, posts), never both.
 *
 * The bridge forwards bytes: client frames are split into lines by byte (`LineSplitter`, no
 * parsing) and each line goes to the CLI; each CLI line goes to the client as one frame. The
 * zero-byte frame ends the CLI's input. While no client is attached, output waits in a bounded
 * buffer and the idle clock runs; past the buffer limit or the idle limit the session ends.
 * While a client is attached, the attached idle clock runs instead: no line either way for
 * `attachedIdleTimeoutMs`, outside a turn, ends the session as well.
 *
 * With a store mirror, a `result` line (found by a byte search, not parsed) and every line after
 * it wait until the mirror has flushed the frames that came before it, so a client that sees a
 * result can resume from the store; when the process is gone the mirror is closed before the
 * client's socket is.
 *
 * The first SSE request (stream or post) opens the SSE channel: the output buffered so far moves
 * into its event log and every later CLI line goes there, in the same order a WebSocket would
 * get it; a WebSocket attach is then closed with `TRANSPORT_MISMATCH`. While a stream is open
 * the idle clock stops.
 */
export class HostedSession {
  readonly id: string;
  readonly key: string | undefined;
  /** The name of the token that created it: only that token sees it. */
  readonly owner: string;
  readonly workDir: string;
  readonly createdAt = new Date();

  readonly #link: CliLink;
  readonly #limits: SessionLimits;
  readonly #log: Logger;
  readonly #onEnded: (session: HostedSession) => void;
  readonly #endedRetentionMs: number;
  readonly #mirror: SessionMirror | undefined;
  readonly #eventStore: SessionStore;
  readonly #turn = new TurnTracker();
  readonly #metrics: ServerMetrics | undefined;
  /** When the spawn began, until the CLI's first line came (`performance.now()`). */
  #spawnedAt: number | undefined;
  #firstMessageSent = false;
  #sse: SessionSseChannel | undefined;
  /** Lines held back while the mirror flushes before a `result`; `undefined` when none are. */
  #held: Uint8Array[] | undefined;
  #outputSettled: Promise<void> = Promise.resolve();
  #finalClose: { code: number; reason: string } | undefined;
  #retentionTimer: NodeJS.Timeout | undefined;
  #removed = false;
  #state: State = 'created';
  #client: WebSocket | undefined;
  #pending: Uint8Array[] = [];
  #pendingBytes = 0;
  #idleTimer: NodeJS.Timeout | undefined;
  /** When a line last went either way (or a reader came), for the attached idle clock. */
  #lastActivityAt = Date.now();
  #requestedClose: { code: number; reason: string } | undefined;
  #endedPromise: Promise<void> | undefined;
  #resolveEnded!: () => void;
  readonly #ended = new Promise<void>((resolve) => {
    this.#resolveEnded = resolve;
  });

  constructor(init: HostedSessionInit) {
    this.id = init.id;
    this.key = init.key;
    this.owner = init.owner ?? DEFAULT_TOKEN_NAME;
    this.workDir = init.workDir;
    this.#link = init.link;
    this.#limits = init.limits;
    this.#log = init.log;
    this.#onEnded = init.onEnded;
    this.#endedRetentionMs = init.endedRetentionMs;
    this.#mirror = init.mirror;
    this.#eventStore = init.eventStore;
    this.#metrics = init.metrics;
    this.#link.onLine = (line) => {
      this.#timeCliStart();
      this.#fromCliInOrder(line);
    };
    const mirror = init.mirror;
    if (mirror !== undefined) this.#link.onTranscriptMirror = (frame) => mirror.enqueue(frame);
    this.#link.onWarning = (error) =>
      this.#log({ level: 'warn', event: 'session.cli_warning', sessionId: this.id, error });
    this.#link.onExit = (exit) => this.#onExit(exit);
  }

  /** True while a WebSocket client is attached. */
  get attached(): boolean {
    return this.#client !== undefined;
  }

  /** True once the session is read over SSE: a WebSocket attach is closed with `TRANSPORT_MISMATCH`. */
  get readOverSse(): boolean {
    return this.#sse !== undefined;
  }

  /** True while a WebSocket client or an SSE stream is attached: the idle clock is stopped. */
  get #hasReader(): boolean {
    return this.#client !== undefined || (this.#sse?.streamCount ?? 0) > 0;
  }

  /** True once the session is ending or has ended; its output can no longer grow. */
  get isEnding(): boolean {
    return this.#state === 'ending' || this.#state === 'ended';
  }

  /**
   * True while the CLI runs a turn: from a user message sent to it (over the WebSocket or SSE,
   * found by a byte search) until that turn's `result` line has gone out, after the mirror
   * flushed (see {@link turnSettled}).
   */
  get inTurn(): boolean {
    return this.#turn.inTurn;
  }

  /**
   * Resolves once no turn runs: at once when none does, else when the running turn's `result`
   * has gone out to the client (or into its buffer) or the process is gone. Never rejects.
   */
  turnSettled(): Promise<void> {
    return this.#turn.settled();
  }

  /** True once the process is gone; the session no longer counts against the session limit. */
  get processGone(): boolean {
    return this.#state === 'ended';
  }

  /** Describes the session. */
  info(): HostedSessionInfo {
    return {
      sessionId: this.id,
      sessionKey: this.key,
      workDir: this.workDir,
      attached: this.#hasReader,
      createdAt: this.createdAt.toISOString(),
    };
  }

  /** Spawns the process and starts the idle clock. Rejects if the process cannot run. */
  async start(): Promise<void> {
    this.#spawnedAt = performance.now();
    await this.#link.start();
    if (this.#state === 'created') this.#state = 'running';
    this.#armIdleTimer();
  }

  /**
   * The session's SSE channel, opened on first use (the output buffered so far moves into its
   * event log). Refused with 409 `transport_mismatch` while a WebSocket is attached, and with 409
   * `session_ended` when the session is ending and never spoke SSE. A session whose process ended
   * before any client came hands its last output and its end to the new log.
   */
  openSse(): SessionSseChannel | SseRefusal {
    if (this.#sse !== undefined) return this.#sse;
    if (this.#client !== undefined) {
      return {
        status: 409,
        code: 'transport_mismatch',
        message: 'A WebSocket client is attached to this session.',
      };
    }
    const retained = this.#state === 'ended' && this.#finalClose !== undefined && !this.#removed;
    if (this.isEnding && !retained) {
      return { status: 409, code: 'session_ended', message: 'The session has ended.' };
    }
    const sse = new SessionSseChannel(
      {
        sessionId: this.id,
        owner: this.owner,
        log: this.#log,
        maxPendingOutputBytes: this.#limits.maxPendingOutputBytes,
        sendToCli: (line) => this.#sendToCli(line),
        endCliInput: () => this.#link.endInput(),
        isEnding: () => this.isEnding,
        streamsChanged: () => this.#armIdleTimer(),
      },
      this.#eventStore,
    );
    this.#sse = sse;
    this.#log({
      level: 'info',
      event: 'session.sse_opened',
      sessionId: this.id,
      pendingLines: this.#pending.length,
    });
    const pending = this.#pending;
    this.#pending = [];
    this.#pendingBytes = 0;
    for (const line of pending) sse.fromWorker(line);
    const finalClose = this.#finalClose;
    if (retained && finalClose !== undefined) {
      clearTimeout(this.#retentionTimer);
      void sse.end(finalClose.code, finalClose.reason).then(() => this.#remove());
    }
    return sse;
  }

  /** Attaches a client socket: pending output is flushed to it, then the bridge runs. */
  attach(socket: WebSocket): void {
    if (this.#sse !== undefined) {
      socket.close(DIRECT_CONNECT_CLOSE_CODES.TRANSPORT_MISMATCH, 'the session is read over SSE');
      return;
    }
    if (this.#state === 'ended' && this.#finalClose !== undefined) {
      // The process ended before a client came: hand over its last output and how it ended.
      for (const line of this.#pending) this.#sendToClient(socket, line);
      socket.close(this.#finalClose.code, this.#finalClose.reason);
      this.#remove();
      return;
    }
    if (this.#state === 'ended' && this.#requestedClose === undefined && !this.#removed) {
      // The process is gone but its last output is still on its way (the mirror is closing).
      void this.#ended.then(() => this.attach(socket));
      return;
    }
    if (this.isEnding) {
      socket.close(this.#requestedClose?.code ?? DIRECT_CONNECT_CLOSE_CODES.NORMAL, 'session ended');
      return;
    }
    if (this.#client !== undefined) {
      socket.close(DIRECT_CONNECT_CLOSE_CODES.SESSION_BUSY, 'another client is attached');
      return;
    }
    this.#client = socket;
    this.#armIdleTimer();
    const splitter = new LineSplitter({
      maxLineBytes: this.#limits.maxMessageBytes,
      onLine: (line) => this.#toCli(line),
      onError: (error) =>
        this.#log({ level: 'warn', event: 'session.client_line_dropped', sessionId: this.id, error }),
    });
    let firstFrame = true;
    socket.on('message', (data: Buffer) => {
      // The official browser client sends its auth message even when a header authenticated it.
      if (firstFrame) {
        firstFrame = false;
        if (isAuthFrame(data)) return;
      }
      if (isEndOfInputFrame(data)) {
        this.#log({ level: 'debug', event: 'session.end_of_input', sessionId: this.id });
        this.#link.endInput().catch((error: unknown) => this.#warnClient('end_of_input_failed', error));
        return;
      }
      splitter.write(data);
    });
    socket.on('error', (error) =>
      this.#log({ level: 'warn', event: 'session.socket_error', sessionId: this.id, error }),
    );
    socket.on('close', (code) => this.#detach(socket, code));
    this.#log({
      level: 'info',
      event: 'session.attached',
      sessionId: this.id,
      pendingLines: this.#pending.length,
    });
    const pending = this.#pending;
    this.#pending = [];
    this.#pendingBytes = 0;
    for (const line of pending) this.#sendToClient(socket, line);
  }

  /**
   * Ends the session: the client (if any) is closed with `code`, the process is stopped in
   * stages. Resolves once the process is gone. Idempotent; the first code wins.
   */
  end(code: number, reason: string): Promise<void> {
    this.#endedPromise ??= this.#end(code, reason);
    return this.#endedPromise;
  }

  async #end(code: number, reason: string): Promise<void> {
    if (this.#state === 'ended') {
      this.#remove();
      return;
    }
    this.#state = 'ending';
    this.#requestedClose = { code, reason };
    clearTimeout(this.#idleTimer);
    this.#client?.close(code, reason);
    await this.#link.close();
    // A link must report its exit on close; if one did not, the process is gone all the same.
    if ((this.#state as State) !== 'ended') this.#onExit({ exitCode: 0, signal: null });
    await this.#ended;
  }

  /** Holds a `result` line, and what follows it, until the mirror has flushed. */
  #fromCliInOrder(line: Uint8Array): void {
    if (this.#held !== undefined) {
      this.#held.push(line);
      return;
    }
    const mirror = this.#mirror;
    if (mirror === undefined || !mayBeResult(line)) {
      this.#fromCli(line);
      return;
    }
    const held = [line];
    this.#held = held;
    this.#outputSettled = this.#releaseHeld(mirror, held);
  }

  async #releaseHeld(mirror: SessionMirror, held: Uint8Array[]): Promise<void> {
    await mirror.flush();
    for (let i = 0; i < held.length; i++) {
      const line = held[i] as Uint8Array;
      // A later result waits for the frames that came before it as well.
      if (i > 0 && mayBeResult(line)) await mirror.flush();
      this.#fromCli(line);
    }
    this.#held = undefined;
  }

  #fromCli(line: Uint8Array): void {
    this.#lastActivityAt = Date.now();
    this.#metrics?.bytesOut(line.length + 1);
    if (!this.#firstMessageSent && this.#metrics !== undefined && isAssistantLine(line)) {
      this.#firstMessageSent = true;
      this.#metrics.firstMessage((Date.now() - this.createdAt.getTime()) / 1000);
    }
    this.#deliver(line);
    this.#turn.cliLine(line);
  }

  #deliver(line: Uint8Array): void {
    if (this.#sse !== undefined) {
      this.#sse.fromWorker(line);
      return;
    }
    const client = this.#client;
    if (client !== undefined && client.readyState === client.OPEN) {
      const frameBytes = line.length + 1;
      if (client.bufferedAmount + frameBytes > this.#limits.maxPendingOutputBytes) {
        this.#overflow(client.bufferedAmount + frameBytes);
        return;
      }
      this.#sendToClient(client, line);
      return;
    }
    if (this.#state === 'ending') return;
    this.#pendingBytes += line.length + 1;
    this.#pending.push(line);
    if (this.#pendingBytes > this.#limits.maxPendingOutputBytes) this.#overflow(this.#pendingBytes);
  }

  /** Sends one line as one frame with its newline: one copy of the bytes, no decoding. */
  #sendToClient(client: WebSocket, line: Uint8Array): void {
    const frame = Buffer.allocUnsafe(line.length + 1);
    frame.set(line, 0);
    frame[line.length] = NEWLINE;
    client.send(frame);
  }

  #toCli(line: Uint8Array): void {
    if (line.length === 0) return;
    this.#sendToCli(line).catch((error: unknown) => this.#warnClient('client_line_refused', error));
  }

  /** Every client line reaches the CLI here, WebSocket and SSE alike; a user message starts a turn. */
  #sendToCli(line: Uint8Array): Promise<void> {
    this.#lastActivityAt = Date.now();
    this.#turn.clientLine(line);
    this.#metrics?.bytesIn(line.length + 1);
    return this.#link.sendLine(line);
  }

  #overflow(bytes: number): void {
    if (!this.isEnding) this.#metrics?.sessionFailed('output_overflow');
    this.#log({ level: 'warn', event: 'session.output_overflow', sessionId: this.id, bytes });
    void this.end(DIRECT_CONNECT_CLOSE_CODES.OUTPUT_OVERFLOW, 'output buffer overflow');
  }

  #detach(socket: WebSocket, code: number): void {
    if (this.#client !== socket) return;
    this.#client = undefined;
    this.#log({ level: 'info', event: 'session.detached', sessionId: this.id, closeCode: code });
    if (!this.isEnding) this.#armIdleTimer();
  }

  #armIdleTimer(): void {
    clearTimeout(this.#idleTimer);
    if (this.isEnding) return;
    if (this.#hasReader) {
      const limit = this.#limits.attachedIdleTimeoutMs;
      this.#lastActivityAt = Date.now();
      if (limit !== undefined) this.#checkAttachedIdleIn(limit, limit);
      return;
    }
    this.#idleTimer = setTimeout(() => {
      this.#log({
        level: 'info',
        event: 'session.idle_timeout',
        sessionId: this.id,
        idleMs: this.#limits.idleTimeoutMs,
      });
      void this.end(DIRECT_CONNECT_CLOSE_CODES.IDLE_TIMEOUT, 'idle timeout');
    }, this.#limits.idleTimeoutMs);
    this.#idleTimer.unref();
  }

  /**
   * The attached idle clock: checks after `delayMs` whether `limitMs` passed since the last line
   * either way; a turn in progress is never idle (the check comes back a whole limit later).
   */
  #checkAttachedIdleIn(delayMs: number, limitMs: number): void {
    this.#idleTimer = setTimeout(() => {
      if (!this.#hasReader || this.isEnding) return;
      const quietMs = Date.now() - this.#lastActivityAt;
      if (this.inTurn || quietMs < limitMs) {
        this.#checkAttachedIdleIn(this.inTurn ? limitMs : limitMs - quietMs, limitMs);
        return;
      }
      this.#log({
        level: 'info',
        event: 'session.idle_timeout',
        sessionId: this.id,
        idleMs: limitMs,
        attached: true,
      });
      void this.end(DIRECT_CONNECT_CLOSE_CODES.IDLE_TIMEOUT, ATTACHED_IDLE_CLOSE_REASON);
    }, delayMs);
    this.#idleTimer.unref();
  }

  #onExit(exit: CliLinkExit): void {
    if (this.#state === 'ended') return;
    this.#state = 'ended';
    clearTimeout(this.#idleTimer);
    const close = this.#requestedClose ?? closeForExit(exit);
    if (exit.error !== undefined && exit.exitCode !== 0 && this.#requestedClose === undefined)
      this.#metrics?.sessionFailed('cli_exited');
    this.#log({
      level: exit.error === undefined || this.#requestedClose !== undefined ? 'info' : 'warn',
      event: 'session.ended',
      sessionId: this.id,
      exitCode: exit.exitCode,
      signal: exit.signal,
      closeCode: close.code,
      reason: close.reason,
      ...(exit.error === undefined ? {} : { error: exit.error }),
    });
    void this.#afterExit(close);
  }

  /** Lets held output go out and the mirror close, then hands the end to the client. */
  async #afterExit(close: { code: number; reason: string }): Promise<void> {
    await this.#outputSettled;
    this.#turn.processGone();
    await this.#mirror?.close();
    const sse = this.#sse;
    if (sse !== undefined) {
      // The log says how it ended (streams write it and end), and reaches the store first.
      await sse.end(close.code, close.reason);
      this.#resolveEnded();
      this.#remove();
      return;
    }
    const client = this.#client;
    if (client !== undefined || this.#requestedClose !== undefined) {
      this.#resolveEnded();
      // Lines already queued on the socket go out before the close frame.
      client?.close(close.code, close.reason);
      this.#remove();
      return;
    }
    this.#finalClose = close;
    this.#retentionTimer = setTimeout(() => this.#remove(), this.#endedRetentionMs);
    this.#retentionTimer.unref();
    this.#resolveEnded();
  }

  /** Forgets the session: it leaves the registry. Idempotent. */
  #remove(): void {
    if (this.#removed) return;
    this.#removed = true;
    clearTimeout(this.#retentionTimer);
    this.#pending = [];
    this.#pendingBytes = 0;
    this.#onEnded(this);
  }

  /** The first CLI line ends the CLI's start: `ccsdk_serve_cli_start_seconds`. */
  #timeCliStart(): void {
    if (this.#spawnedAt === undefined) return;
    this.#metrics?.cliStarted((performance.now() - this.#spawnedAt) / 1000);
    this.#spawnedAt = undefined;
  }

  #warnClient(event: string, error: unknown): void {
    this.#log({ level: 'warn', event: `session.${event}`, sessionId: this.id, error });
  }
}

const NEWLINE = 0x0a;
const OPEN_BRACE = 0x7b;

/** Longest first frame checked for being an auth message, in bytes: 64 KiB (an auth message is far smaller). */
const MAX_AUTH_FRAME_BYTES = 64 * 1024;

/**
 * True when a WebSocket frame is one JSON object with `type: 'auth'` (a newline may follow): the
 * auth message a browser client sends first. Claude Code reads no input of that type.
 */
function isAuthFrame(data: Buffer): boolean {
  if (data.length === 0 || data.length > MAX_AUTH_FRAME_BYTES || data[0] !== OPEN_BRACE) return false;
  try {
    const value: unknown = JSON.parse(data.toString('utf8'));
    return typeof value === 'object' && value !== null && (value as { type?: unknown }).type === 'auth';
  } catch {
    return false;
  }
}

/** The close code that tells the client how the CLI ended. */
function closeForExit(exit: CliLinkExit): { code: number; reason: string } {
  if (exit.error === undefined || exit.exitCode === 0)
    return { code: DIRECT_CONNECT_CLOSE_CODES.NORMAL, reason: 'session ended' };
  if (exit.exitCode !== null && exit.exitCode >= 1 && exit.exitCode <= 255) {
    return { code: closeCodeForExit(exit.exitCode), reason: `CLI exited with code ${exit.exitCode}` };
  }
  if (exit.signal !== null)
    return { code: DIRECT_CONNECT_CLOSE_CODES.CLI_SIGNALLED, reason: `CLI ended by ${exit.signal}` };
  return { code: DIRECT_CONNECT_CLOSE_CODES.INTERNAL_ERROR, reason: 'CLI failed' };
}
