import { renameSession } from '@ccsdk/session-store';
import type { CommandIo } from './command-io.js';
import { lookupOptions, requireSession } from './session-scope.js';
import type { SessionsVerb } from './verb.js';
import { parseVerbArgs } from './verb-args.js';

const HELP = `Usage: ccsdk sessions rename <id> <title> [--dir <folder>]

Sets a session's title (appends a custom-title entry; safe while the CLI writes the session).
The title is every word after the id.

  --dir <folder>    look for the session in this project folder only
  -h, --help        this help`;

const COMMAND = 'sessions rename';

/** `ccsdk sessions rename`: the library's `renameSession()`. */
export const renameVerb: SessionsVerb = {
  name: 'rename',
  summary: 'set a session title',
  help: HELP,
  async run(argv: readonly string[], io: CommandIo): Promise<number> {
    const { values, positionals, help } = parseVerbArgs(argv, {
      command: COMMAND,
      positionals: ['id', 'title'],
      restIsText: true,
      options: { dir: { type: 'string' } },
    });
    if (help) {
      io.stdout.write(`${HELP}\n`);
      return 0;
    }
    const [id, title] = positionals as [string, string];
    const options = lookupOptions(COMMAND, io, values.dir);
    await requireSession(COMMAND, id, options);
    await renameSession(id, title, options);
    io.stdout.write(`Renamed ${id} to ${JSON.stringify(title.trim())}.\n`);
    return 0;
  },
};
