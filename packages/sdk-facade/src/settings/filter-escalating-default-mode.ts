import type { ResolvedSettings, Settings } from './settings-types.js';

/**
 * Modes a settings file in the repository may not switch on by itself, by source: a checked-in
 * `project` file may not set `bypassPermissions`, `auto` or `acceptEdits`; the developer's own
 * but repo-local `local` file may not set `bypassPermissions` or `auto`. (Table derived by
 * running the official SDK 0.3.332 side by side; see tooling/bench's comparison test.)
 */
export const ESCALATING_DEFAULT_MODES_BY_SOURCE: Readonly<Record<string, readonly string[]>> = {
  project: ['bypassPermissions', 'auto', 'acceptEdits'],
  local: ['bypassPermissions', 'auto'],
};

/**
 * The merged settings without a `permissions.defaultMode` that only a repository tier set to an
 * escalating mode: the trust filter the CLI applies before honouring a mode from settings.
 *
 * The source that decides is the highest-precedence one in `resolved.sources` that sets
 * `permissions.defaultMode`. When it is `project` or `local` and the effective mode is one that
 * tier may not set (see `ESCALATING_DEFAULT_MODES_BY_SOURCE`), the result is a copy of
 * `effective` with that key removed (its other `permissions` keys kept); otherwise it is
 * `resolved.effective` itself. The input is never changed.
 */
export function filterEscalatingDefaultMode(resolved: ResolvedSettings): Settings {
  const effective = resolved.effective;
  const permissions = effective['permissions'];
  if (!isRecord(permissions) || !('defaultMode' in permissions)) return effective;
  const decider = lastSourceSettingMode(resolved.sources);
  if (decider === undefined) return effective;
  const refused = ESCALATING_DEFAULT_MODES_BY_SOURCE[decider];
  if (refused === undefined || !refused.includes(permissions['defaultMode'] as string)) return effective;
  const { defaultMode: _dropped, ...rest } = permissions;
  return { ...effective, permissions: rest };
}

function lastSourceSettingMode(sources: ResolvedSettings['sources'] | undefined): string | undefined {
  if (!Array.isArray(sources)) return undefined;
  for (let i = sources.length - 1; i >= 0; i -= 1) {
    const entry = sources[i];
    const permissions = (entry?.settings as Record<string, unknown> | undefined)?.['permissions'];
    if (isRecord(permissions) && permissions['defaultMode'] !== undefined) return entry?.source;
  }
  return undefined;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
