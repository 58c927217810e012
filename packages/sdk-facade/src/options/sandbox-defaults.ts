import type { ExtendedOptions } from './options.js';
import type { SandboxSettings } from './sandbox.js';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The `sandbox` block of inline `settings` (an object or JSON text); undefined for a path or none. */
function inlineSandbox(settings: ExtendedOptions['settings']): unknown {
  if (isRecord(settings)) return settings['sandbox'];
  if (typeof settings !== 'string' || !settings.trimStart().startsWith('{')) return undefined;
  try {
    const parsed: unknown = JSON.parse(settings);
    return isRecord(parsed) ? parsed['sandbox'] : undefined;
  } catch {
    return undefined;
  }
}

/**
 * `options.sandbox` as the official SDK hands it to the CLI: when it turns the sandbox on
 * (`enabled: true`) and neither it nor an inline `settings` sandbox block sets `failIfUnavailable`,
 * that defaults to `true`, so a machine that cannot sandbox (no bubblewrap, an unsupported
 * platform) ends the query with an error result instead of running commands unsandboxed. Anything
 * else is returned as given (the transport validates it).
 */
export function withSandboxDefaults(
  sandbox: SandboxSettings,
  settings: ExtendedOptions['settings'],
): SandboxSettings {
  if (!isRecord(sandbox) || sandbox.enabled !== true || sandbox.failIfUnavailable !== undefined) {
    return sandbox;
  }
  const inline = inlineSandbox(settings);
  if (isRecord(inline) && inline['failIfUnavailable'] !== undefined) return sandbox;
  return { ...sandbox, failIfUnavailable: true };
}
