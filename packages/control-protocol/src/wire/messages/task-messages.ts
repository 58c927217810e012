import type { SDKMcpResourceLink, SystemMessageFields } from './message-common.js';

/**
 * What a background task has used so far: tokens, tool calls and wall time. Sent with task
 * progress and with the task's final notification.
 */
export type TaskUsage = { total_tokens: number; tool_uses: number; duration_ms: number };

/** `system`/`task_started`: a background task (subagent, workflow, shell) started. */
export type SDKTaskStartedMessage = SystemMessageFields & {
  subtype: 'task_started';
  task_id: string;
  run_id?: string;
  tool_use_id?: string;
  description: string;
  subagent_type?: string;
  is_backgrounded?: boolean;
  spawn_depth?: number;
  parent_task_id?: string;
  /** E.g. `local_agent`, `local_workflow`, `local_bash`. */
  task_type?: string;
  workflow_name?: string;
  prompt?: string;
  skip_transcript?: boolean;
  ambient?: boolean;
};

/** `system`/`task_updated`: some fields of a task changed (`patch` holds only those). */
export type SDKTaskUpdatedMessage = SystemMessageFields & {
  subtype: 'task_updated';
  task_id: string;
  run_id?: string;
  patch: {
    status?: 'pending' | 'running' | 'completed' | 'failed' | 'killed' | 'paused';
    description?: string;
    end_time?: number;
    total_paused_ms?: number;
    error?: string;
    is_backgrounded?: boolean;
  };
};

/** `system`/`task_progress`: a running task's usage and, with `agentProgressSummaries`, a summary. */
export type SDKTaskProgressMessage = SystemMessageFields & {
  subtype: 'task_progress';
  task_id: string;
  run_id?: string;
  tool_use_id?: string;
  description: string;
  subagent_type?: string;
  usage: TaskUsage;
  last_tool_name?: string;
  summary?: string;
};

/** `system`/`task_notification`: a background task ended; its output is in `output_file`. */
export type SDKTaskNotificationMessage = SystemMessageFields & {
  subtype: 'task_notification';
  task_id: string;
  run_id?: string;
  tool_use_id?: string;
  status: 'completed' | 'failed' | 'stopped';
  reason?: 'worker_restart';
  output_file: string;
  summary: string;
  usage?: TaskUsage;
  resource_links?: SDKMcpResourceLink[];
  skip_transcript?: boolean;
  ambient?: boolean;
};

/** `system`/`background_tasks_changed`: the full list of background tasks now running. */
export type SDKBackgroundTasksChangedMessage = SystemMessageFields & {
  subtype: 'background_tasks_changed';
  tasks: {
    task_id: string;
    run_id?: string;
    task_type: string;
    subagent_type?: string;
    description: string;
    parent_task_id?: string;
    ambient?: boolean;
  }[];
};
