// The web tools: WebFetch (a page read and summarised by a prompt) and WebSearch.

/** Input of the `WebFetch` tool: a URL, and the prompt to run on its content. */
export interface WebFetchInput {
  url: string;
  prompt: string;
  /** Character position in the page text to go on reading from (as a previous result gave it). */
  offset?: number;
}

/** Result of the `WebFetch` tool: the HTTP status, the size and the prompt's answer. */
export interface WebFetchOutput {
  bytes: number;
  code: number;
  codeText: string;
  result: string;
  durationMs: number;
  url: string;
  /** Set when the URL was a saved Artifact's page. */
  artifactRead?: { slug: string; ver?: string; seeded?: false };
}

/** Input of the `WebSearch` tool: a query, optionally limited to or kept off some domains. */
export interface WebSearchInput {
  query: string;
  allowed_domains?: string[];
  blocked_domains?: string[];
}

/** Result of the `WebSearch` tool: each search's hits (or a text the model wrote between searches). */
export interface WebSearchOutput {
  query: string;
  results: (
    | {
        tool_use_id: string;
        content: { title: string; url: string; snippet?: string }[];
      }
    | string
  )[];
  durationSeconds: number;
  searchCount?: number;
}
