// What the tests and the page's script say to each other through `page.evaluate`: plain JSON.

/** How the page reaches its session: a WebSocket with a first-frame credential, or SSE. */
export type PageTransportSpec =
  | { readonly kind: 'websocket'; readonly url: string; readonly token?: string }
  | {
      readonly kind: 'sse';
      readonly streamUrl: string;
      readonly sendUrl: string;
      readonly sessionId: string;
      readonly token: string;
    };

/** One query the page runs. */
export interface PageRunSpec {
  readonly transport: PageTransportSpec;
  /** One user turn each: the first at once, each next one after a `result`. */
  readonly prompts: readonly string[];
  /** What the page's `canUseTool` answers. Default `allow`. */
  readonly permission?: 'allow' | 'deny';
  /** Register the in-page MCP server `calc` (tool `mcp__calc__add`). */
  readonly mcp?: boolean;
  /** Register a `PreToolUse` hook in the page that records each tool it sees and lets it run. */
  readonly hooks?: boolean;
}

/** What the page saw of one query. */
export interface PageOutcome {
  /** Every SDK message the query yielded, in order. */
  readonly messages: readonly unknown[];
  /** Each `canUseTool` call, as `tool:<input JSON>`. */
  readonly asks: readonly string[];
  /** Each call of the in-page MCP tool `add`. */
  readonly mcpCalls: ReadonlyArray<{ a: number; b: number }>;
  /** Each call of the page's hook, as `<event>:<tool>` (with `hooks: true`). */
  readonly hookCalls: readonly string[];
  /** Set when the query failed: `<code>: <message>`. */
  readonly error?: string;
}

/** A bare WebSocket the page opens to see how the server answers it. */
export interface PageWebSocketProbe {
  readonly url: string;
  /** Sent as soon as the socket opens; nothing is sent when absent. */
  readonly firstFrame?: string;
  /** A frame of this many bytes sent after the first one. */
  readonly thenFrameBytes?: number;
  /** How long to wait for the close. */
  readonly waitMs: number;
}

/** How a probed WebSocket ended. */
export interface PageProbeOutcome {
  readonly opened: boolean;
  /** The close code; `undefined` when it was still open after `waitMs`. */
  readonly closeCode: number | undefined;
  readonly closeReason: string;
  /** The first frames received (each cut to 200 characters). */
  readonly received: readonly string[];
}
