import { readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { isUuid, resolveProjectsDir, type SDKSessionInfo } from '@ccsdk/session-jsonl';
import { getSessionInfo } from '@ccsdk/session-store';
import { CliError, toCliError } from './cli-error.js';
import type { CommandIo } from './command-io.js';

/** The options every library call of a subcommand gets: the project folder, the config dir. */
export interface LookupOptions {
  dir?: string;
  configDir?: string;
}

/**
 * The library options for `--dir` (made absolute against the working directory; the folder
 * itself need not exist any more, its sessions are found by its project key) and
 * `CLAUDE_CONFIG_DIR` from the command's environment. Throws `IO_FAILED` when the projects
 * folder exists but cannot be read (a missing one just holds no sessions).
 */
export function lookupOptions(command: string, io: CommandIo, dir: string | undefined): LookupOptions {
  const options: LookupOptions = {};
  const configDir = io.env['CLAUDE_CONFIG_DIR'];
  if (configDir !== undefined && configDir !== '') options.configDir = configDir;
  if (dir !== undefined) options.dir = resolve(io.cwd, dir);
  checkProjectsReadable(command, io);
  return options;
}

function checkProjectsReadable(command: string, io: CommandIo): void {
  let projects: string;
  try {
    projects = resolveProjectsDir({ env: io.env });
  } catch (error) {
    throw toCliError(error);
  }
  try {
    readdirSync(projects);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return;
    throw new CliError(
      'IO_FAILED',
      `ccsdk ${command}: cannot read ${projects} (${code ?? 'unknown error'})`,
      {
        cause: error,
      },
    );
  }
}

/** Throws a `USAGE` error unless `id` is a session id (a UUID). */
export function checkSessionId(command: string, id: string): void {
  if (!isUuid(id)) {
    throw new CliError(
      'USAGE',
      `ccsdk ${command}: ${JSON.stringify(id)} is not a session id (a UUID, as \`ccsdk sessions list\` shows it)`,
    );
  }
}

/** The session's metadata; throws `USAGE` for a malformed id, `NOT_FOUND` when no transcript has it. */
export async function requireSession(
  command: string,
  id: string,
  options: LookupOptions,
): Promise<SDKSessionInfo> {
  checkSessionId(command, id);
  const info = await getSessionInfo(id, options);
  if (info === undefined) {
    const where = options.dir === undefined ? 'any project' : options.dir;
    throw new CliError('NOT_FOUND', `ccsdk ${command}: no session ${id} in ${where}`);
  }
  return info;
}

/**
 * The project folder a listing or search covers: `--dir`, else the working directory, or
 * `undefined` for every project (`--all-projects`). Both flags together are a usage error.
 */
export function projectFolder(
  command: string,
  dir: string | undefined,
  allProjects: boolean,
  io: CommandIo,
): string | undefined {
  if (allProjects && dir !== undefined) {
    throw new CliError('USAGE', `ccsdk ${command}: pass either --dir or --all-projects, not both`);
  }
  if (allProjects) return undefined;
  return dir ?? io.cwd;
}
