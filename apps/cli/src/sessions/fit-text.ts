/** Characters of a string as a terminal shows them: code points, control characters made visible. */
function codePoints(text: string): string[] {
  return Array.from(text.replace(/[\u0000-\u001f\u007f]+/g, ' '));
}

/** `text` on one line, at most `width` code points, cut at the end with `…`; padded to `width` when `pad`. */
export function fitEnd(text: string, width: number, pad = false): string {
  const chars = codePoints(text);
  const fitted =
    chars.length <= width ? chars.join('') : `${chars.slice(0, Math.max(0, width - 1)).join('')}…`;
  return pad ? fitted.padEnd(width) : fitted;
}

/** `text` at most `width` code points, cut at the start with `…` (paths keep their tail). */
export function fitStart(text: string, width: number, pad = false): string {
  const chars = codePoints(text);
  const fitted =
    chars.length <= width ? chars.join('') : `…${chars.slice(chars.length - width + 1).join('')}`;
  return pad ? fitted.padEnd(width) : fitted;
}

/** `text` with the home directory written as `~`. */
export function tildePath(path: string, home: string | undefined): string {
  if (home === undefined || home === '' || home === '/') return path;
  if (path === home) return '~';
  return path.startsWith(`${home}/`) ? `~${path.slice(home.length)}` : path;
}
