import { isAbsolute, relative, resolve, sep } from 'node:path';
import type { SessionKey } from '@ccsdk/session-store';

const JSONL = '.jsonl';

/**
 * The store key of a transcript file the CLI reported, relative to the projects dir the CLI
 * writes to (both resolved and NFC-normalized):
 *
 * - `<projectKey>/<sessionId>.jsonl` is the main transcript;
 * - `<projectKey>/<sessionId>/<...>/<name>.jsonl` (four or more parts) is a subagent transcript
 *   with `subpath` = the parts after the session, `/`-joined, without `.jsonl`;
 * - anything else (outside the projects dir, three parts, no `.jsonl`, empty names) is
 *   `undefined`: the frame cannot be mirrored.
 */
export function filePathToSessionKey(filePath: string, projectsDir: string): SessionKey | undefined {
  if (
    typeof filePath !== 'string' ||
    filePath === '' ||
    typeof projectsDir !== 'string' ||
    projectsDir === ''
  ) {
    return undefined;
  }
  const rel = relative(resolve(projectsDir.normalize('NFC')), resolve(filePath.normalize('NFC')));
  if (rel === '' || isAbsolute(rel) || rel === '..' || rel.startsWith(`..${sep}`)) return undefined;
  const parts = rel.split(sep);
  const last = parts[parts.length - 1]!;
  if (!last.endsWith(JSONL) || parts.some((part) => part === '' || part === '.' || part === '..'))
    return undefined;
  const [projectKey, second] = parts as [string, string];
  if (parts.length === 2) {
    const sessionId = second.slice(0, -JSONL.length);
    return sessionId === '' ? undefined : { projectKey, sessionId };
  }
  if (parts.length < 4) return undefined;
  const subpath = parts.slice(2).join('/').slice(0, -JSONL.length);
  if (subpath.endsWith('/') || subpath === '') return undefined;
  return { projectKey, sessionId: second, subpath };
}
