import { join } from 'node:path';
import { describeValue } from '../errors/describe-value.js';
import { isPlainObject } from './check-settings.js';
import type { LoadedSource } from './file-source.js';
import { problemError, unreadableError } from './file-source.js';
import { mergeSettings } from './merge-settings.js';
import { checkSettingsValue, type ParsedSettings, parseSettingsText } from './parse-settings-text.js';
import { listDropInFiles, readSettingsFile } from './read-settings-file.js';
import { SettingsError } from './settings-error.js';
import type { SettingsSourceEntry } from './settings-types.js';

/** Name of the managed settings file inside the managed settings folder. */
export const MANAGED_SETTINGS_FILE = 'managed-settings.json';
/** Folder of drop-in files merged over the managed settings file, in code-point order of their names. */
export const MANAGED_SETTINGS_DROP_IN_DIR = 'managed-settings.d';

/**
 * The folder Claude Code reads policy settings from. Linux `/etc/claude-code` (checked against
 * CLI 2.1.332); macOS `/Library/Application Support/ClaudeCode` and Windows
 * `C:\Program Files\ClaudeCode` as Claude Code documents them (not checked here).
 */
export function defaultManagedSettingsDir(platform: NodeJS.Platform = process.platform): string {
  if (platform === 'darwin') return '/Library/Application Support/ClaudeCode';
  if (platform === 'win32') return 'C:\\Program Files\\ClaudeCode';
  return '/etc/claude-code';
}

/**
 * Keys of `options.managedSettings` that reach the policy tier; the CLI drops the others (observed
 * with 2.1.332: `model`, `env`, `permissions.defaultMode`, `cleanupPeriodDays`, `apiKeyHelper`,
 * `outputStyle`, ... are dropped). A nested list names the sub-keys kept.
 */
const PARENT_POLICY_KEYS: ReadonlyMap<string, readonly string[] | true> = new Map<
  string,
  readonly string[] | true
>([
  ['allowManagedHooksOnly', true],
  ['allowManagedPermissionRulesOnly', true],
  ['allowManagedMcpServersOnly', true],
  ['allowedMcpServers', true],
  ['deniedMcpServers', true],
  ['availableModels', true],
  ['strictKnownMarketplaces', true],
  ['sandbox', true],
  ['permissions', ['allow', 'deny', 'ask', 'disableBypassPermissionsMode', 'additionalDirectories']],
]);

/**
 * The managed (policy) tier, highest precedence. The first non-empty input wins, as in the CLI:
 * `serverManagedSettings` as given (`policyOrigin: 'remote'`: the server's payload has the trust of
 * the CLI's own remote-settings cache, so every key applies), else the managed settings file merged
 * with its drop-ins (`'file'`), else `options.managedSettings` restricted to the policy keys
 * (`'parent'`). Checked side by side with the official `resolveSettings()`.
 *
 * A managed file or drop-in that cannot be read or is not a JSON object throws (the CLI refuses
 * to start: `SETTINGS_FILE_UNREADABLE`, `MANAGED_SETTINGS_MALFORMED`); a field of the wrong type
 * is dropped and reported, the rest applies.
 */
export async function loadManagedSource(
  dir: string,
  managedSettings: unknown,
  serverManagedSettings?: unknown,
): Promise<LoadedSource> {
  const remote = remoteSource(serverManagedSettings);
  if (remote !== undefined) return remote;
  const errors: SettingsError[] = [];
  const basePath = join(dir, MANAGED_SETTINGS_FILE);
  const dropInDir = join(dir, MANAGED_SETTINGS_DROP_IN_DIR);
  const paths = [basePath, ...(await listDropInFiles(dropInDir)).map((name) => join(dropInDir, name))];
  let merged: Record<string, unknown> = {};
  let baseExists = false;
  for (const path of paths) {
    const read = await readSettingsFile(path);
    if (read.kind === 'missing' || read.kind === 'empty') continue;
    if (read.kind === 'unreadable') throw unreadableError(path, read.error);
    const parsed = parseSettingsText(read.text);
    if (!parsed.ok) throw managedMalformedError(path);
    errors.push(...parsed.problems.map((p) => problemError(path, p)));
    merged = mergeSettings(merged, parsed.settings);
    if (path === basePath) baseExists = true;
  }
  if (Object.keys(merged).length > 0) {
    const entry: SettingsSourceEntry = {
      source: 'managed',
      settings: merged,
      path: baseExists ? basePath : dropInDir,
      policyOrigin: 'file',
    };
    return { entry, errors };
  }
  if (managedSettings === undefined) return { entry: undefined, errors };
  if (!isPlainObject(managedSettings)) {
    throw new TypeError(`options.managedSettings must be an object, got ${describeValue(managedSettings)}`);
  }
  const parsed: ParsedSettings = checkSettingsValue(
    policyKeysOf(JSON.parse(JSON.stringify(managedSettings))),
  );
  if (!parsed.ok || Object.keys(parsed.settings).length === 0) return { entry: undefined, errors };
  errors.push(...parsed.problems.map((p) => problemError(undefined, p)));
  return { entry: { source: 'managed', settings: parsed.settings, policyOrigin: 'parent' }, errors };
}

/** `serverManagedSettings` as the policy tier, or undefined when it is absent or empty. */
function remoteSource(serverManagedSettings: unknown): LoadedSource | undefined {
  if (serverManagedSettings === undefined) return undefined;
  if (!isPlainObject(serverManagedSettings)) {
    throw new TypeError(
      `options.serverManagedSettings must be an object, got ${describeValue(serverManagedSettings)}`,
    );
  }
  const parsed = checkSettingsValue(JSON.parse(JSON.stringify(serverManagedSettings)));
  if (!parsed.ok || Object.keys(parsed.settings).length === 0) return undefined;
  return {
    entry: { source: 'managed', settings: parsed.settings, policyOrigin: 'remote' },
    errors: parsed.problems.map((p) => problemError(undefined, p)),
  };
}

function policyKeysOf(settings: Record<string, unknown>): Record<string, unknown> {
  const kept: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(settings)) {
    const rule = PARENT_POLICY_KEYS.get(key);
    if (rule === undefined) continue;
    if (rule === true || !isPlainObject(value)) kept[key] = value;
    else kept[key] = Object.fromEntries(Object.entries(value).filter(([sub]) => rule.includes(sub)));
  }
  return kept;
}

function managedMalformedError(path: string): SettingsError {
  return new SettingsError({
    code: 'MANAGED_SETTINGS_MALFORMED',
    message: `Managed settings file ${path} is not a JSON object. Claude Code refuses to start until it is fixed or removed.`,
    file: path,
  });
}
