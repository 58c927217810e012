import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { resolveConfigDir } from '@ccsdk/session-jsonl';
import { describeValue } from '../errors/describe-value.js';
import type { ExtendedOptions } from '../options/options.js';
import { isPlainObject } from './check-settings.js';
import { type LoadedSource, loadFileSource } from './file-source.js';
import { loadFlagSource } from './flag-source.js';
import { defaultManagedSettingsDir, loadManagedSource } from './managed-source.js';
import { mergeSettings } from './merge-settings.js';
import type { SettingsError } from './settings-error.js';
import type {
  ExtendedResolvedSettings,
  ProvenanceEntry,
  SettingSource,
  Settings,
  SettingsSourceEntry,
} from './settings-types.js';

const ALL_SOURCES: readonly SettingSource[] = ['user', 'project', 'local'];

/** Options of {@link resolveSettings}: the official type exactly (see {@link ExtendedResolveSettingsOptions}). */
export interface ResolveSettingsOptions
  extends Pick<ExtendedOptions, 'cwd' | 'settingSources' | 'managedSettings'> {
  /**
   * A server-managed settings payload (what the host fetched from Claude Code's settings
   * endpoint), fresher than the CLI's cached copy: when it has any key it is the policy tier, every
   * key applying, ahead of the managed file and of `managedSettings`. Not an object: `TypeError`.
   */
  serverManagedSettings?: Settings;
  /**
   * Taken as the official SDK takes it, and not called: there it only tells when the Windows
   * registry policy must be read again (the function supplies no policy), and this SDK reads no
   * registry.
   */
  registryPolicyFingerprint?: () => { hklm: string | null; hkcu: string | null } | undefined;
}

/**
 * {@link ResolveSettingsOptions} plus the ccsdk extensions: the other `query()` options that decide
 * settings (`env`, `settings`, `sandbox`; any `ExtendedOptions` object fits), where
 * warnings go (`onWarning`), and `managedSettingsDir`.
 */
export interface ExtendedResolveSettingsOptions
  extends ResolveSettingsOptions,
    Pick<ExtendedOptions, 'env' | 'settings' | 'sandbox' | 'onWarning'> {
  /** Folder of the policy files; default {@link defaultManagedSettingsDir} for this platform. */
  managedSettingsDir?: string;
}

/**
 * The settings a `query()` with these options would run under, merged as the CLI merges them,
 * without starting the CLI.
 *
 * Sources, lowest precedence first: user (`<CLAUDE_CONFIG_DIR or ~/.claude>/settings.json`, read
 * from `options.env` when given, else `process.env`), project (`<cwd>/.claude/settings.json`), local
 * (`<cwd>/.claude/settings.local.json`), flag (`options.settings` plus `options.sandbox`), managed
 * (the policy file and drop-ins, else `options.managedSettings`). `options.settingSources` picks
 * the file sources (default all three, as for `query()`, `skills` or not); flag
 * and managed always apply. Objects merge deeply, arrays concatenate without repeated values,
 * anything else is replaced (see `mergeSettings`).
 *
 * Like the CLI's own `get_settings` answer this is the raw cascade: project permission rules
 * that the CLI ignores in a folder not yet trusted are still listed, and `options.model` (a flag,
 * not a setting) is not applied. A file the CLI would skip is skipped and listed in `errors` (and
 * passed to `options.onWarning`); a case where the CLI would refuse to start throws a
 * `SettingsError` (see its codes). Invalid options throw a `TypeError` quoting the value.
 */
export async function resolveSettings(
  options: ExtendedResolveSettingsOptions = {},
): Promise<ExtendedResolvedSettings> {
  if (typeof options !== 'object' || options === null || Array.isArray(options))
    throw new TypeError(`resolveSettings() expects an options object, got ${describeValue(options)}`);
  const cwd = resolve(checkCwd(options.cwd));
  const enabled = new Set(sourcesOf(options));
  const loads: Array<Promise<LoadedSource>> = [];
  if (enabled.has('user'))
    loads.push(loadFileSource('user', join(userConfigDir(options.env), 'settings.json')));
  if (enabled.has('project')) loads.push(loadFileSource('project', join(cwd, '.claude', 'settings.json')));
  if (enabled.has('local')) loads.push(loadFileSource('local', join(cwd, '.claude', 'settings.local.json')));
  loads.push(loadFlagSource(options.settings, options.sandbox, cwd));
  loads.push(
    loadManagedSource(
      checkDir(options.managedSettingsDir),
      options.managedSettings,
      options.serverManagedSettings,
    ),
  );
  const loaded = await Promise.all(loads);

  const sources: SettingsSourceEntry[] = [];
  const errors: SettingsError[] = [];
  let effective: Record<string, unknown> = {};
  const provenance: Record<string, ProvenanceEntry> = {};
  for (const { entry, errors: found } of loaded) {
    errors.push(...found);
    if (entry === undefined) continue;
    sources.push(entry);
    effective = mergeSettings(effective, entry.settings);
    for (const key of Object.keys(entry.settings)) provenance[key] = provenanceOf(entry);
  }
  for (const error of errors) options.onWarning?.(error);
  return { effective: effective as Settings, provenance, sources, errors };
}

function provenanceOf(entry: SettingsSourceEntry): ProvenanceEntry {
  const out: ProvenanceEntry = { source: entry.source };
  if (entry.path !== undefined) out.path = entry.path;
  if (entry.policyOrigin !== undefined) out.policyOrigin = entry.policyOrigin;
  return out;
}

function sourcesOf(options: ResolveSettingsOptions): readonly SettingSource[] {
  const sources = options.settingSources ?? ALL_SOURCES;
  if (!Array.isArray(sources)) {
    throw new TypeError(
      `options.settingSources must be an array of 'user' | 'project' | 'local', got ${describeValue(sources)}`,
    );
  }
  for (const source of sources as unknown[]) {
    if (!ALL_SOURCES.includes(source as SettingSource)) {
      throw new TypeError(
        `options.settingSources has ${describeValue(source)}; expected 'user', 'project' or 'local'`,
      );
    }
  }
  return sources;
}

/** The user config dir the CLI would get: from `options.env` when given (it replaces the inherited environment), else `process.env`. */
function userConfigDir(env: ExtendedOptions['env']): string {
  if (env !== undefined && !isPlainObject(env))
    throw new TypeError(`options.env must be an object, got ${describeValue(env)}`);
  return resolveConfigDir({ env: env ?? process.env, passwdHome: homedir });
}

function checkCwd(cwd: unknown): string {
  if (cwd === undefined) return process.cwd();
  if (typeof cwd !== 'string' || cwd === '')
    throw new TypeError(`options.cwd must be a non-empty path, got ${describeValue(cwd)}`);
  return cwd;
}

function checkDir(dir: unknown): string {
  if (dir === undefined) return defaultManagedSettingsDir();
  if (typeof dir !== 'string' || dir === '') {
    throw new TypeError(`options.managedSettingsDir must be a non-empty path, got ${describeValue(dir)}`);
  }
  return dir;
}
