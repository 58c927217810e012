/**
 * Keys the official SDK skips when their value is falsy (`''`, `0`, `null`, `false`): no flag, no
 * setting, as if unset. Seen by running the official SDK 0.3.332 with each one.
 */
const SKIPPED_WHEN_FALSY = [
  'model',
  'fallbackModel',
  'resume',
  'agent',
  'permissionPromptToolName',
  'settings',
  'cwd',
  'pathToClaudeCodeExecutable',
  'executable',
  'maxTurns',
] as const;

/** On/off flags the official SDK sends for any truthy value (`1`, `'true'`, ...). */
const TRUTHY_SWITCHES = [
  'includePartialMessages',
  'includeHookEvents',
  'forwardSubagentText',
  'strictMcpConfig',
  'bare',
  'continue',
  'forkSession',
  'sessionMirror',
  'allowDangerouslySkipPermissions',
  'enableFileCheckpointing',
] as const;

/**
 * `options` read as the official SDK reads them, so a program that relies on its leniency runs
 * the same here: a falsy value of a {@link SKIPPED_WHEN_FALSY} key is dropped, a switch is on for
 * any truthy value, and `persistSession` turns persistence off only for `false`. Returns
 * `options` itself when nothing needs changing; never changes it.
 */
export function readAsOfficial<T extends object>(options: T): T {
  if (typeof options !== 'object' || options === null) return options;
  const record = options as Record<string, unknown>;
  const changes: Record<string, unknown> = {};
  const dropped: string[] = [];
  for (const key of SKIPPED_WHEN_FALSY) {
    if (key in record && record[key] !== undefined && !record[key]) dropped.push(key);
  }
  for (const key of TRUTHY_SWITCHES) {
    const value = record[key];
    if (value !== undefined && typeof value !== 'boolean') changes[key] = Boolean(value);
  }
  if (record['persistSession'] !== undefined && record['persistSession'] !== false) {
    dropped.push('persistSession');
  }
  if (dropped.length === 0 && Object.keys(changes).length === 0) return options;
  const read: Record<string, unknown> = { ...record, ...changes };
  for (const key of dropped) delete read[key];
  return read as T;
}
