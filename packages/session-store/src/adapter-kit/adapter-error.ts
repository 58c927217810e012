/**
 * The codes the adapter kit raises. Each database adapter's own error code union includes them,
 * so the adapter's error class can be built from what the kit reports.
 */
export type AdapterKitErrorCode = 'INVALID_ENTRY' | 'ENTRY_TOO_LARGE' | 'CORRUPT_ROW' | 'INVALID_KEY';

/** What the kit hands an adapter to turn into the adapter's own typed error. */
export interface AdapterKitErrorInit {
  /** Which check failed. */
  code: AdapterKitErrorCode;
  /** What went wrong and what to do, ready to show. */
  message: string;
  /** The underlying error, when there is one. */
  cause?: unknown;
}

/**
 * Builds the adapter's own error for a failed check (e.g. `(init) => new MyStoreError(init)`),
 * so callers of an adapter only ever see that adapter's error class.
 */
export type AdapterErrorFactory = (init: AdapterKitErrorInit) => Error;
