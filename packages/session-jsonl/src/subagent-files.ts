import type { Dirent } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { isAgentId } from './ids.js';
import type { ProjectDir } from './project-dirs.js';
import { readSmallFile } from './small-file.js';

/** One subagent transcript on disk. */
export interface SubagentFile {
  readonly agentId: string;
  readonly filePath: string;
  /** Path of the `.meta.json` sidecar beside the transcript (which may not exist). */
  readonly metaPath: string;
  /** Path relative to the session folder without `.jsonl`, e.g. `subagents/workflows/r1/agent-a1`. */
  readonly subpath: string;
  readonly projectDir: ProjectDir;
}

const PREFIX = 'agent-';
const SUFFIX = '.jsonl';
const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

async function walk(
  folder: string,
  relative: string,
  projectDir: ProjectDir,
  found: SubagentFile[],
): Promise<void> {
  let entries: Dirent[];
  try {
    entries = await readdir(folder, { withFileTypes: true });
  } catch {
    return;
  }
  entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const entry of entries) {
    const path = join(folder, entry.name);
    const rel = `${relative}/${entry.name}`;
    if (entry.isDirectory()) {
      await walk(path, rel, projectDir, found);
    } else if (entry.isFile() && entry.name.startsWith(PREFIX) && entry.name.endsWith(SUFFIX)) {
      const agentId = entry.name.slice(PREFIX.length, -SUFFIX.length);
      if (!isAgentId(agentId)) continue;
      found.push({
        agentId,
        filePath: path,
        metaPath: join(folder, `${PREFIX}${agentId}.meta.json`),
        subpath: rel.slice(0, -SUFFIX.length),
        projectDir,
      });
    }
  }
}

/**
 * The subagent transcripts of a session: `<project>/<session>/subagents/**\/agent-<id>.jsonl`,
 * folders walked in name order without following symlinks. Across project folders (in rank
 * order) the first transcript of each agent id wins.
 */
export async function findSubagentFiles(
  projectDirs: readonly ProjectDir[],
  sessionId: string,
): Promise<SubagentFile[]> {
  const found: SubagentFile[] = [];
  for (const projectDir of projectDirs) {
    await walk(join(projectDir.path, sessionId, 'subagents'), 'subagents', projectDir, found);
  }
  const seen = new Set<string>();
  return found.filter((file) => {
    if (seen.has(file.agentId)) return false;
    seen.add(file.agentId);
    return true;
  });
}

/** The parsed `.meta.json` sidecar when it is a regular file holding a JSON object in valid UTF-8; else `undefined`. */
export async function readSidecar(metaPath: string): Promise<Record<string, unknown> | undefined> {
  const bytes = readSmallFile(metaPath);
  if (bytes === undefined) return undefined;
  try {
    const value: unknown = JSON.parse(strictUtf8.decode(bytes));
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
    return value as Record<string, unknown>;
  } catch {
    return undefined;
  }
}
