import { join } from 'node:path';
import { TITLE_SIDECAR_MAX_CHARS } from './limits.js';
import { readSmallFile } from './small-file.js';

/** Name of the title sidecar inside a session's sibling folder. */
export const TITLE_SIDECAR_FILE = 'custom-title.json';

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f]/g;

/**
 * A sidecar title made presentable: each control character becomes a space (as the official SDK
 * shows it), then trimmed, at most {@link TITLE_SIDECAR_MAX_CHARS}; `undefined` when blank.
 */
export function cleanSidecarTitle(raw: string): string | undefined {
  const title = raw.replace(CONTROL_CHARACTERS, ' ').trim();
  if (title === '') return undefined;
  if (title.length <= TITLE_SIDECAR_MAX_CHARS) return title;
  let cut = TITLE_SIDECAR_MAX_CHARS;
  const last = title.charCodeAt(cut - 1);
  if (last >= 0xd800 && last <= 0xdbff) cut--;
  return title.slice(0, cut).trimEnd();
}

/**
 * The title in `<project>/<sessionId>/custom-title.json` (`{"customTitle": "..."}`), cleaned by
 * {@link cleanSidecarTitle}; `undefined` when the file is missing, unreadable, not valid UTF-8 JSON,
 * or has no usable `customTitle` string.
 */
export function readTitleSidecar(projectDirPath: string, sessionId: string): string | undefined {
  const bytes = readSmallFile(join(projectDirPath, sessionId, TITLE_SIDECAR_FILE));
  if (bytes === undefined) return undefined;
  try {
    const value: unknown = JSON.parse(strictUtf8.decode(bytes));
    if (typeof value !== 'object' || value === null) return undefined;
    const title = (value as Record<string, unknown>)['customTitle'];
    return typeof title === 'string' ? cleanSidecarTitle(title) : undefined;
  } catch {
    return undefined;
  }
}
