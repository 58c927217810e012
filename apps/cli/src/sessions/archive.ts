import { archiveSession, unarchiveSession } from '@ccsdk/session-store';
import type { CommandIo } from './command-io.js';
import { lookupOptions, requireSession } from './session-scope.js';
import type { SessionsVerb } from './verb.js';
import { parseVerbArgs } from './verb-args.js';

function archiveHelp(name: string, what: string): string {
  return `Usage: ccsdk sessions ${name} <id> [--dir <folder>]

${what}

  --dir <folder>    look for the session in this project folder only
  -h, --help        this help`;
}

function markVerb(
  name: 'archive' | 'unarchive',
  what: string,
  mark: (id: string, options: object) => Promise<void>,
  done: string,
): SessionsVerb {
  const command = `sessions ${name}`;
  const help = archiveHelp(name, what);
  return {
    name,
    summary: name === 'archive' ? 'archive a session' : 'unarchive a session',
    help,
    async run(argv: readonly string[], io: CommandIo): Promise<number> {
      const parsed = parseVerbArgs(argv, {
        command,
        positionals: ['id'],
        options: { dir: { type: 'string' } },
      });
      if (parsed.help) {
        io.stdout.write(`${help}\n`);
        return 0;
      }
      const id = parsed.positionals[0]!;
      const options = lookupOptions(command, io, parsed.values.dir);
      await requireSession(command, id, options);
      await mark(id, options);
      io.stdout.write(`${done} ${id}.\n`);
      return 0;
    },
  };
}

/** `ccsdk sessions archive`: the library's `archiveSession()`. */
export const archiveVerb = markVerb(
  'archive',
  'Marks a session archived (the transcript is kept; listings show it as [archived]).',
  archiveSession,
  'Archived',
);

/** `ccsdk sessions unarchive`: the library's `unarchiveSession()`. */
export const unarchiveVerb = markVerb(
  'unarchive',
  'Marks an archived session as not archived.',
  unarchiveSession,
  'Unarchived',
);
