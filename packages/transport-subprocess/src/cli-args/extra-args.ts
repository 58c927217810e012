import { checkRecord, checkString, invalidOption } from './validate.js';

const FLAG_NAME = /^[A-Za-z0-9][A-Za-z0-9_-]*$/;

/**
 * Flags for `extraArgs`: `{ flag: null }` gives `--flag`; a value starting with `-` gives
 * `--flag=value` (so it cannot be read as a flag of its own); any other value gives
 * `--flag value`. Names are written without the leading `--` and must match
 * `[A-Za-z0-9][A-Za-z0-9_-]*`.
 */
export function extraArgs(extra: unknown): string[] {
  if (extra === undefined) return [];
  const args: string[] = [];
  for (const [name, value] of Object.entries(checkRecord('extraArgs', extra))) {
    if (!FLAG_NAME.test(name)) {
      throw invalidOption(
        'extraArgs key',
        'a flag name without leading dashes ([A-Za-z0-9][A-Za-z0-9_-]*)',
        name,
      );
    }
    if (value === null) {
      args.push(`--${name}`);
      continue;
    }
    const text = checkString(`extraArgs.${name}`, value);
    if (text.startsWith('-')) args.push(`--${name}=${text}`);
    else args.push(`--${name}`, text);
  }
  return args;
}
