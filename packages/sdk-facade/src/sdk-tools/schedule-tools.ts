// The tools that run a prompt later: cron jobs, a one-off wake-up of the session, and remote
// triggers (scheduled agents in the cloud).

/** Input of the `CronCreate` tool: a cron expression and the prompt to run on it. */
export interface CronCreateInput {
  cron: string;
  prompt: string;
  /** Fire on every match (default) or once. */
  recurring?: boolean;
  /** Keep the job across sessions. */
  durable?: boolean;
}

/** Result of the `CronCreate` tool: the job and when it fires next (epoch milliseconds). */
export interface CronCreateOutput {
  id: string;
  humanSchedule: string;
  recurring: boolean;
  durable?: boolean;
  nextFireAt?: number;
  maxAgeMs?: number;
  otherOneShots?: { id: string; humanSchedule: string; prompt: string }[];
}

/** Input of the `CronDelete` tool. */
export interface CronDeleteInput {
  id: string;
}

/** Result of the `CronDelete` tool. */
export interface CronDeleteOutput {
  id: string;
  endedLoopWakeup?: true;
}

/** Input of the `CronList` tool (no fields). */
// biome-ignore lint/suspicious/noEmptyInterface: the tool takes no fields; declared as the official declares it
export interface CronListInput {}

/** Result of the `CronList` tool: every job. */
export interface CronListOutput {
  jobs: {
    id: string;
    cron: string;
    humanSchedule: string;
    prompt: string;
    recurring?: boolean;
    durable?: boolean;
    nextFireAt?: number;
  }[];
}

/** Input of the `ScheduleWakeup` tool: wake the session after a delay, or cancel (`stop`). */
export interface ScheduleWakeupInput {
  delaySeconds?: number;
  reason?: string;
  prompt?: string;
  stop?: boolean;
  noop?: boolean;
}

/** Result of the `ScheduleWakeup` tool: when the wake-up fires (epoch milliseconds). */
export interface ScheduleWakeupOutput {
  scheduledFor: number;
  /** The delay used, after clamping it to the allowed range. */
  clampedDelaySeconds: number;
  wasClamped: boolean;
  stopped?: boolean;
  cancelledWakeups?: number;
}

/** Input of the `RemoteTrigger` tool: one action on the account's remote triggers. */
export interface RemoteTriggerInput {
  action:
    | 'list'
    | 'get'
    | 'create'
    | 'update'
    | 'run'
    | 'create_webhook_trigger'
    | 'list_runs'
    | 'get_run_log';
  trigger_id?: string;
  session_id?: string;
  cursor?: string;
  body?: { [k: string]: unknown };
}

/** Result of the `RemoteTrigger` tool: the HTTP status and the response body as JSON text. */
export interface RemoteTriggerOutput {
  status: number;
  json: string;
  summary?: string;
}
