/**
 * The floors `ccsdk sessions` is measured against, each a bare Node process (plain JavaScript, no
 * TypeScript loader), with CLAUDE_CONFIG_DIR already set by the caller:
 *
 *   node sessions-cli-floor.mjs list                  listSessions() from @ccsdk/session-jsonl's dist, printed as JSON
 *   node sessions-cli-floor.mjs search-read <text>    read every transcript whole and look for the text's bytes: the I/O floor
 *   node sessions-cli-floor.mjs search-library <text> listSessions(), then getSessionMessages() of each and a plain
 *                                                     case-insensitive test of the messages' JSON: the library floor
 *
 * Prints what it found on stdout (the JSON listing, or the matching session ids one a line).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const [mode, text = ''] = process.argv.slice(2);
if (mode === 'list') {
  const { listSessions } = await import('@ccsdk/session-jsonl');
  process.stdout.write(`${JSON.stringify(await listSessions(), null, 2)}\n`);
} else if (mode === 'search-read') {
  const projects = join(process.env.CLAUDE_CONFIG_DIR, 'projects');
  const needle = Buffer.from(text.toLowerCase());
  const found = [];
  for (const project of readdirSync(projects)) {
    for (const file of readdirSync(join(projects, project))) {
      if (!file.endsWith('.jsonl')) continue;
      const bytes = readFileSync(join(projects, project, file));
      if (bytes.indexOf(needle) !== -1) found.push(file.slice(0, -'.jsonl'.length));
    }
  }
  process.stdout.write(found.map((id) => `${id}\n`).join(''));
} else if (mode === 'search-library') {
  const { getSessionMessages, listSessions } = await import('@ccsdk/session-jsonl');
  const needle = text.toLowerCase();
  const found = [];
  for (const session of await listSessions()) {
    const messages = await getSessionMessages(session.sessionId);
    if (
      messages.some((message) =>
        JSON.stringify(message.message ?? null)
          .toLowerCase()
          .includes(needle),
      )
    ) {
      found.push(session.sessionId);
    }
  }
  process.stdout.write(found.map((id) => `${id}\n`).join(''));
} else {
  throw new Error('usage: sessions-cli-floor.mjs <list|search-read|search-library> [text]');
}
