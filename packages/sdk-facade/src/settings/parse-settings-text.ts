import { checkSettings, type FieldProblem, isPlainObject } from './check-settings.js';
import type { Settings } from './settings-types.js';

/** The outcome of parsing one source: its settings, or why the whole document is unusable. */
export type ParsedSettings =
  | { readonly ok: true; readonly settings: Settings; readonly problems: FieldProblem[] }
  | { readonly ok: false; readonly message: string };

/**
 * Parses settings JSON text and applies {@link checkSettings}. Not JSON, or JSON that is not an
 * object, gives `ok: false` with the CLI's wording.
 */
export function parseSettingsText(text: string): ParsedSettings {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, message: 'Invalid or malformed JSON' };
  }
  return checkSettingsValue(value);
}

/** {@link parseSettingsText} for a value already parsed (the `settings` option as an object). */
export function checkSettingsValue(value: unknown): ParsedSettings {
  if (!isPlainObject(value)) {
    const kind = value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value;
    return { ok: false, message: `Expected object, but received ${kind}` };
  }
  const { settings, problems } = checkSettings(value);
  return { ok: true, settings, problems };
}
