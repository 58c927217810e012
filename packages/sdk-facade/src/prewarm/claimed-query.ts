import type { SDKMessage, SDKUserMessage } from '@ccsdk/control-protocol';
import type { McpSdkServerConfigWithInstance } from '@ccsdk/mcp-inproc';
import { ExtendedControlMethods } from '../control/extended-control-methods.js';
import type { InitializationResult } from '../control/initialization.js';
import type { QueryRun } from '../query/query-run.js';
import type { ExtendedQuery } from '../query/query-types.js';

/**
 * The Query a spare's `claim()` returns: the spare's own run, except that the session's
 * description (`initializationResult()` and what reads it) is the claimed folder's, from the
 * claim's answer, rather than the parking folder's.
 */
export class ClaimedQuery extends ExtendedControlMethods implements ExtendedQuery {
  readonly #run: QueryRun;
  #initialization: Promise<InitializationResult> = new Promise(() => {});
  #failure: { error: unknown } | undefined;

  constructor(run: QueryRun) {
    super();
    this.#run = run;
  }

  /** Sets the claimed session's description (the claim's `initialize` answer). */
  describeWith(initialization: Promise<InitializationResult>): void {
    this.#initialization = initialization;
    initialization.catch(() => {});
  }

  /** Makes the stream end with `error` (a refused claim) instead of ending quietly. */
  failWith(error: unknown): void {
    this.#failure ??= { error };
  }

  request<T = Record<string, unknown>>(subtype: string, payload?: Record<string, unknown>): Promise<T> {
    return this.#run.request<T>(subtype, payload);
  }

  protected override replaceSdkMcpServers(
    servers: Record<string, McpSdkServerConfigWithInstance>,
  ): Promise<Record<string, McpSdkServerConfigWithInstance>> {
    return this.#run.replaceSdkMcpServers(servers);
  }

  initializationResult(): Promise<InitializationResult> {
    return this.#initialization;
  }

  override reinitialize(): Promise<InitializationResult> {
    return this.#run.reinitialize();
  }

  protected initializePayload(): Record<string, unknown> {
    return {};
  }

  async next(): Promise<IteratorResult<SDKMessage, void>> {
    const result = await this.#run.next();
    if (result.done && this.#failure !== undefined) throw this.#failure.error;
    return result;
  }

  return(): Promise<IteratorResult<SDKMessage, void>> {
    return this.#run.return();
  }

  throw(error: unknown): Promise<IteratorResult<SDKMessage, void>> {
    return this.#run.throw(error);
  }

  [Symbol.asyncIterator](): this {
    return this;
  }

  streamInput(stream: AsyncIterable<SDKUserMessage>): Promise<void> {
    return this.#run.streamInput(stream);
  }

  close(): Promise<void> {
    return this.#run.close();
  }

  closeAndWait(): Promise<void> {
    return this.#run.close();
  }

  [Symbol.asyncDispose](): Promise<void> {
    return this.#run.close();
  }
}
