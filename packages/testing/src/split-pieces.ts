/**
 * Splits `value` into at most `pieces` consecutive parts whose concatenation is `value`. Cuts
 * fall on code point boundaries, so no surrogate pair is split across two SSE events. An empty
 * string gives no pieces.
 */
export function splitPieces(value: string, pieces: number): string[] {
  const codePoints = Array.from(value);
  if (codePoints.length === 0) return [];
  const size = Math.ceil(codePoints.length / Math.max(1, pieces));
  const parts: string[] = [];
  for (let start = 0; start < codePoints.length; start += size) {
    parts.push(codePoints.slice(start, start + size).join(''));
  }
  return parts;
}
