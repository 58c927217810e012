/** Code point ranges a terminal draws two columns wide (East Asian wide and fullwidth, emoji). */
const WIDE_RANGES: readonly (readonly [number, number])[] = [
  [0x1100, 0x115f],
  [0x2e80, 0x303e],
  [0x3041, 0x33ff],
  [0x3400, 0x4dbf],
  [0x4e00, 0x9fff],
  [0xa000, 0xa4cf],
  [0xac00, 0xd7a3],
  [0xf900, 0xfaff],
  [0xfe30, 0xfe4f],
  [0xff00, 0xff60],
  [0xffe0, 0xffe6],
  [0x1f300, 0x1f64f],
  [0x1f900, 0x1f9ff],
  [0x20000, 0x3fffd],
];

/** Columns one code point takes on a terminal: 0 for combining marks and zero-width characters, 2 for wide ones, else 1. */
export function charColumns(char: string): number {
  const code = char.codePointAt(0) ?? 0;
  if ((code >= 0x300 && code <= 0x36f) || (code >= 0x200b && code <= 0x200f) || code === 0xfe0f) return 0;
  for (const [low, high] of WIDE_RANGES) {
    if (code >= low && code <= high) return 2;
  }
  return 1;
}

/** Colour (SGR) escape sequences, which take no columns. */
const SGR_SEQUENCE = /\x1b\[[0-9;]*m/g;

/** Columns `text` takes on a terminal (one line; colour sequences count as none). */
export function textColumns(text: string): number {
  let columns = 0;
  for (const char of text.replace(SGR_SEQUENCE, '')) columns += charColumns(char);
  return columns;
}

/** Code points of a string as a terminal shows them on one line: control characters made spaces. */
function visibleChars(text: string): string[] {
  return Array.from(text.replace(/[\u0000-\u001f\u007f]+/g, ' '));
}

/** The longest run of `chars` (from the start, or from the end with `fromEnd`) within `columns`. */
function take(chars: readonly string[], columns: number, fromEnd: boolean): string[] {
  const taken: string[] = [];
  let used = 0;
  for (let i = 0; i < chars.length; i++) {
    const char = chars[fromEnd ? chars.length - 1 - i : i]!;
    const width = charColumns(char);
    if (used + width > columns) break;
    taken.push(char);
    used += width;
  }
  return fromEnd ? taken.reverse() : taken;
}

function fit(text: string, columns: number, pad: boolean, cutStart: boolean): string {
  const chars = visibleChars(text);
  const whole = chars.join('');
  let fitted = whole;
  if (textColumns(whole) > columns) {
    const kept = take(chars, Math.max(0, columns - 1), cutStart).join('');
    fitted = cutStart ? `…${kept}` : `${kept}…`;
  }
  return pad ? fitted + ' '.repeat(Math.max(0, columns - textColumns(fitted))) : fitted;
}

/** `text` on one line in at most `columns` terminal columns, cut at the end with `…`; padded to `columns` when `pad`. */
export function fitEnd(text: string, columns: number, pad = false): string {
  return fit(text, columns, pad, false);
}

/** `text` in at most `columns` terminal columns, cut at the start with `…` (paths keep their tail). */
export function fitStart(text: string, columns: number, pad = false): string {
  return fit(text, columns, pad, true);
}

/** `path` with the home directory written as `~`. */
export function tildePath(path: string, home: string | undefined): string {
  if (home === undefined || home === '' || home === '/') return path;
  if (path === home) return '~';
  return path.startsWith(`${home}/`) ? `~${path.slice(home.length)}` : path;
}
