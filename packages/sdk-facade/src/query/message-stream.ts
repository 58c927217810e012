import type { SDKMessage } from '@ccsdk/control-protocol';
import type { TranscriptMirrorBatcher, TranscriptMirrorFrame } from '@ccsdk/mirror-batcher';
import { ResultError } from '../errors/sdk-error.js';
import { BackgroundTasks } from './background-tasks.js';
import { MessageQueue } from './message-queue.js';
import { TurnLedger } from './turn-ledger.js';

/**
 * The inbound side of a query: takes what the control channel passes on, keeps control frames
 * out of the stream (`keep_alive`; `transcript_mirror` goes to the mirror), follows background
 * tasks, remembers the last error result, and delivers messages in order — with a mirror, each
 * `result` only after a flush. It also tells the input side when no turn is in flight any more
 * (the input lifetime rule, {@link TurnLedger}) and maps "error result, then non-zero exit" to `ResultError`.
 */
export class SdkMessageStream {
  /** The transcript mirror, when the query has a session store (set before the CLI starts). */
  mirror: TranscriptMirrorBatcher | undefined;
  readonly #queue = new MessageQueue<SDKMessage>();
  readonly #tasks = new BackgroundTasks();
  readonly #warn: (error: Error) => void;
  #delivery: Promise<void> = Promise.resolve();
  #lastErrorResult: Record<string, unknown> | undefined;
  readonly #turns = new TurnLedger();

  constructor(warn: (error: Error) => void) {
    this.#warn = warn;
  }

  /** The next message for the consumer. */
  next(): Promise<IteratorResult<SDKMessage, undefined>> {
    return this.#queue.next();
  }

  /** True once the stream ended or failed. */
  get isDone(): boolean {
    return this.#queue.isDone;
  }

  /** Takes one value from the channel (anything that is not control traffic). */
  receive(raw: unknown): void {
    if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
      this.#warn(new TypeError(`Ignored a stream-JSON value that is not an object: ${typeof raw}`));
      return;
    }
    const message = raw as Record<string, unknown>;
    if (message['type'] === 'keep_alive') return;
    if (message['type'] === 'transcript_mirror') {
      this.mirror?.enqueue(message as unknown as TranscriptMirrorFrame);
      return;
    }
    this.#tasks.observe(message);
    if (message['type'] === 'system' && message['subtype'] === 'init') this.#turns.turnStarted();
    if (message['type'] === 'result') {
      this.#lastErrorResult = message['is_error'] === true ? message : undefined;
      this.#turns.resultArrived(this.#tasks.busy);
    } else if (!(message['type'] === 'system' && message['subtype'] === 'session_state_changed')) {
      this.#lastErrorResult = undefined;
    }
    this.#deliver(raw as SDKMessage, message['type'] === 'result');
  }

  /** Yields a message now, ahead of anything waiting on a flush (e.g. a `mirror_error`). */
  report(message: SDKMessage): void {
    this.#queue.push(message);
  }

  /** Fails the stream now (abort, start-up failure); the first failure wins. */
  fail(error: unknown): void {
    this.#queue.fail(error);
  }

  /**
   * The transport closed: after every delivery and the mirror's final flush (at once without a
   * mirror), runs `beforeEnd` (it must not reject) and ends the stream — with `error` unless the close was orderly, as a `ResultError` when the
   * CLI exited non-zero right after an error result.
   */
  transportClosed(error: Error | undefined, orderly: boolean, beforeEnd: () => Promise<void>): void {
    this.releaseInput();
    const lastErrorResult = this.#lastErrorResult;
    const end = (): void => {
      if (orderly || error === undefined) {
        this.#queue.end();
        return;
      }
      const exitCode = (error as { exitCode?: unknown }).exitCode;
      if (lastErrorResult !== undefined && typeof exitCode === 'number' && exitCode !== 0) {
        this.#queue.fail(new ResultError({ result: lastErrorResult, exitCode, cause: error }));
        return;
      }
      this.#queue.fail(error);
    };
    const mirror = this.mirror;
    if (mirror === undefined) {
      // Nothing waits on a flush: end at once, so the transport's error is the one the consumer sees
      // (a start-up failure that it caused must not overtake it).
      end();
      void beforeEnd();
      return;
    }
    this.#delivery = this.#delivery.then(async () => {
      await mirror.flush();
      await beforeEnd();
      end();
    });
  }

  /** Ends the stream after every pending delivery (the caller closed the query). */
  async endAfterDeliveries(): Promise<void> {
    await this.#delivery;
    this.#queue.end();
  }

  /** Counts a user message written to the CLI: its turn is in flight until its result. */
  userMessageSent(): void {
    this.#turns.messageSent();
  }

  /** Resolves once no turn is in flight (at once when none is), or the stream ends. */
  untilIdle(): Promise<void> {
    if (this.#queue.isDone) return Promise.resolve();
    return this.#turns.untilIdle();
  }

  /** True when no turn is in flight: every user message written has its result, no background task runs. */
  get idle(): boolean {
    return this.#turns.idle;
  }

  /** Lets every `untilIdle()` waiter go (the query is closing or the transport closed). */
  releaseInput(): void {
    this.#turns.release();
  }

  #deliver(message: SDKMessage, flushFirst: boolean): void {
    const mirror = this.mirror;
    if (mirror === undefined) {
      this.#queue.push(message);
      return;
    }
    this.#delivery = this.#delivery.then(async () => {
      if (flushFirst) await mirror.flush();
      this.#queue.push(message);
    });
  }
}
