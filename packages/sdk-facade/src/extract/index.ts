/**
 * Public API of `@ccsdk/sdk/extract`: {@link extractFromBunfs}, for programs compiled with
 * `bun build --compile` that spawn the Claude Code CLI they embed. Everything listed here is
 * public; nothing else is.
 */
export type { ExtractErrorCode } from './extract-error.js';
export { ExtractError } from './extract-error.js';
export { extractFromBunfs } from './extract-from-bunfs.js';
