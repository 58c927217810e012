import { relative, sep } from 'node:path';
import type { TranscriptMirrorFrame } from './cli-link.js';
import type { Logger } from './logger.js';

/** Where a transcript lives in a store: project, session and, for a subagent transcript, its subpath. */
export interface MirrorKey {
  projectKey: string;
  sessionId: string;
  subpath?: string;
}

/**
 * The part of a session store the server uses, structurally the `SessionStore` of
 * `@ccsdk/session-store`: `append` to mirror what the CLI writes, `load` to resume elsewhere.
 */
export interface SessionMirrorStore {
  append(key: MirrorKey, entries: Record<string, unknown>[]): Promise<void>;
  load(key: MirrorKey): Promise<Record<string, unknown>[] | null>;
}

/**
 * Maps a transcript file path the CLI reports to a store key: `<projects>/<projectKey>/<id>.jsonl`
 * is a main transcript, `<projects>/<projectKey>/<id>/<subpath>.jsonl` a subagent one. Returns
 * `undefined` for a path outside `projectsDir`.
 */
export function mirrorKeyForPath(projectsDir: string, filePath: string): MirrorKey | undefined {
  const rel = relative(projectsDir, filePath);
  if (rel.startsWith('..') || !rel.endsWith('.jsonl')) return undefined;
  const parts = rel.slice(0, -'.jsonl'.length).split(sep);
  const [projectKey, sessionId, ...rest] = parts;
  if (projectKey === undefined || sessionId === undefined || projectKey === '' || sessionId === '')
    return undefined;
  return rest.length === 0 ? { projectKey, sessionId } : { projectKey, sessionId, subpath: rest.join('/') };
}

/**
 * A sink for `transcript_mirror` frames: each frame becomes one `store.append`, in order per
 * transcript (appends to one key never overlap). A failed append is logged; the session goes on.
 * Frames are not coalesced.
 */
export function createTranscriptMirror(params: {
  store: SessionMirrorStore;
  projectsDir: string;
  log: Logger;
  sessionId: string;
}): { mirror: (frame: TranscriptMirrorFrame) => void; flush: () => Promise<void> } {
  const chains = new Map<string, Promise<void>>();
  const mirror = (frame: TranscriptMirrorFrame): void => {
    const key = mirrorKeyForPath(params.projectsDir, frame.filePath);
    if (key === undefined) {
      params.log({
        level: 'warn',
        event: 'mirror.unmapped_path',
        sessionId: params.sessionId,
        filePath: frame.filePath,
      });
      return;
    }
    const entries = frame.entries.filter(
      (entry): entry is Record<string, unknown> =>
        typeof entry === 'object' && entry !== null && !Array.isArray(entry),
    );
    if (entries.length === 0) return;
    const id = `${key.projectKey}/${key.sessionId}/${key.subpath ?? ''}`;
    const next = (chains.get(id) ?? Promise.resolve())
      .then(() => params.store.append(key, entries))
      .catch((error: unknown) => {
        params.log({
          level: 'error',
          event: 'mirror.append_failed',
          sessionId: params.sessionId,
          key,
          error,
        });
      });
    chains.set(id, next);
  };
  const flush = async (): Promise<void> => {
    await Promise.all(chains.values());
  };
  return { mirror, flush };
}
