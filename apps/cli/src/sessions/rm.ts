import { createInterface } from 'node:readline/promises';
import { deleteSession } from '@ccsdk/session-store';
import { CliError } from './cli-error.js';
import type { CommandIo } from './command-io.js';
import { fitEnd } from './fit-text.js';
import { humanSize } from './human-units.js';
import { lookupOptions, requireSession } from './session-scope.js';
import { titleOf } from './session-table.js';
import type { SessionsVerb } from './verb.js';
import { parseVerbArgs } from './verb-args.js';

const HELP = `Usage: ccsdk sessions rm <id> [--yes] [--dir <folder>]

Deletes a session's transcript and its subagent transcripts, for good. Asks first on a
terminal; elsewhere it needs --yes. Only for sessions whose CLI has exited.

  --yes, -y         do not ask
  --dir <folder>    look for the session in this project folder only
  -h, --help        this help`;

const COMMAND = 'sessions rm';
/** Most columns of the title the question quotes, so the question fits one terminal line. */
const QUESTION_TITLE_COLUMNS = 32;

/** `ccsdk sessions rm`: the library's `deleteSession()`, after a confirmation. */
export const rmVerb: SessionsVerb = {
  name: 'rm',
  summary: 'delete a session (asks first)',
  help: HELP,
  async run(argv: readonly string[], io: CommandIo): Promise<number> {
    const { values, positionals, help } = parseVerbArgs(argv, {
      command: COMMAND,
      positionals: ['id'],
      options: { yes: { type: 'boolean', short: 'y' }, dir: { type: 'string' } },
    });
    if (help) {
      io.stdout.write(`${HELP}\n`);
      return 0;
    }
    const id = positionals[0]!;
    const options = lookupOptions(COMMAND, io, values.dir);
    const info = await requireSession(COMMAND, id, options);
    if (values.yes !== true) {
      const title = fitEnd(titleOf(info), QUESTION_TITLE_COLUMNS);
      const question = `Delete ${id} (${JSON.stringify(title)}, ${humanSize(info.fileSize)}) for good? [y/N] `;
      if (!(await confirm(io, question)))
        throw new CliError('NOT_CONFIRMED', `ccsdk ${COMMAND}: not deleted`);
    }
    await deleteSession(id, options);
    io.stdout.write(`Deleted ${id}.\n`);
    return 0;
  },
};

/** Asks a yes/no question on the terminal; `false` unless the answer starts with y. Refuses without a terminal. */
async function confirm(io: CommandIo, question: string): Promise<boolean> {
  if (io.stdin.isTTY !== true) {
    throw new CliError(
      'NOT_CONFIRMED',
      `ccsdk ${COMMAND}: stdin is not a terminal to confirm on; pass --yes to delete`,
    );
  }
  const prompt = createInterface({ input: io.stdin, output: io.stderr as NodeJS.WritableStream });
  try {
    return /^\s*y/i.test(await prompt.question(question));
  } finally {
    prompt.close();
  }
}
