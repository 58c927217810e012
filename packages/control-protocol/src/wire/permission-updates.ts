import type { PermissionMode } from './messages/message-common.js';

/** What a permission rule does to matching tool uses. */
export type PermissionBehavior = 'allow' | 'deny' | 'ask';

/** Where a permission update is saved: a settings file, the session only, or the CLI's arguments. */
export type PermissionUpdateDestination =
  | 'userSettings'
  | 'projectSettings'
  | 'localSettings'
  | 'session'
  | 'cliArg';

/** One permission rule: a tool name and, optionally, its content pattern (e.g. `Bash` + `npm test`). */
export type PermissionRuleValue = {
  toolName: string;
  ruleContent?: string;
};

/**
 * A permission update of kind `T` that adds, replaces or removes rules: the rules, what they do to
 * matching tool uses, and where the change is saved.
 */
export type RulesUpdate<T extends string> = {
  type: T;
  rules: PermissionRuleValue[];
  behavior: PermissionBehavior;
  destination: PermissionUpdateDestination;
};

/**
 * A permission update of kind `T` that adds or removes working directories the session may use,
 * and where the change is saved.
 */
export type DirectoriesUpdate<T extends string> = {
  type: T;
  directories: string[];
  destination: PermissionUpdateDestination;
};

/**
 * A change to the permission state, suggested by the CLI with a permission question and sent
 * back by a `canUseTool` answer (`updatedPermissions`) to apply it. Narrow on `type`.
 */
export type PermissionUpdate =
  | RulesUpdate<'addRules'>
  | RulesUpdate<'replaceRules'>
  | RulesUpdate<'removeRules'>
  | { type: 'setMode'; mode: PermissionMode; destination: PermissionUpdateDestination }
  | DirectoriesUpdate<'addDirectories'>
  | DirectoriesUpdate<'removeDirectories'>;
