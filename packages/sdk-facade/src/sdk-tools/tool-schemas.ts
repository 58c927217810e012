// The two unions of every built-in tool's input and output, as the official sdk-tools.d.ts names them.
import type {
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
import type { ArtifactInput, ArtifactOutput } from './artifact-tool.js';
import type {
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
import type { ClaudeDesignInput, ClaudeDesignOutput, ProjectsInput, ProjectsOutput } from './hosted-tools.js';
import type {
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
import type {
  EnterPlanModeInput,
  EnterPlanModeOutput,
  EnterWorktreeInput,
  EnterWorktreeOutput,
  ExitPlanModeInput,
  ExitPlanModeOutput,
  ExitWorktreeInput,
  ExitWorktreeOutput,
} from './mode-tools.js';
import type {
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
import type {
  BashInput,
  BashOutput,
  MonitorInput,
  MonitorOutput,
  TaskStopInput,
  TaskStopOutput,
} from './shell-tools.js';
import type {
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
import type {
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
import type { WebFetchInput, WebFetchOutput, WebSearchInput, WebSearchOutput } from './web-tools.js';

/**
 * The input of any built-in tool, as it appears in a `tool_use` block's `input` or a `canUseTool`
 * call. Narrow on the tool's name (`Bash` gives {@link BashInput}, and so on). Like the official
 * union, it also admits every output type ({@link ToolOutputSchemas}).
 */
export type ToolInputSchemas =
  | AgentInput
  | BashInput
  | ExitPlanModeInput
  | FileEditInput
  | FileReadInput
  | FileWriteInput
  | GlobInput
  | GrepInput
  | TaskStopInput
  | ListMcpResourcesInput
  | RefreshMcpToolsInput
  | McpInput
  | NotebookEditInput
  | ReadMcpResourceDirInput
  | ReadMcpResourceInput
  | ReportFindingsInput
  | TodoWriteInput
  | WebFetchInput
  | WebSearchInput
  | AskUserQuestionInput
  | SendFeedbackInput
  | ClaudeDesignInput
  | ProjectsInput
  | EnterPlanModeInput
  | TaskCreateInput
  | TaskGetInput
  | TaskUpdateInput
  | TaskListInput
  | WorkflowInput
  | CronCreateInput
  | CronDeleteInput
  | CronListInput
  | ScheduleWakeupInput
  | RemoteTriggerInput
  | ShowOnboardingRolePickerInput
  | OfferChromeSetupInput
  | ReadNotificationsInput
  | MonitorInput
  | ProposeSkillsInput
  | ProposeGoalInput
  | ArtifactInput
  | PushNotificationInput
  | EnterWorktreeInput
  | ExitWorktreeInput
  | ToolOutputSchemas;

/** The result of any built-in tool, as the CLI reports it in a user message's `tool_use_result`. */
export type ToolOutputSchemas =
  | AgentOutput
  | BashOutput
  | ExitPlanModeOutput
  | FileEditOutput
  | FileReadOutput
  | FileWriteOutput
  | GlobOutput
  | GrepOutput
  | TaskStopOutput
  | ListMcpResourcesOutput
  | RefreshMcpToolsOutput
  | McpOutput
  | NotebookEditOutput
  | ReadMcpResourceDirOutput
  | ReadMcpResourceOutput
  | ReportFindingsOutput
  | TodoWriteOutput
  | WebFetchOutput
  | WebSearchOutput
  | AskUserQuestionOutput
  | SendFeedbackOutput
  | EnterWorktreeOutput
  | ExitWorktreeOutput
  | TaskCreateOutput
  | TaskGetOutput
  | TaskUpdateOutput
  | TaskListOutput
  | ArtifactOutput
  | RemoteTriggerOutput
  | ShowOnboardingRolePickerOutput
  | OfferChromeSetupOutput
  | ReadNotificationsOutput
  | ScheduleWakeupOutput
  | MonitorOutput
  | ProposeSkillsOutput
  | ProposeGoalOutput
  | EnterPlanModeOutput
  | WorkflowOutput
  | CronCreateOutput
  | CronDeleteOutput
  | CronListOutput
  | PushNotificationOutput
  | ClaudeDesignOutput
  | ProjectsOutput;
