import type { SDKMessage, SDKUserMessage } from '@ccsdk/control-protocol';
import {
  ControlChannel,
  ControlProtocolError,
  type ControlRequestHandler,
  ReplyDeadline,
  type Transport,
  type TransportCloseInfo,
} from '@ccsdk/control-protocol';
import type { McpSdkServerConfigWithInstance, SdkMcpRouter } from '@ccsdk/mcp-inproc';
import type { TranscriptMirrorBatcher } from '@ccsdk/mirror-batcher';
import { ExtendedControlMethods } from '../control/extended-control-methods.js';
import type { InitializationResult } from '../control/initialization.js';
import { buildInitializeRequest } from '../control/initialize-request.js';
import { registerDialogHandlers } from '../dialogs/register-dialog-handlers.js';
import { AbortError, SdkError } from '../errors/sdk-error.js';
import { registerHooks } from '../hooks/register-hooks.js';
import {
  mcpToolTimeoutOf,
  routeSdkMcpServers,
  type SdkMcpRouting,
  sdkMcpServersOf,
  serveSdkMcpServers,
} from '../mcp/sdk-mcp-servers.js';
import { launchServersOf, mcpServersNotApplied } from '../options/launch-delivery.js';
import type { ExtendedOptions } from '../options/options.js';
import { createPermissionHandler } from '../permissions/permission-handler.js';
import { INITIALIZE_TIMEOUT_MS, QUERY_CLOSE_WAIT_MS, STARTUP_HOOKS_MAX_HOLD_MS } from '../query/limits.js';
import { SdkMessageStream } from '../query/message-stream.js';
import type { ExtendedQuery, Prompt } from '../query/query-types.js';
import { userMessageFromText } from '../query/user-message.js';
import { outgoingUserMessage } from '../query/verbatim.js';
import { StartupHookHold } from './startup-hook-hold.js';

/** Work the query runs first when it closes (e.g. flushing a mirror, removing a temp dir). */
export type CleanupCallback = () => Promise<void> | void;

/** What an engine host may wire into the engine while it builds its transport. */
export interface EngineHooks {
  /** Makes `mirror` the transcript mirror of the stream (set before the CLI starts). */
  setMirror(mirror: TranscriptMirrorBatcher | undefined): void;
  /** Yields a message now, ahead of anything waiting on a flush; counts it as a dropped mirror batch. */
  reportMirrorError(message: Record<string, unknown>): void;
  /** Registers work to run once the CLI exited; `preserveLocal` is true when a mirror batch was dropped. */
  setAfterExit(afterExit: (preserveLocal: boolean) => Promise<void>): void;
}

/** The tracing side the engine reports to (the Node host's OpenTelemetry span); all optional. */
export interface EngineTracing {
  /** Sees every message from the CLI. */
  observe(message: unknown): void;
  /** The query ended, with `error` unless it was orderly. */
  end(error?: Error): void;
  /** `handler` inside a span for `subtype`. */
  traceHandler(subtype: string, handler: ControlRequestHandler): ControlRequestHandler;
}

/**
 * What differs between the Node `query()` and the browser `query()`: the transport (and what is
 * wired to it: the session mirror, a store resume), tracing, and where warnings go. The engine
 * itself imports no Node built-in; a host builds these.
 */
export interface EngineHost {
  /** Builds the transport (or takes `options.transport`); `hooks` lets the host wire a mirror or after-exit work. */
  createTransport(hooks: EngineHooks): Transport;
  /** The query's tracing, if any. */
  tracing?: EngineTracing | undefined;
  /**
   * True when the transport starts the CLI from these options (Node's `query()` without
   * `options.transport`): an unset `systemPrompt` is then sent as an empty one, as the official SDK
   * does. A CLI started elsewhere (Direct Connect, a browser's server) keeps the prompt it was
   * started with unless the options name one.
   */
  startsCli?: boolean;
  /**
   * False when `initialize` carries no `sdkMcpServerManifests` (the in-process servers' handshakes
   * run here in advance), as the official browser SDK sends none: the CLI then asks each server
   * over `mcp_message`. Default true.
   */
  sendsMcpManifests?: boolean;
  /** Where a warning goes when `options.onWarning` is not set. */
  warn(error: Error): void;
}

/**
 * One Claude Code session: starts the transport and the `initialize` handshake at construction,
 * takes its prompt with {@link QueryRun.sendPrompt} (at once for `query()`, later for a
 * `WarmQuery`), and yields the CLI's messages.
 */
export class QueryEngine extends ExtendedControlMethods implements ExtendedQuery {
  readonly #options: ExtendedOptions;
  readonly #stream = new SdkMessageStream((error) => this.#warn(error));
  readonly #channel: ControlChannel;
  readonly #signal: AbortSignal | undefined;
  readonly #initialization: Promise<InitializationResult>;
  /** Resolves once the `initialize` request is on the wire; rejects like the initialization. */
  readonly #initializeSent: Promise<unknown>;
  #mcpRouter: SdkMcpRouter | undefined;
  readonly #cleanups: CleanupCallback[] = [];
  readonly #initializeHooks: Record<string, unknown> | null;
  /** Holds the initialize deadline while start-up hooks run; only with the default timeout. */
  readonly #startupHooks: StartupHookHold | undefined;
  /** The OpenTelemetry span of this query and its callbacks; `undefined` without `@opentelemetry/api`. */
  readonly #tracing: EngineTracing | undefined;
  readonly #host: EngineHost;
  /** Batches the mirror could not store: a store resume then keeps its local copy. */
  #mirrorDropped = 0;
  /** Work to run once the CLI exited (removing a store resume's temp config dir). */
  #afterExit: ((preserveLocal: boolean) => Promise<void>) | undefined;
  #closing: Promise<void> | undefined;
  #closedByCaller = false;
  /** True once the caller's input is all written and every turn has its result: input was ended. */
  #workDone = false;

  /**
   * `initializeTimeoutMs` bounds the `initialize` handshake (else `options.initializeTimeoutMs`,
   * else `INITIALIZE_TIMEOUT_MS`); when neither is given, the time SessionStart and Setup hooks run
   * before the answer does not count, for at most `STARTUP_HOOKS_MAX_HOLD_MS`.
   */
  constructor(options: ExtendedOptions, host: EngineHost, initializeTimeoutMs?: number) {
    super();
    const givenTimeoutMs = initializeTimeoutMs ?? options.initializeTimeoutMs;
    const deadline = new ReplyDeadline(givenTimeoutMs ?? INITIALIZE_TIMEOUT_MS, {
      maxHeldMs: givenTimeoutMs === undefined ? STARTUP_HOOKS_MAX_HOLD_MS : 0,
    });
    if (givenTimeoutMs === undefined) this.#startupHooks = new StartupHookHold(deadline);
    this.#options = options;
    this.#host = host;
    this.#tracing = host.tracing;
    const hooks = registerHooks(options.hooks, (e) => this.#warn(e));
    this.#initializeHooks = hooks.initializeHooks;
    const sdkMcpServers = sdkMcpServersOf(options);
    this.#signal = options.abortController?.signal ?? options.signal;
    const transport = host.createTransport({
      setMirror: (mirror) => {
        this.#stream.mirror = mirror;
      },
      reportMirrorError: (message) => {
        // Yielded when it happens: during a flush, that is before the result waiting on it.
        this.#mirrorDropped += 1;
        this.#stream.report(message as SDKMessage);
      },
      setAfterExit: (afterExit) => {
        this.#afterExit = afterExit;
      },
    });
    this.#channel = new ControlChannel(transport, {
      onMessage: (message) => {
        this.#startupHooks?.observe(message);
        this.#tracing?.observe(message);
        this.#stream.receive(message);
      },
      onError: (error) => this.#warn(error),
      onClose: (info) => this.#onClose(info),
    });
    if (options.canUseTool !== undefined) {
      this.#channel.setHandler(
        'can_use_tool',
        this.#traced(
          'can_use_tool',
          createPermissionHandler(options.canUseTool, (e) => this.#warn(e)),
        ),
      );
    }
    if (hooks.initializeHooks !== null) {
      this.#channel.setHandler('hook_callback', this.#traced('hook_callback', hooks.handler));
    }
    registerDialogHandlers(this.#channel, options, (e) => this.#warn(e));
    this.#mcpRouter = serveSdkMcpServers(this.#channel, sdkMcpServers, this.#mcpRouting());
    if (this.#signal?.aborted) {
      const aborted = new AbortError(undefined, { cause: this.#signal.reason });
      this.#tracing?.end(aborted);
      this.#stream.fail(aborted);
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
    this.#initialization = this.#start(deadline, markSent);
    void this.#initialization.then(
      () => this.#startupHooks?.end(),
      () => this.#startupHooks?.end(),
    );
    this.#initializeSent = Promise.race([sent, this.#initialization]);
    this.#initialization.catch((error: unknown) => {
      this.#stream.fail(transportFailureBehind(error));
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
   * input lifetime rule says: once the prompt is written (a string) or has ended (an iterable)
   * and no turn is in flight, whatever callbacks the query has. Until then every control method
   * reaches the CLI. If initialize fails, the query fails with that error.
   */
  sendPrompt(prompt: Prompt): void {
    this.#initializeSent
      .then(() => this.#writePrompt(prompt))
      .catch((error: unknown) => {
        if (!this.#channel.isClosed) this.#stream.fail(error);
      });
  }

  next(): Promise<IteratorResult<SDKMessage, void>> {
    return this.#stream.next();
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

  protected initializePayload(): Record<string, unknown> {
    // The in-process servers served now: setMcpServers() may have replaced those of the options.
    return {
      ...buildInitializeRequest(
        this.#options,
        this.#initializeHooks,
        {},
        this.#mcpRouter?.servers ?? {},
        this.#host.startsCli === true,
      ),
    };
  }

  /**
   * Makes `servers` the in-process MCP servers this query answers `mcp_message` for (see
   * `setMcpServers`), starting to answer if it had none; resolves with the set replaced.
   */
  /** How this query routes its in-process servers' messages: warnings, tracing, the call limit. */
  #mcpRouting(): SdkMcpRouting {
    return {
      warn: (e) => this.#warn(e),
      wrap: (subtype, handler) => this.#traced(subtype, handler),
      toolTimeoutMs: mcpToolTimeoutOf(this.#options),
    };
  }

  override replaceSdkMcpServers(
    servers: Record<string, McpSdkServerConfigWithInstance>,
  ): Promise<Record<string, McpSdkServerConfigWithInstance>> {
    if (this.#mcpRouter === undefined) {
      if (Object.keys(servers).length === 0) return Promise.resolve({});
      this.#mcpRouter = routeSdkMcpServers(this.#channel, {}, this.#mcpRouting());
    }
    return this.#mcpRouter.replaceServers(servers);
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
      await this.#sendUserMessage(message);
    }
  }

  /** Starts the shutdown once; the promise (typed `void` on `Query`) settles when it is done. */
  close(): Promise<void> {
    this.#closing ??= this.#shutdown();
    return this.#closing;
  }

  closeAndWait(): Promise<void> {
    return this.close();
  }

  async #start(deadline: ReplyDeadline, markSent: () => void): Promise<InitializationResult> {
    // The in-process servers' handshakes run here while the CLI starts (manifests never reject).
    const [, manifests] = await Promise.all([
      this.#channel.start(),
      this.#host.sendsMcpManifests === false ? undefined : this.#mcpRouter?.manifests(),
    ]);
    // request() hands the envelope to the transport synchronously, so it is queued before markSent.
    const answer = this.#channel.request<InitializationResult>(
      'initialize',
      {
        ...buildInitializeRequest(
          this.#options,
          this.#initializeHooks,
          manifests,
          undefined,
          this.#host.startsCli === true,
        ),
      },
      {
        deadline,
        ...(this.#signal ? { signal: this.#signal } : {}),
      },
    );
    // With MCP servers sent for launch, the prompt waits for the answer that says they were read.
    if (launchServersOf(this.#options) === undefined) {
      markSent();
      return answer;
    }
    const result = await answer;
    if (result.mcp_servers_applied !== true) throw mcpServersNotApplied();
    markSent();
    return result;
  }

  async #writePrompt(prompt: Prompt): Promise<void> {
    try {
      if (typeof prompt === 'string') {
        await this.#sendUserMessage(userMessageFromText(prompt));
      } else {
        for await (const message of prompt) {
          if (this.#channel.isClosed) return;
          await this.#sendUserMessage(message);
        }
      }
      await this.#stream.untilIdle();
      this.#workDone = this.#stream.idle;
    } finally {
      if (!this.#channel.isClosed) await this.#endInput();
    }
  }

  /**
   * Ends the CLI's input. With the work done, a transport already closing under it (a server
   * going away right after the last result) is no failure: the transport's close ends the query.
   */
  async #endInput(): Promise<void> {
    try {
      await this.#channel.endInput();
    } catch (error) {
      if (!(this.#workDone && (error as { code?: unknown }).code === 'TRANSPORT_CLOSED')) throw error;
    }
  }

  /** Writes one message of the caller's input; a user message puts a turn in flight. */
  async #sendUserMessage(message: SDKUserMessage | Record<string, unknown>): Promise<void> {
    if ((message as { type?: unknown }).type !== 'user') {
      await this.#channel.send(message);
      return;
    }
    this.#stream.userMessageSent();
    await this.#channel.send(outgoingUserMessage(message as SDKUserMessage, this.#options.verbatimPrompts));
  }

  /** Runs the after-exit work once (errors become warnings). */
  async #runAfterExit(): Promise<void> {
    const afterExit = this.#afterExit;
    this.#afterExit = undefined;
    await afterExit?.(this.#mirrorDropped > 0).catch((error: unknown) => this.#warn(asError(error)));
  }

  #onClose(info: TransportCloseInfo): void {
    this.#tracing?.end(info.error);
    // The CLI is gone: end the in-process servers' MCP sessions, so a shared McpServer stops
    // serving (and announcing to) this query.
    void this.#mcpRouter?.close().catch((error: unknown) => this.#warn(asError(error)));
    // A server going away (close 1001: a drain) after every turn of the query had its result and
    // input was ended loses nothing: it ends the query as the CLI's own exit would have.
    const orderly = this.#closedByCaller || (this.#workDone && this.#stream.idle && isGoingAway(info.error));
    this.#stream.transportClosed(info.error, orderly, () => this.#runAfterExit());
  }

  readonly #onAbort = (): void => {
    this.#tracing?.end(new AbortError(undefined, { cause: this.#signal?.reason }));
    this.#stream.fail(new AbortError(undefined, { cause: this.#signal?.reason }));
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
    this.#stream.releaseInput();
    for (const cleanup of this.#cleanups.splice(0)) {
      await Promise.resolve()
        .then(cleanup)
        .catch((error: unknown) => this.#warn(asError(error)));
    }
    await this.#stream.mirror?.close();
    this.#channel.rejectPending();
    await this.#mcpRouter?.close().catch((error: unknown) => this.#warn(asError(error)));
    const closed = this.#channel.close().catch((error: unknown) => this.#warn(asError(error)));
    await raceWithTimeout(closed, QUERY_CLOSE_WAIT_MS);
    await this.#runAfterExit();
    await this.#stream.endAfterDeliveries();
  }

  /** `handler` inside per-request spans when tracing is on. */
  #traced(subtype: string, handler: ControlRequestHandler): ControlRequestHandler {
    return this.#tracing?.traceHandler(subtype, handler) ?? handler;
  }

  #warn(error: Error): void {
    if (this.#options.onWarning) {
      this.#options.onWarning(error);
      return;
    }
    this.#host.warn(error);
  }
}

/**
 * The error to show for a failed start: when `initialize` was cut off because the transport
 * closed with an error (e.g. the CLI exited on a bad flag), that error, which carries the exit
 * code and stderr tail, rather than the channel's generic "connection closed".
 */
function transportFailureBehind(error: unknown): unknown {
  if (
    ControlProtocolError.isInstance(error) &&
    error.code === 'CONNECTION_CLOSED' &&
    error.cause instanceof Error
  ) {
    return error.cause;
  }
  return error;
}

function raceWithTimeout(promise: Promise<unknown>, timeoutMs: number): Promise<unknown> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise((resolve) => {
    timer = setTimeout(resolve, timeoutMs);
    // Node's timer would keep the process alive; a browser's timer is a number without unref.
    (timer as { unref?: () => void }).unref?.();
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

function asError(value: unknown): Error {
  return value instanceof Error ? value : new SdkError({ code: 'QUERY_CLOSED', message: String(value) });
}

/** WebSocket close code 1001 (going away): a Direct Connect server that is draining or shutting down. */
const GOING_AWAY_CLOSE_CODE = 1001;

/** True for a transport error that reports the remote side going away (`closeCode` 1001). */
function isGoingAway(error: Error | undefined): boolean {
  return (error as { closeCode?: unknown } | undefined)?.closeCode === GOING_AWAY_CLOSE_CODE;
}
