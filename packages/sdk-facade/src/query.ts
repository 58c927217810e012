import { ControlChannel, type Transport, type TransportCloseInfo } from '@ccsdk/control-protocol';
import type { SdkMcpRouter } from '@ccsdk/mcp-inproc';
import { BackgroundTasks } from './background-tasks.js';
import { createDefaultTransport } from './default-transport.js';
import { AbortError, ResultError, SdkError } from './errors.js';
import { buildInitializeRequest } from './initialize-request.js';
import { INITIALIZE_TIMEOUT_MS, QUERY_CLOSE_WAIT_MS } from './limits.js';
import { MessageQueue } from './message-queue.js';
import type { SDKMessage, SDKUserMessage } from './messages.js';
import type { Options } from './options.js';
import { createPermissionHandler } from './permission-handler.js';
import { sdkMcpServersOf, serveSdkMcpServers } from './sdk-mcp-servers.js';
import { userMessageFromText } from './user-message.js';
import { validateOptions } from './validate-options.js';

/** What `initialize` answered: the CLI's commands, models, agents, account and output style. */
export type InitializationResult = Record<string, unknown>;

/** The prompt of a query: one string, or a stream of user messages for a multi-turn session. */
export type Prompt = string | AsyncIterable<SDKUserMessage>;

/**
 * A running query: an async generator of the CLI's SDK messages, plus control methods.
 * Breaking out of the loop, `return()`, or `close()` ends the CLI process.
 */
export interface Query extends AsyncGenerator<SDKMessage, void, undefined> {
  /** Interrupts the current turn; the query can go on with a new message. */
  interrupt(): Promise<void>;
  /** Resolves with the CLI's `initialize` answer once the session is ready. */
  initializationResult(): Promise<InitializationResult>;
  /** Ends the session: rejects pending control requests and stops the CLI's whole process tree. */
  close(): Promise<void>;
  [Symbol.asyncDispose](): Promise<void>;
}

/**
 * Starts a Claude Code session and returns its message stream.
 *
 * The CLI starts at once (so control methods work before iterating); start-up failures such as
 * `CLINotFoundError` surface from the first `next()`. Invalid option combinations throw a
 * `TypeError` synchronously. With `options.transport`, that transport is used instead of spawning.
 */
export function query(params: { prompt: Prompt; options?: Options }): Query {
  const options = params.options ?? {};
  validateOptions(options);
  const { prompt } = params;
  if (typeof prompt !== 'string' && !isAsyncIterable(prompt)) {
    throw new TypeError(
      `prompt must be a string or an AsyncIterable of user messages, got ${describe(prompt)}`,
    );
  }
  return new QueryRun(prompt, options);
}

class QueryRun implements Query {
  readonly #options: Options;
  readonly #queue = new MessageQueue<SDKMessage>();
  readonly #tasks = new BackgroundTasks();
  readonly #channel: ControlChannel;
  readonly #keepInputOpen: boolean;
  readonly #signal: AbortSignal | undefined;
  readonly #initialization: Promise<InitializationResult>;
  readonly #mcpRouter: SdkMcpRouter | undefined;
  #idleResultWaiters: Array<() => void> = [];
  #lastErrorResult: Record<string, unknown> | undefined;
  #closing: Promise<void> | undefined;
  #closedByCaller = false;

  constructor(prompt: Prompt, options: Options) {
    this.#options = options;
    const sdkMcpServers = sdkMcpServersOf(options);
    this.#keepInputOpen =
      options.canUseTool !== undefined || hasEntries(options.hooks) || hasEntries(sdkMcpServers);
    this.#signal = options.abortController?.signal ?? options.signal;
    const transport: Transport = options.transport ?? createDefaultTransport(options);
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
    this.#mcpRouter = serveSdkMcpServers(this.#channel, sdkMcpServers, (e) => this.#warn(e));
    if (this.#signal?.aborted) {
      this.#queue.fail(new AbortError(undefined, this.#signal.reason));
      this.#initialization = Promise.reject(new AbortError(undefined, this.#signal.reason));
      this.#initialization.catch(() => {});
      return;
    }
    this.#signal?.addEventListener('abort', this.#onAbort, { once: true });
    this.#initialization = this.#start(prompt);
    this.#initialization.catch((error: unknown) => {
      this.#queue.fail(error);
      void this.close();
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

  async interrupt(): Promise<void> {
    await this.#initialization;
    await this.#channel.request('interrupt', {}, this.#requestOptions());
  }

  close(): Promise<void> {
    this.#closing ??= this.#shutdown();
    return this.#closing;
  }

  async #start(prompt: Prompt): Promise<InitializationResult> {
    await this.#channel.start();
    const initialization = await this.#channel.request<InitializationResult>(
      'initialize',
      buildInitializeRequest(this.#options),
      { ...this.#requestOptions(), timeoutMs: this.#options.initializeTimeoutMs ?? INITIALIZE_TIMEOUT_MS },
    );
    this.#writePrompt(prompt).catch((error: unknown) => {
      if (!this.#channel.isClosed) this.#queue.fail(error);
    });
    return initialization;
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
      this.#warn(new TypeError(`Ignored a stream-JSON value that is not an object: ${describe(raw)}`));
      return;
    }
    const message = raw as Record<string, unknown>;
    if (message['type'] === 'keep_alive' || message['type'] === 'transcript_mirror') return;
    this.#tasks.observe(message);
    if (message['type'] === 'result') {
      this.#lastErrorResult = message['is_error'] === true ? message : undefined;
      if (!this.#tasks.busy) this.#releaseInput();
    } else if (!(message['type'] === 'system' && message['subtype'] === 'session_state_changed')) {
      this.#lastErrorResult = undefined;
    }
    this.#queue.push(raw as SDKMessage);
  }

  #onClose(info: TransportCloseInfo): void {
    this.#releaseInput();
    if (this.#closedByCaller || info.error === undefined) {
      this.#queue.end();
      return;
    }
    const exitCode = exitCodeOf(info.error);
    if (this.#lastErrorResult !== undefined && exitCode !== undefined && exitCode !== 0) {
      this.#queue.fail(new ResultError({ result: this.#lastErrorResult, exitCode, cause: info.error }));
      return;
    }
    this.#queue.fail(info.error);
  }

  readonly #onAbort = (): void => {
    this.#queue.fail(new AbortError(undefined, this.#signal?.reason));
    void this.close();
  };

  async #shutdown(): Promise<void> {
    this.#closedByCaller = true;
    this.#signal?.removeEventListener('abort', this.#onAbort);
    this.#releaseInput();
    await this.#mcpRouter?.close().catch((error: unknown) => this.#warn(asError(error)));
    const closed = this.#channel.close().catch((error: unknown) => this.#warn(asError(error)));
    await raceWithTimeout(closed, QUERY_CLOSE_WAIT_MS);
    this.#queue.end();
  }

  #requestOptions(): { signal?: AbortSignal } {
    return this.#signal ? { signal: this.#signal } : {};
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

function isAsyncIterable(value: unknown): value is AsyncIterable<SDKUserMessage> {
  return typeof value === 'object' && value !== null && Symbol.asyncIterator in value;
}

function hasEntries(value: object | undefined): boolean {
  return value !== undefined && Object.keys(value).length > 0;
}

function asError(value: unknown): Error {
  return value instanceof Error ? value : new SdkError({ code: 'QUERY_CLOSED', message: String(value) });
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (typeof value === 'string') return JSON.stringify(value.slice(0, 80));
  return typeof value;
}
