import { tagSession } from '@ccsdk/session-store';
import { CliError } from './cli-error.js';
import type { CommandIo } from './command-io.js';
import { lookupOptions, requireSession } from './session-scope.js';
import type { SessionsVerb } from './verb.js';
import { parseVerbArgs } from './verb-args.js';

const HELP = `Usage: ccsdk sessions tag <id> <tag> [--dir <folder>]
       ccsdk sessions tag <id> --clear [--dir <folder>]

Sets (or with --clear removes) a session's tag. Invisible and control characters are removed first.

  --clear           remove the tag
  --dir <folder>    look for the session in this project folder only
  -h, --help        this help`;

const COMMAND = 'sessions tag';

/** `ccsdk sessions tag`: the library's `tagSession()`. */
export const tagVerb: SessionsVerb = {
  name: 'tag',
  summary: 'set or clear a session tag',
  help: HELP,
  async run(argv: readonly string[], io: CommandIo): Promise<number> {
    const clear = argv.includes('--clear');
    const { values, positionals, help } = parseVerbArgs(argv, {
      command: COMMAND,
      positionals: clear ? ['id'] : ['id', 'tag'],
      options: { dir: { type: 'string' }, clear: { type: 'boolean' } },
    });
    if (help) {
      io.stdout.write(`${HELP}\n`);
      return 0;
    }
    if (clear && positionals.length > 1) {
      throw new CliError('USAGE', `ccsdk ${COMMAND}: pass either a tag or --clear, not both`);
    }
    const [id, tag] = positionals as [string, string | undefined];
    const options = lookupOptions(COMMAND, io, values.dir);
    await requireSession(COMMAND, id, options);
    await tagSession(id, clear ? null : (tag ?? null), options);
    io.stdout.write(clear ? `Cleared the tag of ${id}.\n` : `Tagged ${id} ${JSON.stringify(tag)}.\n`);
    return 0;
  },
};
