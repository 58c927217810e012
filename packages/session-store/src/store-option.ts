import type * as jsonl from '@ccsdk/session-jsonl';
import { SessionStoreError } from './errors.js';
import {
  optionsObject,
  pathOption,
  refuseDiskOnlyOptions,
  type StoreProject,
  storeProject,
} from './store-options.js';
import { checkSessionStore } from './store-probe.js';
import type { SessionStore } from './types.js';

/** The option every session function takes to work on a store instead of local disk. */
export interface SessionStoreOption {
  /**
   * Read and write this store instead of the local transcripts. Then `dir` (default the current
   * directory) names the project key; there is no search across projects, no worktrees, and
   * `configDir` does not apply.
   */
  sessionStore?: SessionStore;
}

/** `options` split into the store (when one is given) and the disk options without it. */
export type RoutedOptions<T> =
  | { store: undefined; disk: T }
  | { store: SessionStore; raw: Record<string, unknown>; project: StoreProject };

/** Routes a call: to disk without `sessionStore`, else validates the store-path options and resolves the project. */
export async function route<T extends jsonl.ConfigDirOption>(
  options: (T & SessionStoreOption) | undefined,
): Promise<RoutedOptions<T>> {
  const raw = optionsObject(options);
  if (raw['sessionStore'] === undefined) {
    const { sessionStore: _ignored, ...disk } = raw;
    return { store: undefined, disk: disk as unknown as T };
  }
  const store = checkSessionStore(raw['sessionStore']);
  refuseDiskOnlyOptions(raw);
  return { store, raw, project: await storeProject(pathOption(raw, 'dir')) };
}

/** Throws `UNSUPPORTED_OPTION` when a disk-only call (archive) gets a store. */
export function refuseStore(options: unknown, call: string): void {
  if (optionsObject(options)['sessionStore'] !== undefined) {
    throw new SessionStoreError({
      code: 'UNSUPPORTED_OPTION',
      message: `${call}() works on local transcripts only and does not take a sessionStore.`,
    });
  }
}
