import type { BaseHookInput } from './base-hook-input.js';

/** An agent-team member went idle. */
export type TeammateIdleHookInput = BaseHookInput & {
  hook_event_name: 'TeammateIdle';
  teammate_name: string;
  team_name: string;
};

/**
 * The task that a `TaskCreated` or `TaskCompleted` hook input is about: its id, subject and
 * description, and the teammate and team it belongs to when agent teams are in use.
 */
export type TaskEventFields = {
  task_id: string;
  task_subject: string;
  task_description?: string;
  teammate_name?: string;
  team_name?: string;
};

/** A task was added to the task list. */
export type TaskCreatedHookInput = BaseHookInput & { hook_event_name: 'TaskCreated' } & TaskEventFields;

/** A task of the task list was completed. */
export type TaskCompletedHookInput = BaseHookInput & { hook_event_name: 'TaskCompleted' } & TaskEventFields;

/** An MCP server asks the user for input; a hook may answer instead. */
export type ElicitationHookInput = BaseHookInput & {
  hook_event_name: 'Elicitation';
  mcp_server_name: string;
  message: string;
  mode?: 'form' | 'url';
  url?: string;
  elicitation_id?: string;
  requested_schema?: Record<string, unknown>;
};

/** The user answered an MCP elicitation; a hook may change the answer. */
export type ElicitationResultHookInput = BaseHookInput & {
  hook_event_name: 'ElicitationResult';
  mcp_server_name: string;
  elicitation_id?: string;
  mode?: 'form' | 'url';
  action: 'accept' | 'decline' | 'cancel';
  content?: Record<string, unknown>;
};

/** A settings file (or the skills folder) changed while the session runs. */
export type ConfigChangeHookInput = BaseHookInput & {
  hook_event_name: 'ConfigChange';
  source: 'user_settings' | 'project_settings' | 'local_settings' | 'policy_settings' | 'skills';
  file_path?: string;
};

/** A git worktree is to be created; the hook answers its path. */
export type WorktreeCreateHookInput = BaseHookInput & {
  hook_event_name: 'WorktreeCreate';
  name: string;
};

/** A git worktree is to be removed. */
export type WorktreeRemoveHookInput = BaseHookInput & {
  hook_event_name: 'WorktreeRemove';
  worktree_path: string;
};

/** A CLAUDE.md (or rule) file was loaded into the context. */
export type InstructionsLoadedHookInput = BaseHookInput & {
  hook_event_name: 'InstructionsLoaded';
  file_path: string;
  memory_type: 'User' | 'Project' | 'Local' | 'Managed';
  load_reason: 'session_start' | 'nested_traversal' | 'path_glob_match' | 'include' | 'compact';
  globs?: string[];
  trigger_file_path?: string;
  parent_file_path?: string;
};

/** The session's working directory changed. */
export type CwdChangedHookInput = BaseHookInput & {
  hook_event_name: 'CwdChanged';
  old_cwd: string;
  new_cwd: string;
};

/** A watched file changed (paths are watched on a hook's `watchPaths` answer). */
export type FileChangedHookInput = BaseHookInput & {
  hook_event_name: 'FileChanged';
  file_path: string;
  event: 'change' | 'add' | 'unlink';
};

/** A directory was added to the session's workspace. */
export type DirectoryAddedHookInput = BaseHookInput & {
  hook_event_name: 'DirectoryAdded';
  directory: string;
  source: 'slash_command' | 'register_repo_root';
};
