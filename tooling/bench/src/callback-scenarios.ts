// What the side-by-side callback tests (callback-answers-parity, callback-arguments-parity) share:
// the MCP server whose tool makes the CLI ask for a form, and the blanking of what two runs differ
// in on their own.
import { join } from 'node:path';

/**
 * A stdio MCP server (the e2e tests' own) whose one tool, `ask`, asks the client to fill a form and
 * returns the answer it got; the model calls it as `mcp__elic__ask`.
 */
const ELICIT_SERVER = join(import.meta.dirname, '..', '..', 'e2e', 'src', 'support', 'elicit-mcp-server.mjs');

/** `mcpServers` with that server, as `elic`. */
export const ELICIT_MCP_SERVERS = {
  elic: { type: 'stdio', command: process.execPath, args: [ELICIT_SERVER] },
} as const;

/** Blanks what differs between two runs on their own: the sandbox folder and the fake's tool ids. */
export function blanked(text: string, sandboxRoot: string): string {
  return text
    .split(sandboxRoot)
    .join('<sandbox>')
    .replace(/toolu_[A-Za-z0-9]+/g, '<tool-use-id>');
}
