import { randomUUID } from 'node:crypto';
import { mkdir, rename, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { projectKeyForDirectory } from '@ccsdk/session-jsonl';
import type { SessionMirrorStore } from './transcript-mirror.js';

/** What became of a resume request. */
export type ResumeOutcome = 'local' | 'materialized' | 'not-found';

/**
 * Makes a stored session resumable here: when `<projects>/<projectKey of workDir>/<id>.jsonl` is
 * missing, the main transcript is loaded from the store and written there (to a temporary name,
 * then renamed, so the CLI never reads half a file). Subagent transcripts are not copied.
 */
export async function materializeFromStore(params: {
  store: SessionMirrorStore;
  projectsDir: string;
  workDir: string;
  sessionId: string;
}): Promise<ResumeOutcome> {
  const projectKey = await projectKeyForDirectory(params.workDir);
  const dir = join(params.projectsDir, projectKey);
  const file = join(dir, `${params.sessionId}.jsonl`);
  if (await exists(file)) return 'local';
  const entries = await params.store.load({ projectKey, sessionId: params.sessionId });
  if (entries === null || entries.length === 0) return 'not-found';
  await mkdir(dir, { recursive: true });
  const temporary = join(dir, `.${params.sessionId}.${randomUUID()}.tmp`);
  await writeFile(temporary, entries.map((entry) => `${JSON.stringify(entry)}\n`).join(''), { flag: 'wx' });
  await rename(temporary, file);
  return 'materialized';
}

async function exists(path: string): Promise<boolean> {
  try {
    await stat(path);
    return true;
  } catch {
    return false;
  }
}
