import type { SessionStoreOptionalMethod } from '../types.js';
import type { ContractContext } from './contract-context.js';

/** One contract of the adapter conformance suite. */
export interface SessionStoreContract {
  /** Stable id, e.g. `append-load-roundtrip`; also the `contract` of a failure. */
  readonly id: string;
  /** One line: what an adapter must do. */
  readonly title: string;
  /** Optional methods the contract is about; it is skipped when the store lacks one of them. */
  readonly requires: readonly SessionStoreOptionalMethod[];
  /** Off unless asked for (`checkUuidDedupe`): reference adapters do not dedupe. */
  readonly optIn?: 'uuidDedupe';
  /**
   * An extension of ours the contract is about (not an official optional method): it is skipped
   * when the store lacks it (`loadFrom`: `SessionStoreLoadFrom`).
   */
  readonly extension?: 'loadFrom';
  /** Runs the contract; throws a `CONFORMANCE_FAILED` error on the first broken expectation. */
  run(ctx: ContractContext): Promise<void>;
}
