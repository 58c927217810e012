import { SessionJsonlError } from './errors.js';
import { assertSessionId, isWellFormedText, quote } from './ids.js';
import { mutationTargets, sessionNotFound } from './mutation-target.js';
import { appendLine } from './safe-append.js';
import { sanitizeTag } from './tag-sanitize.js';
import type { SessionMutationOptions } from './types.js';

/** Validates a title: a well-formed string that is not blank. Returns it trimmed; throws `INVALID_TITLE`. */
export function checkTitle(title: unknown): string {
  if (typeof title !== 'string' || !isWellFormedText(title) || title.trim() === '') {
    throw new SessionJsonlError({
      code: 'INVALID_TITLE',
      message: `Invalid title ${quote(title)}: pass a non-blank string.`,
    });
  }
  return title.trim();
}

async function appendToSession(
  sessionId: string,
  options: unknown,
  entry: Record<string, unknown>,
): Promise<void> {
  const line = JSON.stringify(entry);
  for (const copy of await mutationTargets(sessionId, options)) {
    if (await appendLine(copy, line)) return;
  }
  throw sessionNotFound(sessionId);
}

/**
 * Renames a session by appending `{"type":"custom-title","customTitle":…,"sessionId":…}` to its
 * transcript (append-only, safe while the CLI writes it). Throws `INVALID_SESSION_ID`,
 * `INVALID_TITLE` (blank or not a string), `SESSION_NOT_FOUND` or `UNSAFE_PATH`.
 */
export async function renameSession(
  sessionId: string,
  title: string,
  options: SessionMutationOptions = {},
): Promise<void> {
  assertSessionId(sessionId);
  const customTitle = checkTitle(title);
  await appendToSession(sessionId, options, { type: 'custom-title', customTitle, sessionId });
}

/**
 * Tags a session by appending `{"type":"tag","tag":…,"sessionId":…}`; `null` clears the tag
 * (`"tag":""`). The tag is Unicode-sanitized first. Throws `INVALID_SESSION_ID`, `INVALID_TAG`
 * (blank after sanitizing, or not a string), `SESSION_NOT_FOUND` or `UNSAFE_PATH`.
 */
export async function tagSession(
  sessionId: string,
  tag: string | null,
  options: SessionMutationOptions = {},
): Promise<void> {
  assertSessionId(sessionId);
  let clean = '';
  if (tag !== null) {
    clean = typeof tag === 'string' && isWellFormedText(tag) ? sanitizeTag(tag) : '';
    if (clean === '') {
      throw new SessionJsonlError({
        code: 'INVALID_TAG',
        message: `Invalid tag ${quote(tag)}: pass a string with visible characters, or null to clear the tag.`,
      });
    }
  }
  await appendToSession(sessionId, options, { type: 'tag', tag: clean, sessionId });
}
