import { CliError } from './cli-error.js';

/** Characters of context a snippet shows on each side of its match. */
export const SNIPPET_CONTEXT_CHARS = 40;

/** Where a match is in a text, in UTF-16 code units. */
export interface TextMatch {
  readonly index: number;
  readonly length: number;
}

/** Finds a search text (or pattern) in message texts. */
export interface TextMatcher {
  /** The first match in `text`, or `undefined`. */
  first(text: string): TextMatch | undefined;
  /** How many non-overlapping matches `text` holds. */
  count(text: string): number;
}

/** How `ccsdk sessions search` matches. */
export interface MatcherOptions {
  /** Treat the text as a JavaScript regular expression. */
  readonly regex: boolean;
  /** Match letter case exactly (default: ignore case). */
  readonly caseSensitive: boolean;
}

/**
 * A matcher for `query`: a literal text by default, a JavaScript regular expression with
 * `regex`; case-insensitive unless `caseSensitive`. Throws a `USAGE` error for an empty query or
 * a pattern that does not compile.
 */
export function createMatcher(command: string, query: string, options: MatcherOptions): TextMatcher {
  if (query === '') throw new CliError('USAGE', `ccsdk ${command}: the search text is empty`);
  const source = options.regex ? query : query.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  let pattern: RegExp;
  try {
    pattern = new RegExp(source, options.caseSensitive ? 'g' : 'gi');
  } catch (error) {
    throw new CliError(
      'USAGE',
      `ccsdk ${command}: ${JSON.stringify(query)} is not a valid regular expression (${(error as Error).message})`,
    );
  }
  return {
    first(text) {
      pattern.lastIndex = 0;
      const found = pattern.exec(text);
      return found === null ? undefined : { index: found.index, length: found[0].length };
    },
    count(text) {
      pattern.lastIndex = 0;
      let count = 0;
      for (let found = pattern.exec(text); found !== null; found = pattern.exec(text)) {
        count++;
        // An empty match would repeat forever at the same place: step over it.
        if (found[0].length === 0) pattern.lastIndex++;
      }
      return count;
    },
  };
}

/** A snippet around a match: the text before, the match, the text after, on one line. */
export interface Snippet {
  readonly before: string;
  readonly match: string;
  readonly after: string;
}

/** The match in `text` with {@link SNIPPET_CONTEXT_CHARS} of context each side, whitespace collapsed, cuts marked `…`. */
export function snippetAround(text: string, match: TextMatch): Snippet {
  let start = Math.max(0, match.index - SNIPPET_CONTEXT_CHARS);
  let end = Math.min(text.length, match.index + match.length + SNIPPET_CONTEXT_CHARS);
  // Never cut a surrogate pair in half.
  if (start > 0 && isLowSurrogate(text.charCodeAt(start))) start--;
  if (end < text.length && isLowSurrogate(text.charCodeAt(end))) end++;
  const squash = (part: string) => part.replace(/\s+/g, ' ');
  return {
    before: `${start > 0 ? '…' : ''}${squash(text.slice(start, match.index)).trimStart()}`,
    match: squash(text.slice(match.index, match.index + match.length)),
    after: `${squash(text.slice(match.index + match.length, end)).trimEnd()}${end < text.length ? '…' : ''}`,
  };
}

function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff;
}
