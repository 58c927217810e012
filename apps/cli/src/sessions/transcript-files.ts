import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { isUuid } from '@ccsdk/session-jsonl';

/**
 * Every `<projectsDir>/<project>/<sessionId>.jsonl` file, by session id (a session copied into
 * several project folders has several): one folder read per project instead of one lookup per
 * session. Only for ruling sessions out quickly (see `rawPrefilter`); the readers still choose
 * which copy a session's messages come from. Unreadable folders are skipped.
 */
export async function transcriptFilesById(projectsDir: string): Promise<Map<string, string[]>> {
  const files = new Map<string, string[]>();
  let projects: string[];
  try {
    projects = await readdir(projectsDir);
  } catch {
    return files;
  }
  for (const project of projects) {
    let names: string[];
    try {
      names = await readdir(join(projectsDir, project));
    } catch {
      continue;
    }
    for (const name of names) {
      if (!name.endsWith('.jsonl')) continue;
      const sessionId = name.slice(0, -'.jsonl'.length);
      if (!isUuid(sessionId)) continue;
      const path = join(projectsDir, project, name);
      const known = files.get(sessionId);
      if (known === undefined) files.set(sessionId, [path]);
      else known.push(path);
    }
  }
  return files;
}
