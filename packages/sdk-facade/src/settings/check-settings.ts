import { HOOK_EVENTS } from '../constants.js';
import type { Settings } from './settings-types.js';

/** A problem with one field: `reject` makes the CLI skip a non-policy file; `drop` only loses the field. */
export interface FieldProblem {
  readonly field: string;
  readonly message: string;
  readonly severity: 'reject' | 'drop';
}

/** The settings after the checks, and what was wrong. */
export interface CheckedSettings {
  readonly settings: Settings;
  readonly problems: FieldProblem[];
}

const RULE_LISTS = ['allow', 'deny', 'ask'] as const;
const KNOWN_HOOK_EVENTS: ReadonlySet<string> = new Set(HOOK_EVENTS);

/**
 * Applies the field checks the CLI (2.1.332) was seen applying to a parsed settings object. It
 * covers the keys below, not the CLI's whole schema; other keys pass unchanged.
 *
 * - `model` not a string; `permissions` not an object; `permissions.allow|deny|ask` not an
 *   array; `env` not an object: `reject` (the CLI skips a user/project/local/flag file with such a
 *   field, and drops just the field from managed settings).
 * - rule entries that are not strings are removed; `env` values that are numbers, booleans or
 *   null become strings (`5` -> `"5"`); `hooks` that is not an object, and hook events the CLI
 *   does not know, are removed (`drop`).
 */
export function checkSettings(input: Record<string, unknown>): CheckedSettings {
  const settings: Record<string, unknown> = { ...input };
  const problems: FieldProblem[] = [];
  const reject = (field: string, message: string): void => {
    problems.push({ field, message, severity: 'reject' });
    delete settings[field.split('.')[0] as string];
  };
  if ('model' in settings && typeof settings['model'] !== 'string') {
    reject('model', `Expected string, but received ${kindOf(settings['model'])}`);
  }
  if ('permissions' in settings) checkPermissions(settings, reject);
  if ('env' in settings) {
    const env = settings['env'];
    if (!isPlainObject(env)) reject('env', `Expected record, but received ${kindOf(env)}`);
    else settings['env'] = coerceEnv(env);
  }
  if ('hooks' in settings) {
    const hooks = settings['hooks'];
    if (!isPlainObject(hooks)) {
      problems.push({
        field: 'hooks',
        message: `Expected object, but received ${kindOf(hooks)}`,
        severity: 'drop',
      });
      delete settings['hooks'];
    } else {
      const known = Object.entries(hooks).filter(([event]) => KNOWN_HOOK_EVENTS.has(event));
      for (const event of Object.keys(hooks).filter((e) => !KNOWN_HOOK_EVENTS.has(e))) {
        problems.push({
          field: `hooks.${event}`,
          message: `Unknown hook event "${event}" was ignored`,
          severity: 'drop',
        });
      }
      settings['hooks'] = Object.fromEntries(known);
    }
  }
  return { settings: settings as Settings, problems };
}

function checkPermissions(
  settings: Record<string, unknown>,
  reject: (field: string, message: string) => void,
): void {
  const permissions = settings['permissions'];
  if (!isPlainObject(permissions)) {
    reject('permissions', `Expected object, but received ${kindOf(permissions)}`);
    return;
  }
  const checked: Record<string, unknown> = { ...permissions };
  for (const list of RULE_LISTS) {
    if (!(list in checked)) continue;
    const rules = checked[list];
    if (!Array.isArray(rules)) {
      reject(`permissions.${list}`, `Expected array, but received ${kindOf(rules)}`);
      return;
    }
    checked[list] = rules.filter((rule) => typeof rule === 'string');
  }
  settings['permissions'] = checked;
}

function coerceEnv(env: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(env)) {
    const scalar = value === null || ['number', 'boolean'].includes(typeof value);
    out[name] = scalar ? String(value) : value;
  }
  return out;
}

/** True for a non-null object that is not an array. */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}
