import { isPlainObject } from './check-settings.js';

/**
 * Lays `over` on `base` the way the CLI merges settings sources (observed with 2.1.332):
 * objects merge key by key at every depth; when both sides hold an array the result is both
 * concatenated with repeated primitive values removed (`["A","A"]` + `["B","A"]` -> `["A","B"]`;
 * objects are never equal, so they all stay); anything else from `over` replaces. Neither input
 * is changed; an `undefined` in `over` is ignored.
 */
export function mergeSettings(
  base: Readonly<Record<string, unknown>>,
  over: Readonly<Record<string, unknown>>,
): Record<string, unknown> {
  const out: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(over)) {
    if (value === undefined) continue;
    const current = out[key];
    if (isPlainObject(current) && isPlainObject(value)) out[key] = mergeSettings(current, value);
    else if (Array.isArray(current) && Array.isArray(value)) out[key] = [...new Set([...current, ...value])];
    else out[key] = value;
  }
  return out;
}
