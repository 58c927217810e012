import { ControlChannel, type Transport, type TransportCloseInfo } from '@ccsdk/control-protocol';
import type { SdkMcpRouter } from '@ccsdk/mcp-inproc';
import type { TranscriptMirrorBatcher, TranscriptMirrorFrame } from '@ccsdk/mirror-batcher';
import { BackgroundTasks } from './background-tasks.js';
import { ControlMethods } from './control-methods.js';
import { createDefaultTransport } from './default-transport.js';
import { AbortError, ResultError, SdkError } from './errors.js';
import { registerHooks } from './hooks/register-hooks.js';
import type { InitializationResult } from './initialization.js';
import { buildInitializeRequest } from './initialize-request.js';
import { INITIALIZE_TIMEOUT_MS, QUERY_CLOSE_WAIT_MS } from './limits.js';
import { MessageQueue } from './message-queue.js';
import type { SDKMessage, SDKUserMessage } from './messages.js';
import type { Options } from './options.js';
import { createPermissionHandler } from './permission-handler.js';
import type { Prompt, Query } from './query.js';
import { sdkMcpServersOf, serveSdkMcpServers } from './sdk-mcp-servers.js';
import { createSessionMirror } from './session-mirror.js';
import { createStoreResumeTransport, resumesFromStore } from './store-resume.js';
import { userMessageFromText } from './user-message.js';

/** Work the query runs first when it closes (e.g. flushing a mirror, removing a temp dir). */
export type CleanupCallback = () => Promise<void> | void;

/**
 * One Claude Code session: starts the transport and the `initialize` handshake at construction,
 * takes its prompt with {@link QueryRun.sendPrompt} (at once for `query()`, later for a
 * `WarmQuery`), and yields the CLI's messages.
 */
export class QueryRun extends ControlMethods implements Query {
  readonly #options: Options;
  readonly #queue = new MessageQueue<SDKMessage>();
  readonly #tasks = new BackgroundTasks();
  readonly #channel: ControlChannel;
  readonly #keepInputOpen: boolean;
  readonly #signal: AbortSignal | undefined;
  readonly #initialization: Promise<InitializationResult>;
  /** Resolves once the `initialize` request is on the wire; rejects like the initialization. */
  readonly #initializeSent: Promise<unknown>;
  readonly #mcpRouter: SdkMcpRouter | undefined;
  readonly #cleanups: CleanupCallback[] = [];
  readonly #initializeHooks: Record<string, unknown> | null;
  #mirror: TranscriptMirrorBatcher | undefined;
  /** Batches the mirror could not store: a store resume then keeps its local copy. */
  #mirrorDropped = 0;
  /** Work to run once the CLI exited (removing a store resume's temp config dir). */
  #afterExit: ((preserveLocal: boolean) => Promise<void>) | undefined;
  /** With a mirror, messages are delivered through this chain so a flush can precede a result. */
  #delivery: Promise<void> = Promise.resolve();
  #idleResultWaiters: Array<() => void> = [];
  #lastErrorResult: Record<string, unknown> | undefined;
  #closing: Promise<void> | undefined;
  #closedByCaller = false;

  constructor(options: Options, initializeTimeoutMs = options.initializeTimeoutMs ?? INITIALIZE_TIMEOUT_MS) {
    super();
    this.#options = options;
    const hooks = registerHooks(options.hooks, (e) => this.#warn(e));
    this.#initializeHooks = hooks.initializeHooks;
    const sdkMcpServers = sdkMcpServersOf(options);
    this.#keepInputOpen =
      options.canUseTool !== undefined || hooks.initializeHooks !== null || hasEntries(sdkMcpServers);
    this.#signal = options.abortController?.signal ?? options.signal;
    const reportMirrorError = (message: Record<string, unknown>): void => {
      // Yielded when it happens: during a flush, that is before the result waiting on it.
      this.#mirrorDropped += 1;
      this.#queue.push(message as SDKMessage);
    };
    let transport: Transport;
    if (options.transport !== undefined) {
      transport = options.transport;
    } else if (resumesFromStore(options)) {
      transport = createStoreResumeTransport(options, {
        onStart: (effective) => {
          this.#mirror = createSessionMirror(effective, reportMirrorError);
        },
        onCleanup: (cleanup) => {
          this.#afterExit = cleanup;
        },
      });
    } else {
      transport = createDefaultTransport(options);
    }
    if (!resumesFromStore(options)) this.#mirror = createSessionMirror(options, reportMirrorError);
    this.#channel = new ControlChannel(transport, {
      onMessage: (message) => this.#onMessage(message),
      onError: (error) => this.#warn(error),
      onClose: (info) => this.#onClose(info),
    });
    if (options.canUseTool !== undefined) {
      this.#channel.setHandler(
        'can_use_tool',
        createPermissionHandler(options.canUseTool, (e) => this.#warn(e)),
      );
    }
    if (hooks.initializeHooks !== null) this.#channel.setHandler('hook_callback', hooks.handler);
    this.#mcpRouter = serveSdkMcpServers(this.#channel, sdkMcpServers, (e) => this.#warn(e));
    if (this.#signal?.aborted) {
      const aborted = new AbortError(undefined, this.#signal.reason);
      this.#queue.fail(aborted);
      this.#initialization = Promise.reject(aborted);
      this.#initialization.catch(() => {});
      this.#initializeSent = this.#initialization;
      return;
    }
    this.#signal?.addEventListener('abort', this.#onAbort, { once: true });
    let markSent: () => void = () => {};
    const sent = new Promise<void>((resolve) => {
      markSent = resolve;
    });
    this.#initialization = this.#start(initializeTimeoutMs, markSent);
    this.#initializeSent = Promise.race([sent, this.#initialization]);
    this.#initialization.catch((error: unknown) => {
      this.#queue.fail(error);
      void this.close();
    });
  }

  /** Registers work to run first when the query closes. */
  addCleanup(callback: CleanupCallback): void {
    this.#cleanups.push(callback);
  }

  /**
   * Writes the prompt right behind the `initialize` request (the CLI reads stdin in order, so it
   * sees initialize first; not waiting for the answer saves a round trip), and ends input as the
   * stdin lifetime rule says. If initialize fails, the query fails with that error.
   */
  sendPrompt(prompt: Prompt): void {
    this.#initializeSent
      .then(() => this.#writePrompt(prompt))
      .catch((error: unknown) => {
        if (!this.#channel.isClosed) this.#queue.fail(error);
      });
  }

  next(): Promise<IteratorResult<SDKMessage, void>> {
    return this.#queue.next();
  }

  async return(): Promise<IteratorResult<SDKMessage, void>> {
    await this.close();
    return { value: undefined, done: true };
  }

  async throw(error: unknown): Promise<IteratorResult<SDKMessage, void>> {
    await this.close();
    throw error;
  }

  [Symbol.asyncIterator](): this {
    return this;
  }

  [Symbol.asyncDispose](): Promise<void> {
    return this.close();
  }

  initializationResult(): Promise<InitializationResult> {
    return this.#initialization;
  }

  async request<T = Record<string, unknown>>(
    subtype: string,
    payload: Record<string, unknown> = {},
  ): Promise<T> {
    await this.#initialization;
    return this.#channel.request<T>(subtype, payload, this.#signal ? { signal: this.#signal } : {});
  }

  async streamInput(stream: AsyncIterable<SDKUserMessage>): Promise<void> {
    await this.#initialization;
    for await (const message of stream) {
      if (this.#channel.isClosed) return;
      await this.#channel.send(message);
    }
  }

  close(): Promise<void> {
    this.#closing ??= this.#shutdown();
    return this.#closing;
  }

  async #start(initializeTimeoutMs: number, markSent: () => void): Promise<InitializationResult> {
    await this.#channel.start();
    // request() hands the envelope to the transport synchronously, so it is queued before markSent.
    const answer = this.#channel.request<InitializationResult>(
      'initialize',
      buildInitializeRequest(this.#options, this.#initializeHooks),
      {
        timeoutMs: initializeTimeoutMs,
        ...(this.#signal ? { signal: this.#signal } : {}),
      },
    );
    markSent();
    return answer;
  }

  async #writePrompt(prompt: Prompt): Promise<void> {
    let written = 0;
    try {
      if (typeof prompt === 'string') {
        await this.#channel.send(userMessageFromText(prompt));
        written = 1;
      } else {
        for await (const message of prompt) {
          if (this.#channel.isClosed) return;
          await this.#channel.send(message);
          written += 1;
        }
      }
      if (this.#keepInputOpen && written > 0) await this.#untilIdleResult();
    } finally {
      if (!this.#channel.isClosed) await this.#channel.endInput();
    }
  }

  #untilIdleResult(): Promise<void> {
    if (this.#queue.isDone) return Promise.resolve();
    return new Promise((resolve) => this.#idleResultWaiters.push(resolve));
  }

  #releaseInput(): void {
    const waiters = this.#idleResultWaiters;
    this.#idleResultWaiters = [];
    for (const resolve of waiters) resolve();
  }

  #onMessage(raw: unknown): void {
    if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
      this.#warn(new TypeError(`Ignored a stream-JSON value that is not an object: ${typeof raw}`));
      return;
    }
    const message = raw as Record<string, unknown>;
    if (message['type'] === 'keep_alive') return;
    if (message['type'] === 'transcript_mirror') {
      this.#mirror?.enqueue(message as unknown as TranscriptMirrorFrame);
      return;
    }
    this.#tasks.observe(message);
    if (message['type'] === 'result') {
      this.#lastErrorResult = message['is_error'] === true ? message : undefined;
      if (!this.#tasks.busy) this.#releaseInput();
    } else if (!(message['type'] === 'system' && message['subtype'] === 'session_state_changed')) {
      this.#lastErrorResult = undefined;
    }
    this.#deliver(raw as SDKMessage, message['type'] === 'result');
  }

  /** Hands a message to the consumer in order; with a mirror, after a flush when `flushFirst`. */
  #deliver(message: SDKMessage, flushFirst: boolean): void {
    const mirror = this.#mirror;
    if (mirror === undefined) {
      this.#queue.push(message);
      return;
    }
    this.#delivery = this.#delivery.then(async () => {
      if (flushFirst) await mirror.flush();
      this.#queue.push(message);
    });
  }

  /** Ends the stream after every delivery (and, with a mirror, a final flush). */
  #finish(end: () => void): void {
    const mirror = this.#mirror;
    if (mirror === undefined) {
      end();
      return;
    }
    this.#delivery = this.#delivery.then(async () => {
      await mirror.flush();
      await this.#runAfterExit();
      end();
    });
  }

  /** Runs the after-exit work once (errors become warnings). */
  async #runAfterExit(): Promise<void> {
    const afterExit = this.#afterExit;
    this.#afterExit = undefined;
    await afterExit?.(this.#mirrorDropped > 0).catch((error: unknown) => this.#warn(asError(error)));
  }

  #onClose(info: TransportCloseInfo): void {
    this.#releaseInput();
    const error = info.error;
    if (this.#closedByCaller || error === undefined) {
      this.#finish(() => this.#queue.end());
      return;
    }
    const exitCode = exitCodeOf(error);
    const lastErrorResult = this.#lastErrorResult;
    if (lastErrorResult !== undefined && exitCode !== undefined && exitCode !== 0) {
      this.#finish(() =>
        this.#queue.fail(new ResultError({ result: lastErrorResult, exitCode, cause: error })),
      );
      return;
    }
    this.#finish(() => this.#queue.fail(error));
  }

  readonly #onAbort = (): void => {
    this.#queue.fail(new AbortError(undefined, this.#signal?.reason));
    void this.close();
  };

  /**
   * Seed 000's order: cleanup callbacks, the mirror's final flush (bounded by its append timeout),
   * pending control requests rejected, in-process MCP servers closed, then the transport closed
   * (stdin EOF, grace, SIGTERM, SIGKILL), waiting at most `QUERY_CLOSE_WAIT_MS` for the exit.
   */
  async #shutdown(): Promise<void> {
    this.#closedByCaller = true;
    this.#signal?.removeEventListener('abort', this.#onAbort);
    this.#releaseInput();
    for (const cleanup of this.#cleanups.splice(0)) {
      await Promise.resolve()
        .then(cleanup)
        .catch((error: unknown) => this.#warn(asError(error)));
    }
    await this.#mirror?.close();
    this.#channel.rejectPending();
    await this.#mcpRouter?.close().catch((error: unknown) => this.#warn(asError(error)));
    const closed = this.#channel.close().catch((error: unknown) => this.#warn(asError(error)));
    await raceWithTimeout(closed, QUERY_CLOSE_WAIT_MS);
    await this.#delivery;
    await this.#runAfterExit();
    this.#queue.end();
  }

  #warn(error: Error): void {
    if (this.#options.onWarning) {
      this.#options.onWarning(error);
      return;
    }
    process.emitWarning(error);
  }
}

function raceWithTimeout(promise: Promise<unknown>, timeoutMs: number): Promise<unknown> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise((resolve) => {
    timer = setTimeout(resolve, timeoutMs);
    timer.unref();
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

function exitCodeOf(error: Error): number | undefined {
  const code = (error as { exitCode?: unknown }).exitCode;
  return typeof code === 'number' ? code : undefined;
}

function hasEntries(value: object | undefined): boolean {
  return value !== undefined && Object.keys(value).length > 0;
}

function asError(value: unknown): Error {
  return value instanceof Error ? value : new SdkError({ code: 'QUERY_CLOSED', message: String(value) });
}
