/**
 * Public API of `@ccsdk/sdk/sdk-tools` (also `@ccsdk/sdk/sdk-tools.js`): the input and output type of
 * every built-in tool of Claude Code, with the names and shapes of the official `sdk-tools.d.ts`.
 * Types only: the entry has no run-time code. Everything listed here is public; nothing else is.
 */

export type {
  AgentInput,
  AgentOutput,
  ProposeGoalInput,
  ProposeGoalOutput,
  ProposeSkillsInput,
  ProposeSkillsOutput,
  ReportFindingsInput,
  ReportFindingsOutput,
  WorkflowInput,
  WorkflowOutput,
} from './agent-tools.js';
export type {
  ArtifactInput,
  ArtifactOutput,
} from './artifact-tool.js';
export type {
  FileEditInput,
  FileEditOutput,
  FileReadInput,
  FileReadOutput,
  FileWriteInput,
  FileWriteOutput,
  GlobInput,
  GlobOutput,
  GrepInput,
  GrepOutput,
  NotebookEditInput,
  NotebookEditOutput,
} from './file-tools.js';
export type {
  ClaudeDesignInput,
  ClaudeDesignOutput,
  ProjectsInput,
  ProjectsOutput,
} from './hosted-tools.js';
export type {
  ListMcpResourcesInput,
  ListMcpResourcesOutput,
  McpInput,
  McpOutput,
  ReadMcpResourceDirInput,
  ReadMcpResourceDirOutput,
  ReadMcpResourceInput,
  ReadMcpResourceOutput,
  RefreshMcpToolsInput,
  RefreshMcpToolsOutput,
} from './mcp-tools.js';
export type {
  EnterPlanModeInput,
  EnterPlanModeOutput,
  EnterWorktreeInput,
  EnterWorktreeOutput,
  ExitPlanModeInput,
  ExitPlanModeOutput,
  ExitWorktreeInput,
  ExitWorktreeOutput,
} from './mode-tools.js';
export type {
  CronCreateInput,
  CronCreateOutput,
  CronDeleteInput,
  CronDeleteOutput,
  CronListInput,
  CronListOutput,
  RemoteTriggerInput,
  RemoteTriggerOutput,
  ScheduleWakeupInput,
  ScheduleWakeupOutput,
} from './schedule-tools.js';
export type {
  BashInput,
  BashOutput,
  MonitorInput,
  MonitorOutput,
  TaskStopInput,
  TaskStopOutput,
} from './shell-tools.js';
export type {
  TaskCreateInput,
  TaskCreateOutput,
  TaskGetInput,
  TaskGetOutput,
  TaskListInput,
  TaskListOutput,
  TaskUpdateInput,
  TaskUpdateOutput,
  TodoWriteInput,
  TodoWriteOutput,
} from './task-tools.js';
export type {
  ToolInputSchemas,
  ToolOutputSchemas,
} from './tool-schemas.js';
export type {
  AskUserQuestionInput,
  AskUserQuestionOutput,
  OfferChromeSetupInput,
  OfferChromeSetupOutput,
  PushNotificationInput,
  PushNotificationOutput,
  ReadNotificationsInput,
  ReadNotificationsOutput,
  SendFeedbackInput,
  SendFeedbackOutput,
  ShowOnboardingRolePickerInput,
  ShowOnboardingRolePickerOutput,
} from './user-tools.js';
export type {
  WebFetchInput,
  WebFetchOutput,
  WebSearchInput,
  WebSearchOutput,
} from './web-tools.js';
