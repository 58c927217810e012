import { TAG_SANITIZE_MAX_PASSES } from './limits.js';

const INVISIBLE_CATEGORIES = /[\p{Cf}\p{Co}\p{Cn}]/gu;
const INVISIBLE_RANGES = /[\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff\ue000-\uf8ff]/g;

/**
 * Cleans a tag before it is stored: NFKC, then format, private-use and unassigned characters,
 * zero-width and bidirectional controls removed, repeated until stable (at most
 * {@link TAG_SANITIZE_MAX_PASSES} passes), then trimmed. May return `''`.
 */
export function sanitizeTag(tag: string): string {
  let current = tag;
  for (let pass = 0; pass < TAG_SANITIZE_MAX_PASSES; pass++) {
    const next = current.normalize('NFKC').replace(INVISIBLE_CATEGORIES, '').replace(INVISIBLE_RANGES, '');
    if (next === current) break;
    current = next;
  }
  return current.trim();
}
