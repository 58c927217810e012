import type { CliOptions } from '../cli-options.js';
import {
  checkBoolean,
  checkNonEmpty,
  checkOneOf,
  checkRecord,
  checkString,
  invalidOption,
  toJsonText,
} from './validate.js';

const SETTING_SOURCES = ['user', 'project', 'local'] as const;

/**
 * Flags for `settings` (with `sandbox` merged in), `settingSources`, `managedSettings`,
 * `projectConfigRoot`, `additionalDirectories`, `plugins` and `pluginDelivery`.
 *
 * - `settings` as an object is sent as JSON; a string is sent as is (a path or JSON text).
 * - `sandbox` is merged into `settings` key by key (nested objects merged, anything else from
 *   `sandbox` wins); `settings` must then be an object or JSON text, not a path.
 * - `settingSources` uses the `=` form (`--setting-sources=` for `[]`); unset gives no flag, so
 *   the CLI reads every source (with `skills` too, as the official SDK does).
 */
export function settingsArgs(options: CliOptions): string[] {
  const args: string[] = [];
  const settings = settingsValue(options.settings, options.sandbox);
  if (settings !== undefined) args.push('--settings', settings);

  const sources = options.settingSources;
  if (sources !== undefined) {
    if (!Array.isArray(sources)) throw invalidOption('settingSources', 'an array', sources);
    const checked = sources.map((source) => checkOneOf('settingSources[]', source, SETTING_SOURCES));
    args.push(`--setting-sources=${checked.join(',')}`);
  }
  if (options.managedSettings !== undefined) {
    args.push(
      '--managed-settings',
      toJsonText('managedSettings', checkRecord('managedSettings', options.managedSettings)),
    );
  }
  if (options.projectConfigRoot !== undefined) {
    args.push('--project-config-root', checkNonEmpty('projectConfigRoot', options.projectConfigRoot));
  }
  if (options.additionalDirectories !== undefined) {
    if (!Array.isArray(options.additionalDirectories)) {
      throw invalidOption('additionalDirectories', 'an array of paths', options.additionalDirectories);
    }
    for (const dir of options.additionalDirectories) {
      // An empty path is passed too, as the official SDK passes it (the CLI reads it as the cwd).
      args.push('--add-dir', checkString('additionalDirectories[]', dir));
    }
  }
  args.push(...pluginArgs(options));
  return args;
}

function pluginArgs(options: CliOptions): string[] {
  const delivery =
    options.pluginDelivery === undefined
      ? 'argv'
      : checkOneOf('pluginDelivery', options.pluginDelivery, ['argv', 'initialize']);
  if (options.plugins === undefined) return [];
  if (!Array.isArray(options.plugins)) throw invalidOption('plugins', 'an array', options.plugins);
  const args: string[] = [];
  for (const plugin of options.plugins) {
    const record = checkRecord('plugins[]', plugin);
    if (record.type !== 'local') throw invalidOption('plugins[].type', '"local"', record.type);
    const path = checkNonEmpty('plugins[].path', record.path);
    // A plugin whose MCP servers are not to be discovered has its own flag, as the official SDK sends it.
    const skipMcp =
      record.skipMcpDiscovery !== undefined &&
      checkBoolean('plugins[].skipMcpDiscovery', record.skipMcpDiscovery);
    if (delivery === 'argv') args.push(skipMcp ? '--plugin-dir-no-mcp' : '--plugin-dir', path);
  }
  return args;
}

function settingsValue(settings: unknown, sandbox: unknown): string | undefined {
  if (sandbox === undefined) {
    if (settings === undefined) return undefined;
    if (typeof settings === 'string') return checkNonEmpty('settings', settings);
    return toJsonText('settings', checkRecord('settings', settings));
  }
  const sandboxRecord = checkRecord('sandbox', sandbox);
  let base: Record<string, unknown> = {};
  if (typeof settings === 'string') {
    if (!settings.trim().startsWith('{')) {
      throw invalidOption(
        'settings',
        'an object or JSON text when sandbox is set (a file path cannot be merged)',
        settings,
      );
    }
    try {
      base = checkRecord('settings', JSON.parse(settings));
    } catch (cause) {
      if (cause instanceof TypeError) throw cause;
      throw invalidOption('settings', 'valid JSON text', settings);
    }
  } else if (settings !== undefined) {
    base = checkRecord('settings', settings);
  }
  const existing = base.sandbox;
  const merged = isPlainRecord(existing) ? mergeRecords(existing, sandboxRecord) : sandboxRecord;
  return toJsonText('settings', { ...base, sandbox: merged });
}

function mergeRecords(base: Record<string, unknown>, over: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(over)) {
    const current = out[key];
    out[key] = isPlainRecord(current) && isPlainRecord(value) ? mergeRecords(current, value) : value;
  }
  return out;
}

function isPlainRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
