/** Colours for terminal output; every function returns its text unchanged when colour is off. */
export interface Paint {
  readonly enabled: boolean;
  bold(text: string): string;
  dim(text: string): string;
  red(text: string): string;
  cyan(text: string): string;
  /** A match inside a search snippet. */
  highlight(text: string): string;
}

const plain = (text: string) => text;

/** Paint that leaves text as it is. */
export const NO_PAINT: Paint = {
  enabled: false,
  bold: plain,
  dim: plain,
  red: plain,
  cyan: plain,
  highlight: plain,
};

function sgr(open: number, close: number): (text: string) => string {
  return (text) => (text === '' ? text : `\x1b[${open}m${text}\x1b[${close}m`);
}

/** ANSI colours (SGR sequences). */
export const ANSI_PAINT: Paint = {
  enabled: true,
  bold: sgr(1, 22),
  dim: sgr(2, 22),
  red: sgr(31, 39),
  cyan: sgr(36, 39),
  highlight: (text) => (text === '' ? text : `\x1b[1;33m${text}\x1b[22;39m`),
};

/**
 * Whether to colour output written to `stream`: only when it is a terminal and `NO_COLOR` is
 * unset or empty (https://no-color.org).
 */
export function wantsColor(stream: { isTTY?: boolean }, env: NodeJS.ProcessEnv): boolean {
  return stream.isTTY === true && (env['NO_COLOR'] === undefined || env['NO_COLOR'] === '');
}

/** The paint for `stream` under `env`. */
export function paintFor(stream: { isTTY?: boolean }, env: NodeJS.ProcessEnv): Paint {
  return wantsColor(stream, env) ? ANSI_PAINT : NO_PAINT;
}
