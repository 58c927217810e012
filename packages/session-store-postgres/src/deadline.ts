import { PostgresSessionStoreError } from './errors.js';

/** Rejects with `TIMEOUT` when `work` has not settled within `ms`; the work itself is not stopped. */
export async function withDeadline<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () =>
        reject(
          new PostgresSessionStoreError({
            code: 'TIMEOUT',
            message: `PostgreSQL session store: ${what} did not finish within ${ms} ms (callTimeoutMs); an append may still land.`,
          }),
        ),
      ms,
    );
  });
  work.catch(() => undefined);
  try {
    return await Promise.race([work, expired]);
  } finally {
    clearTimeout(timer);
  }
}
