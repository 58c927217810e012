/**
 * The official package's entries besides its root that @ccsdk/sdk provides too, each checked as the
 * root is. (`./bridge` is left out: it targets Anthropic's hosted worker backend.)
 */
export const SUBPATHS = ['core', 'sdk-tools', 'extract', 'browser'] as const;

/** One entry of {@link SUBPATHS}. */
export type Subpath = (typeof SUBPATHS)[number];

/** The official package's specifier (the root when `subpath` is absent). */
export function officialSpecifier(subpath?: Subpath): string {
  return subpath === undefined
    ? '@anthropic-ai/claude-agent-sdk'
    : `@anthropic-ai/claude-agent-sdk/${subpath}`;
}

/** Our package's specifier (the root when `subpath` is absent). */
export function oursSpecifier(subpath?: Subpath): string {
  return subpath === undefined ? '@ccsdk/sdk' : `@ccsdk/sdk/${subpath}`;
}
