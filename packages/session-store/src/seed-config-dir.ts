import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { ChildConfigLocation } from './child-config-dir.js';
import { isRecord } from './is-record.js';

/** Mode of every file written into a resume's private config dir: owner read/write only. */
export const SEEDED_FILE_MODE = 0o600;

const SETTINGS_FILES = ['settings.json', 'cowork_settings.json'] as const;
const STRIPPED_SETTINGS_KEYS = ['enabledPlugins', 'extraKnownMarketplaces'] as const;

async function readOptional(path: string): Promise<string | undefined> {
  try {
    return await readFile(path, 'utf8');
  } catch {
    return undefined;
  }
}

function parseObject(text: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return isRecord(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

async function writePrivate(path: string, text: string): Promise<void> {
  await writeFile(path, text, { mode: SEEDED_FILE_MODE, flag: 'wx' });
}

/** The credentials without the OAuth refresh token, so the resumed CLI cannot consume it. */
export function redactCredentials(credentials: Record<string, unknown>): Record<string, unknown> {
  const copy = structuredClone(credentials);
  const oauth = copy['claudeAiOauth'];
  if (isRecord(oauth)) delete oauth['refreshToken'];
  return copy;
}

/** User settings minus the keys that misbehave under a redirected config dir (plugins, marketplaces, `env.CLAUDE_CONFIG_DIR`). */
export function stripSettings(settings: Record<string, unknown>): Record<string, unknown> {
  const copy = structuredClone(settings);
  for (const key of STRIPPED_SETTINGS_KEYS) delete copy[key];
  const env = copy['env'];
  if (isRecord(env)) delete env['CLAUDE_CONFIG_DIR'];
  return copy;
}

/**
 * Seeds a resume's private config dir from the user's real one, every file mode 0600, a missing
 * source skipped: `.credentials.json` without `claudeAiOauth.refreshToken`; `.claude.json`
 * (from `$CLAUDE_CONFIG_DIR/.claude.json` when set explicitly, else `~/.claude.json`);
 * `settings.json` and `cowork_settings.json` without `enabledPlugins`, `extraKnownMarketplaces`
 * and `env.CLAUDE_CONFIG_DIR`. A credentials or settings file that is not a JSON object is
 * skipped with a warning rather than copied unredacted.
 */
export async function seedConfigDir(
  target: string,
  source: ChildConfigLocation,
  warn: (message: string) => void,
): Promise<void> {
  const { configDir } = source;
  if (configDir !== undefined) {
    const credentialsPath = join(configDir, '.credentials.json');
    const credentials = await readOptional(credentialsPath);
    if (credentials !== undefined) {
      const parsed = parseObject(credentials);
      if (parsed === undefined)
        warn(`Did not copy ${credentialsPath} into the resume config dir: it is not a JSON object.`);
      else await writePrivate(join(target, '.credentials.json'), JSON.stringify(redactCredentials(parsed)));
    }
    for (const name of SETTINGS_FILES) {
      const path = join(configDir, name);
      const text = await readOptional(path);
      if (text === undefined) continue;
      const parsed = parseObject(text);
      if (parsed === undefined)
        warn(`Did not copy ${path} into the resume config dir: it is not a JSON object.`);
      else await writePrivate(join(target, name), JSON.stringify(stripSettings(parsed), null, 2));
    }
  }
  const globalConfig = source.explicit
    ? configDir === undefined
      ? undefined
      : join(configDir, '.claude.json')
    : source.home === undefined
      ? undefined
      : join(source.home, '.claude.json');
  if (globalConfig !== undefined) {
    const text = await readOptional(globalConfig);
    if (text !== undefined) await writePrivate(join(target, '.claude.json'), text);
  }
}
