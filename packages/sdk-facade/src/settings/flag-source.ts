import { resolve } from 'node:path';
import { describeValue } from '../errors/describe-value.js';
import { isPlainObject } from './check-settings.js';
import { fromParsed, type LoadedSource, unreadableError } from './file-source.js';
import { checkSettingsValue, parseSettingsText } from './parse-settings-text.js';
import { readSettingsFile } from './read-settings-file.js';
import { SettingsError } from './settings-error.js';

/**
 * The flag tier: `settings` (an object, JSON text, or a file path relative to `cwd`) with
 * `sandbox` merged in, as `query()` passes them to `--settings`.
 *
 * Text that parses as a JSON object is inline settings; any other text is a path (the CLI's rule:
 * `'{bad json'` is looked up as a file). A missing file throws `SETTINGS_FILE_NOT_FOUND` and an
 * unreadable one `SETTINGS_FILE_UNREADABLE` (the CLI refuses to start); a file that is not a JSON
 * object is skipped and reported (the CLI goes on). `sandbox` with a path throws a `TypeError`,
 * as `query()` does.
 */
export async function loadFlagSource(
  settings: unknown,
  sandbox: unknown,
  cwd: string,
): Promise<LoadedSource> {
  if (settings === undefined && sandbox === undefined) return { entry: undefined, errors: [] };
  if (sandbox !== undefined && !isPlainObject(sandbox)) {
    throw new TypeError(`options.sandbox must be an object, got ${describeValue(sandbox)}`);
  }
  if (settings !== undefined && typeof settings !== 'string' && !isPlainObject(settings)) {
    throw new TypeError(
      `options.settings must be an object, JSON text or a file path, got ${describeValue(settings)}`,
    );
  }
  if (typeof settings === 'string' && settings.trim() === '') {
    throw new TypeError(`options.settings must not be empty, got ${describeValue(settings)}`);
  }
  const inline = typeof settings === 'string' ? parseObjectText(settings) : settings;
  if (typeof settings === 'string' && inline === undefined) {
    if (sandbox !== undefined) {
      throw new TypeError(
        `options.settings must be an object or JSON text when options.sandbox is set (a file path cannot be merged), got ${describeValue(settings)}`,
      );
    }
    return loadFlagFile(resolve(cwd, settings));
  }
  // What the CLI receives is JSON text: round-trip so functions and undefined drop out the same way.
  const base = inline === undefined ? {} : (JSON.parse(JSON.stringify(inline)) as Record<string, unknown>);
  const value = sandbox === undefined ? base : withSandbox(base, sandbox as Record<string, unknown>);
  return fromParsed('flag', checkSettingsValue(value));
}

async function loadFlagFile(path: string): Promise<LoadedSource> {
  const read = await readSettingsFile(path);
  if (read.kind === 'missing') {
    throw new SettingsError({
      code: 'SETTINGS_FILE_NOT_FOUND',
      message: `Settings file not found: ${path} (from options.settings). Claude Code would not start; pass an existing file, JSON text or an object.`,
      file: path,
    });
  }
  if (read.kind === 'unreadable') throw unreadableError(path, read.error);
  if (read.kind === 'empty') return { entry: undefined, errors: [] };
  return fromParsed('flag', parseSettingsText(read.text), path);
}

function parseObjectText(text: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return isPlainObject(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

function withSandbox(
  base: Record<string, unknown>,
  sandbox: Record<string, unknown>,
): Record<string, unknown> {
  const sandboxJson = JSON.parse(JSON.stringify(sandbox)) as Record<string, unknown>;
  const existing = base['sandbox'];
  return { ...base, sandbox: isPlainObject(existing) ? overlay(existing, sandboxJson) : sandboxJson };
}

/** `query()`'s sandbox merge: nested objects merged, anything else from `sandbox` wins (arrays replace). */
function overlay(base: Record<string, unknown>, over: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(over)) {
    const current = out[key];
    out[key] = isPlainObject(current) && isPlainObject(value) ? overlay(current, value) : value;
  }
  return out;
}
