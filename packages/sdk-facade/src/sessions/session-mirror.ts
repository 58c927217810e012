import { resolveMirrorProjectsDir, TranscriptMirrorBatcher } from '@ccsdk/mirror-batcher';
import type { ExtendedOptions } from '../options/options.js';

/**
 * The transcript mirror of a query with `options.sessionStore`: the CLI (started with
 * `--session-mirror`) emits a `transcript_mirror` frame after each local append, and the batcher
 * appends the entries to the store. `report` receives each `system/mirror_error` message, to be
 * yielded in the stream. Returns `undefined` without a store.
 */
export function createSessionMirror(
  options: ExtendedOptions,
  report: (message: Record<string, unknown>) => void,
): TranscriptMirrorBatcher | undefined {
  if (options.sessionStore === undefined) return undefined;
  return new TranscriptMirrorBatcher({
    store: options.sessionStore,
    projectsDir: resolveMirrorProjectsDir(options.env === undefined ? {} : { env: options.env }),
    mode: options.sessionStoreFlush ?? 'batched',
    onError: (message) => report(message as unknown as Record<string, unknown>),
  });
}
