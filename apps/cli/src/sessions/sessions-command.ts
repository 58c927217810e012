import { archiveVerb, unarchiveVerb } from './archive.js';
import { CliError, toCliError } from './cli-error.js';
import { type CommandIo, processIo } from './command-io.js';
import { exportVerb } from './export.js';
import { forkVerb } from './fork.js';
import { importVerb } from './import.js';
import { listVerb } from './list.js';
import { renameVerb } from './rename.js';
import { rmVerb } from './rm.js';
import { searchVerb } from './search.js';
import { showVerb } from './show.js';
import { tagVerb } from './tag.js';
import type { SessionsVerb } from './verb.js';

/** The subcommands, in the order `ccsdk sessions --help` lists them. */
export const SESSIONS_VERBS: readonly SessionsVerb[] = [
  listVerb,
  showVerb,
  searchVerb,
  exportVerb,
  renameVerb,
  tagVerb,
  forkVerb,
  archiveVerb,
  unarchiveVerb,
  rmVerb,
  importVerb,
];

/** The `ccsdk sessions --help` text. */
export function sessionsHelp(): string {
  const width = Math.max(...SESSIONS_VERBS.map((verb) => verb.name.length));
  return [
    'Usage: ccsdk sessions <command> [options]   (ccsdk sessions <command> --help for its options)',
    '',
    'Browse, search, export and manage Claude Code sessions (CLAUDE_CONFIG_DIR, default ~/.claude).',
    '',
    ...SESSIONS_VERBS.map((verb) => `  ${verb.name.padEnd(width)}   ${verb.summary}`),
  ].join('\n');
}

/**
 * Runs `ccsdk sessions <command> ...`; resolves to the exit code. Never throws: any failure is
 * one line on stderr (`ccsdk: ...`) and exit code 2 for usage errors, 1 otherwise.
 */
export async function runSessionsCommand(
  argv: readonly string[],
  io: CommandIo = processIo(),
): Promise<number> {
  const [name, ...rest] = argv;
  try {
    if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
      (name === undefined ? io.stderr : io.stdout).write(`${sessionsHelp()}\n`);
      return name === undefined ? 2 : 0;
    }
    const verb = SESSIONS_VERBS.find((candidate) => candidate.name === name);
    if (verb === undefined) {
      throw new CliError(
        'USAGE',
        `ccsdk sessions: unknown command ${JSON.stringify(name)}; one of ${SESSIONS_VERBS.map((v) => v.name).join(', ')}`,
      );
    }
    return await verb.run(rest, io);
  } catch (error) {
    const failure = toCliError(error);
    const message = failure.message.startsWith('ccsdk')
      ? failure.message
      : `ccsdk sessions ${name}: ${failure.message}`;
    io.stderr.write(`${message.replace(/\s*\n\s*/g, ' ')}\n`);
    return failure.exitCode;
  }
}
