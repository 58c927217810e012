import { listSessions } from '@ccsdk/session-store';
import type { CommandIo } from './command-io.js';
import { lookupOptions, projectFolder } from './session-scope.js';
import { sessionTable, tableWidth } from './session-table.js';
import type { SessionsVerb } from './verb.js';
import { countFlag, parseVerbArgs } from './verb-args.js';

const HELP = `Usage: ccsdk sessions list [--dir <folder>] [--all-projects] [--limit <n>] [--offset <n>] [--json]

Lists sessions, newest first: id, title, project, last modified, size.
By default the sessions of the current folder's project (and its git worktrees).

  --dir <folder>    the sessions of this project folder instead
  --all-projects    the sessions of every project
  --limit <n>       at most n sessions (0: all)
  --offset <n>      skip the first n sessions
  --json            print listSessions()'s result as JSON, unchanged
  -h, --help        this help

Reads CLAUDE_CONFIG_DIR (default ~/.claude).`;

const COMMAND = 'sessions list';

/** `ccsdk sessions list`: the library's `listSessions()` as a table or as JSON. */
export const listVerb: SessionsVerb = {
  name: 'list',
  summary: 'list sessions, newest first',
  help: HELP,
  async run(argv: readonly string[], io: CommandIo): Promise<number> {
    const { values, help } = parseVerbArgs(argv, {
      command: COMMAND,
      positionals: [],
      options: {
        dir: { type: 'string' },
        'all-projects': { type: 'boolean' },
        limit: { type: 'string' },
        offset: { type: 'string' },
        json: { type: 'boolean' },
      },
    });
    if (help) {
      io.stdout.write(`${HELP}\n`);
      return 0;
    }
    const limit = countFlag(COMMAND, '--limit', values.limit);
    const offset = countFlag(COMMAND, '--offset', values.offset);
    const dir = projectFolder(COMMAND, values.dir, values['all-projects'] === true, io);
    const sessions = await listSessions({
      ...lookupOptions(COMMAND, io, dir),
      ...(limit === undefined ? {} : { limit }),
      ...(offset === undefined ? {} : { offset }),
    });
    if (values.json === true) {
      io.stdout.write(`${JSON.stringify(sessions, null, 2)}\n`);
      return 0;
    }
    if (sessions.length === 0) {
      io.stderr.write(
        dir === undefined
          ? 'No sessions.\n'
          : `No sessions for ${dir}; \`ccsdk sessions list --all-projects\` lists every project.\n`,
      );
      return 0;
    }
    const lines = sessionTable(sessions, {
      width: tableWidth(io.stdout, io.env),
      now: io.now(),
      home: io.env['HOME'],
      paint: io.paint,
    });
    io.stdout.write(`${lines.join('\n')}\n`);
    return 0;
  },
};
