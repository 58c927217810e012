import { SessionStoreError } from './errors.js';

function describe(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}

/**
 * Runs one store call bounded by `timeoutMs`, for resume materialization: a rejection becomes
 * `STORE_CALL_FAILED` (cause: the adapter's error), a timeout `STORE_CALL_TIMEOUT`. `what` names
 * the call in the message, e.g. `SessionStore.load for session <id>`.
 */
export async function boundedStoreCall<T>(
  what: string,
  timeoutMs: number,
  call: () => Promise<T>,
): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      reject(
        new SessionStoreError({
          code: 'STORE_CALL_TIMEOUT',
          message: `${what} did not settle within ${timeoutMs} ms during resume materialization; raise loadTimeoutMs or check the store.`,
        }),
      );
    }, timeoutMs);
  });
  const work = Promise.resolve().then(call);
  work.catch(() => undefined);
  try {
    return await Promise.race([work, timeout]);
  } catch (error) {
    if (SessionStoreError.isInstance(error) && error.code === 'STORE_CALL_TIMEOUT') throw error;
    throw new SessionStoreError({
      code: 'STORE_CALL_FAILED',
      cause: error,
      message: `${what} failed during resume materialization: ${describe(error)}`,
    });
  } finally {
    clearTimeout(timer);
  }
}
