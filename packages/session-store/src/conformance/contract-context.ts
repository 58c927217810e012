import { randomUUID } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import { SessionStoreError } from '../errors.js';
import { quote } from '../quote.js';
import { isNotImplementedError } from '../store-probe.js';
import type { SessionKey, SessionStore, SessionStoreEntry, SessionStoreOptionalMethod } from '../types.js';

/** Thrown inside a contract when an optional method it needs turns out not to be implemented. */
export class ContractSkipped {
  constructor(readonly method: SessionStoreOptionalMethod) {}
}

/** What a contract gets: the store under test and helpers to build keys, entries and checks. */
export class ContractContext {
  /** The store under test, fresh for this contract. */
  readonly store: SessionStore;
  /** The id of the contract being run. */
  readonly contract: string;
  /** Two project keys no other contract uses. */
  readonly projectA = `conformance-a-${randomUUID()}`;
  /** The second of the two project keys. */
  readonly projectB = `conformance-b-${randomUUID()}`;
  readonly #skipOptional: ReadonlySet<SessionStoreOptionalMethod>;
  #entryCounter = 0;

  constructor(store: SessionStore, contract: string, skipOptional: ReadonlySet<SessionStoreOptionalMethod>) {
    this.store = store;
    this.contract = contract;
    this.#skipOptional = skipOptional;
  }

  /** A fresh main key in `projectA` (or the given project). */
  key(projectKey = this.projectA, sessionId: string = randomUUID()): SessionKey {
    return { projectKey, sessionId };
  }

  /** `key` with a subpath. */
  sub(key: SessionKey, subpath: string): SessionKey {
    return { projectKey: key.projectKey, sessionId: key.sessionId, subpath };
  }

  /** `count` distinct entries of type `x`, each with a uuid and a payload. */
  entries(count: number): SessionStoreEntry[] {
    return Array.from({ length: count }, () => {
      const n = this.#entryCounter++;
      return { type: 'x', uuid: randomUUID(), n, payload: { nested: [n, `v${n}`] } };
    });
  }

  /** Calls an optional method; skips the contract when the store does not implement it. */
  async optional<M extends SessionStoreOptionalMethod>(
    method: M,
    ...args: Parameters<NonNullable<SessionStore[M]>>
  ): Promise<Awaited<ReturnType<NonNullable<SessionStore[M]>>>> {
    const fn = this.store[method] as ((...a: typeof args) => Promise<unknown>) | undefined;
    if (this.#skipOptional.has(method) || typeof fn !== 'function') throw new ContractSkipped(method);
    try {
      return (await fn.apply(this.store, args)) as Awaited<ReturnType<NonNullable<SessionStore[M]>>>;
    } catch (error) {
      if (isNotImplementedError(error)) throw new ContractSkipped(method);
      throw error;
    }
  }

  /** Like {@link optional}, but `undefined` instead of skipping when the method is absent. */
  async ifSupported<M extends SessionStoreOptionalMethod>(
    method: M,
    ...args: Parameters<NonNullable<SessionStore[M]>>
  ): Promise<Awaited<ReturnType<NonNullable<SessionStore[M]>>> | undefined> {
    try {
      return await this.optional(method, ...args);
    } catch (error) {
      if (error instanceof ContractSkipped) return undefined;
      throw error;
    }
  }

  /** Runs an optional method for its effect; `false` (nothing done) when the store does not implement it. */
  async attempt<M extends SessionStoreOptionalMethod>(
    method: M,
    ...args: Parameters<NonNullable<SessionStore[M]>>
  ): Promise<boolean> {
    try {
      await this.optional(method, ...args);
      return true;
    } catch (error) {
      if (error instanceof ContractSkipped) return false;
      throw error;
    }
  }

  /** Fails the contract with `what` unless `actual` deep-equals `expected` (key order ignored). */
  equal(actual: unknown, expected: unknown, what: string): void {
    if (!isDeepStrictEqual(actual, expected)) {
      this.fail(`${what}: expected ${quote(expected)}, got ${quote(actual)}`);
    }
  }

  /** Fails the contract with `what` unless `condition` holds. */
  check(condition: boolean, what: string): void {
    if (!condition) this.fail(what);
  }

  /** Fails the contract. */
  fail(message: string): never {
    throw new SessionStoreError({
      code: 'CONFORMANCE_FAILED',
      contract: this.contract,
      message: `SessionStore conformance contract "${this.contract}" failed: ${message}`,
    });
  }
}

/** The uuids of `entries`, for compact comparisons. */
export function uuidsOf(entries: readonly SessionStoreEntry[] | null): (string | undefined)[] | null {
  return entries === null ? null : entries.map((entry) => entry.uuid);
}

/** Session ids of listing rows, sorted. */
export function sortedIds(rows: readonly { sessionId: string }[]): string[] {
  return rows.map((row) => row.sessionId).sort();
}
