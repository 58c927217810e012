import type { FieldProblem } from './check-settings.js';
import type { ParsedSettings } from './parse-settings-text.js';
import { parseSettingsText } from './parse-settings-text.js';
import { readSettingsFile } from './read-settings-file.js';
import { SettingsError } from './settings-error.js';
import type { ResolvedSettingSource, SettingsSourceEntry } from './settings-types.js';

/** One source after loading: its entry (absent when skipped or missing) and what went wrong. */
export interface LoadedSource {
  readonly entry: SettingsSourceEntry | undefined;
  readonly errors: SettingsError[];
}

/**
 * Loads a user, project or local settings file the way the CLI does: a missing or empty file is
 * no source; an unreadable one, one that is not a JSON object, or one with a field of the wrong
 * type is skipped whole and reported; a dropped field is reported and the rest kept.
 */
export async function loadFileSource(
  source: 'user' | 'project' | 'local',
  path: string,
): Promise<LoadedSource> {
  const read = await readSettingsFile(path);
  if (read.kind === 'missing' || read.kind === 'empty') return { entry: undefined, errors: [] };
  if (read.kind === 'unreadable') {
    return { entry: undefined, errors: [unreadableError(path, read.error)] };
  }
  return fromParsed(source, parseSettingsText(read.text), path);
}

/** Turns a parse result into a source entry with the non-policy rule: a `reject` problem skips the source. */
export function fromParsed(
  source: ResolvedSettingSource,
  parsed: ParsedSettings,
  path?: string,
): LoadedSource {
  if (!parsed.ok) return { entry: undefined, errors: [malformedError(path, '', parsed.message)] };
  const errors = parsed.problems.map((p) => problemError(path, p));
  if (parsed.problems.some((p) => p.severity === 'reject')) return { entry: undefined, errors };
  const entry: SettingsSourceEntry = { source, settings: parsed.settings };
  if (path !== undefined) entry.path = path;
  return { entry, errors };
}

/** `SETTINGS_MALFORMED` for one field problem. */
export function problemError(file: string | undefined, problem: FieldProblem): SettingsError {
  const what = problem.severity === 'reject' ? 'the file was skipped' : 'the field was ignored';
  return malformedError(file, problem.field, `${problem.message}; ${what}`);
}

/** `SETTINGS_MALFORMED` for a file or field. */
export function malformedError(file: string | undefined, field: string, message: string): SettingsError {
  const where = file === undefined ? 'The settings option' : `Settings file ${file}`;
  return new SettingsError({
    code: 'SETTINGS_MALFORMED',
    message: `${where}${field === '' ? '' : ` (${field})`}: ${message}. Fix it; Claude Code goes on without it.`,
    field,
    ...(file === undefined ? {} : { file }),
  });
}

/** `SETTINGS_FILE_UNREADABLE` for a file that exists but cannot be read. */
export function unreadableError(file: string, cause: NodeJS.ErrnoException): SettingsError {
  return new SettingsError({
    code: 'SETTINGS_FILE_UNREADABLE',
    message: `Settings file ${file} could not be read (${cause.code ?? cause.message}). Make it a readable file or remove it.`,
    file,
    cause,
  });
}
