import type { PermissionMode } from '@ccsdk/control-protocol';
import type { SettingSource } from '@ccsdk/transport-subprocess';
import type { EffortLevel } from '../options/thinking.js';
import type { SettingsError } from './settings-error.js';

export type { SettingSource };

/** Where a setting came from: a settings file, the `settings` option (`'flag'`), or policy (`'managed'`). */
export type ResolvedSettingSource = SettingSource | 'managed' | 'flag';

/**
 * Which policy input supplied the managed tier. `resolveSettings()` reads two of them: the
 * managed settings file with its drop-ins (`'file'`) and `options.managedSettings`
 * (`'parent'`); the others name the CLI's own policy channels (helper, remote, macOS plist,
 * Windows registry).
 */
export type PolicySettingsOrigin = 'helper' | 'remote' | 'plist' | 'hklm' | 'file' | 'parent' | 'hkcu';

/**
 * A Claude Code settings object. The keys the SDK looks at are typed; every other key the CLI
 * knows (or a newer CLI adds) is kept as is.
 */
export interface Settings {
  model?: string;
  env?: Record<string, string>;
  permissions?: {
    allow?: string[];
    deny?: string[];
    ask?: string[];
    defaultMode?: PermissionMode;
    additionalDirectories?: string[];
    [key: string]: unknown;
  };
  /**
   * The effort level a settings file keeps. `'max'` is never written to a file: it is taken only
   * for one session, by `applyFlagSettings()` (see {@link FlagSettings}) or the `effort` option.
   */
  effortLevel?: Exclude<EffortLevel, 'max'>;
  /** Every other key, `hooks` included, as the CLI reads it (the CLI's schema is the reference). */
  [key: string]: unknown;
}

/** Which source supplied a top-level key of the merged settings. */
export interface ProvenanceEntry {
  source: ResolvedSettingSource;
  /** The settings file, for file-backed sources. */
  path?: string;
  /** For `source: 'managed'`: which policy input. */
  policyOrigin?: PolicySettingsOrigin;
}

/** One source's settings as read, after the CLI's per-source checks. */
export interface SettingsSourceEntry {
  source: ResolvedSettingSource;
  settings: Settings;
  path?: string;
  policyOrigin?: PolicySettingsOrigin;
}

/** What `resolveSettings` returns. */
export interface ResolvedSettings {
  /** The merged settings, every enabled source applied from lowest to highest precedence. */
  effective: Settings;
  /**
   * For each top-level key of `effective`, the highest-precedence source that set it. Objects and
   * arrays merge across sources, so lower sources may have contributed too: see `sources`.
   */
  provenance: Partial<Record<keyof Settings, ProvenanceEntry>>;
  /** The sources that were read, lowest precedence first: user, project, local, flag, managed. */
  sources: SettingsSourceEntry[];
  /** Which OS policy channels could not be read (never set by this SDK: it reads files only). */
  machinePolicy?: {
    didNotLoad: false | Array<'profile' | 'registry' | 'file'>;
    registryPolicyDifferedFromFingerprint?: true;
  };
}

/** What `resolveSettings` returns: {@link ResolvedSettings} plus a ccsdk extension, `errors`. */
export interface ExtendedResolvedSettings extends ResolvedSettings {
  /** Files skipped and fields dropped, as the CLI skips them (it goes on without them). */
  errors: SettingsError[];
}

/**
 * Settings at flag level, as `applyFlagSettings()` and a claim take them: any settings key, and
 * `null` to remove one.
 */
export type FlagSettings = {
  [K in keyof Settings]?: K extends 'effortLevel' ? EffortLevel | null : Settings[K] | null;
};
