import { forkSession } from '@ccsdk/session-store';
import { CliError } from './cli-error.js';
import type { CommandIo } from './command-io.js';
import { lookupOptions, requireSession } from './session-scope.js';
import type { SessionsVerb } from './verb.js';
import { parseVerbArgs } from './verb-args.js';

const HELP = `Usage: ccsdk sessions fork <id> [--title <title>] [--up-to <message-uuid>] [--dir <folder>] [--json]

Copies a session into a new one (resumable with \`claude --resume <new id>\`), whole or up to
and including one message.

  --title <title>          the fork's title (default: "<title> (fork)")
  --up-to <message-uuid>   copy the conversation up to this message
  --dir <folder>           look for the session in this project folder only
  --json                   print forkSession()'s result: {"sessionId": "<new id>"}
  -h, --help               this help`;

const COMMAND = 'sessions fork';

/** `ccsdk sessions fork`: the library's `forkSession()`. */
export const forkVerb: SessionsVerb = {
  name: 'fork',
  summary: 'copy a session into a new one',
  help: HELP,
  async run(argv: readonly string[], io: CommandIo): Promise<number> {
    const { values, positionals, help } = parseVerbArgs(argv, {
      command: COMMAND,
      positionals: ['id'],
      options: {
        title: { type: 'string' },
        'up-to': { type: 'string' },
        dir: { type: 'string' },
        json: { type: 'boolean' },
      },
    });
    if (help) {
      io.stdout.write(`${HELP}\n`);
      return 0;
    }
    const id = positionals[0]!;
    if (values.title !== undefined && values.title.trim() === '') {
      throw new CliError(
        'USAGE',
        `ccsdk ${COMMAND}: --title must not be blank, got ${JSON.stringify(values.title)}`,
      );
    }
    const options = lookupOptions(COMMAND, io, values.dir);
    await requireSession(COMMAND, id, options);
    const result = await forkSession(id, {
      ...options,
      ...(values.title === undefined ? {} : { title: values.title }),
      ...(values['up-to'] === undefined ? {} : { upToMessageId: values['up-to'] }),
    });
    io.stdout.write(
      values.json === true ? `${JSON.stringify(result)}\n` : `Forked ${id} as ${result.sessionId}.\n`,
    );
    return 0;
  },
};
