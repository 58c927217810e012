import { mkdtemp, rename, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { TEMP_DIR_REMOVE_ATTEMPTS, TEMP_DIR_REMOVE_RETRY_MS } from './limits.js';

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Removes `dir` recursively, retrying transient errors; returns the last error when it could not. */
export async function removeTempDir(dir: string): Promise<unknown> {
  let lastError: unknown;
  for (let attempt = 1; attempt <= TEMP_DIR_REMOVE_ATTEMPTS; attempt++) {
    try {
      await rm(dir, { recursive: true, force: true });
      return undefined;
    } catch (error) {
      lastError = error;
      if (attempt < TEMP_DIR_REMOVE_ATTEMPTS) await sleep(TEMP_DIR_REMOVE_RETRY_MS);
    }
  }
  return lastError;
}

/** Outcome of {@link preserveTranscripts}. */
export interface PreserveOutcome {
  /** Where the transcripts are now. */
  readonly preservedDir: string;
  /** Why the scrub was skipped or incomplete, when it was. */
  readonly problem?: string;
}

/**
 * Keeps the transcripts of a resume's temp config dir when the mirror dropped batches: moves
 * `projects/` into a fresh private `claude-preserved-resume-*` folder beside it, then deletes the
 * rest (credential and settings copies, CLI scratch). When the move fails, nothing is deleted
 * and the temp dir itself is reported as the preserved one.
 */
export async function preserveTranscripts(tempDir: string): Promise<PreserveOutcome> {
  let preservedDir: string;
  try {
    preservedDir = await mkdtemp(join(dirname(tempDir), 'claude-preserved-resume-'));
    await rename(join(tempDir, 'projects'), join(preservedDir, 'projects'));
  } catch (error) {
    return {
      preservedDir: tempDir,
      problem: `could not move the transcripts (${String(error)}); nothing was scrubbed`,
    };
  }
  const left = await removeTempDir(tempDir);
  return left === undefined
    ? { preservedDir }
    : { preservedDir, problem: `could not remove ${tempDir} (${String(left)})` };
}
