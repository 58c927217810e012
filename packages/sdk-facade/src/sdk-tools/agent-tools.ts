// The tools that hand work to other agents or report on it: Agent (a subagent), Workflow (a
// scripted run of agents), ReportFindings (a review's verified findings), ProposeSkills and
// ProposeGoal.

/** The effort levels an agent or a review runs at. */
type AgentEffortLevel = 'low' | 'medium' | 'high' | 'xhigh' | 'max';

/** Input of the `Agent` tool: a task for a subagent. */
export interface AgentInput {
  /** A short (3 to 5 word) description of the task. */
  description: string;
  prompt: string;
  /** The kind of agent (an agent definition's name, or `fork`). */
  subagent_type?: string;
  /** Overrides the agent definition's model; ignored for `fork`. */
  model?: 'sonnet' | 'opus' | 'haiku' | 'fable';
  effort?: AgentEffortLevel;
  /** Run in the background (the default) or wait for the result. */
  run_in_background?: boolean;
  /** Name to address the running agent by (`SendMessage({ to: name })`). */
  name?: string;
  /** Deprecated and ignored. */
  team_name?: string;
  /** Deprecated and ignored: subagents inherit the session's permission mode. */
  mode?: 'acceptEdits' | 'auto' | 'bypassPermissions' | 'default' | 'dontAsk' | 'plan';
  /** `worktree`: a temporary git worktree; `remote`: a cloud environment (always backgrounded). */
  isolation?: 'worktree' | 'remote';
}

/**
 * Result of the `Agent` tool, by `status`: `completed` (the agent's final content and its usage),
 * `async_launched` (running in the background, writing to `outputFile`) or `remote_launched`.
 */
export type AgentOutput =
  | {
      agentId: string;
      agentType?: string;
      content: { type: 'text'; text: string; citations?: unknown[] | null }[];
      resolvedModel?: string;
      modelsUsed?: string[];
      totalToolUseCount: number;
      totalDurationMs: number;
      totalTokens: number;
      /** The Messages API usage of the agent's run, summed. */
      usage: {
        input_tokens: number;
        output_tokens: number;
        cache_creation_input_tokens: number | null;
        cache_read_input_tokens: number | null;
        server_tool_use: { web_search_requests: number; web_fetch_requests: number } | null;
        service_tier: string | null;
        cache_creation: { ephemeral_1h_input_tokens: number; ephemeral_5m_input_tokens: number } | null;
        inference_geo?: string | null;
        speed?: string | null;
        iterations?: unknown;
        output_tokens_details?: { thinking_tokens?: number | null } | null;
        fallback_credit?: unknown;
      };
      toolsUsed?: string[];
      toolStats?: {
        readCount: number;
        searchCount: number;
        bashCount: number;
        editFileCount: number;
        linesAdded: number;
        linesRemoved: number;
        otherToolCount: number;
        frameCount?: number;
      };
      status: 'completed';
      prompt: string;
      worktreePath?: string;
      worktreeBranch?: string;
    }
  | {
      status: 'async_launched';
      isAsync?: true;
      agentId: string;
      description: string;
      resolvedModel?: string;
      modelsUsed?: string[];
      prompt: string;
      /** The file the agent's progress is written to. */
      outputFile: string;
      /** Whether the calling agent has the tools to read `outputFile`. */
      canReadOutputFile?: boolean;
    }
  | {
      status: 'remote_launched';
      taskId: string;
      sessionUrl: string;
      description: string;
      prompt: string;
      outputFile: string;
    };

/** Input of the `Workflow` tool: a workflow script (inline, by name or by path) and its arguments. */
export interface WorkflowInput {
  script?: string;
  name?: string;
  description?: string;
  title?: string;
  args?: { [k: string]: unknown };
  scriptPath?: string;
  /** A previous run to resume. */
  resumeFromRunId?: string;
}

/** Result of the `Workflow` tool: the launched run. */
export interface WorkflowOutput {
  status: 'async_launched' | 'remote_launched';
  taskId: string;
  taskType?: 'local_workflow' | 'remote_agent';
  workflowName?: string;
  runId?: string;
  summary?: string;
  transcriptDir?: string;
  scriptPath?: string;
  sessionUrl?: string;
  warning?: string;
  error?: string;
}

/** One finding of a code review. */
type ReviewFinding = {
  /** Path of the file, relative to the repository. */
  file: string;
  /** 1-based line the finding points at. */
  line?: number;
  summary: string;
  /** The claim alone, at most 60 characters, for a compact view. */
  short_summary?: string;
  /** The inputs or state that lead to the wrong result. */
  failure_scenario: string;
  /** A kebab-case kind, such as `correctness` or `test-coverage`. */
  category?: string;
  severity?: 'important' | 'pre_existing' | 'nit';
  verdict?: 'CONFIRMED' | 'PLAUSIBLE';
  /** When reporting again after fixes: what became of the finding. */
  outcome?: 'fixed' | 'skipped' | 'no_change_needed';
};

/** Input of the `ReportFindings` tool: a review's verified findings, most severe first (at most 32). */
export interface ReportFindingsInput {
  level?: AgentEffortLevel;
  findings: ReviewFinding[];
}

/** Result of the `ReportFindings` tool. */
export interface ReportFindingsOutput {
  count: number;
  level?: AgentEffortLevel;
  findings: ReviewFinding[];
}

/** One replacement in a proposed skill improvement. */
type SkillEdit = { old_string: string; new_string: string };

/** One proposed skill: a new one, or an improvement of `target`. */
type SkillProposal = {
  name: string;
  kind: 'new' | 'improvement';
  target?: string;
  description: string;
  evidence?: string[];
  /** At least one edit when present. */
  edits?: [SkillEdit, ...SkillEdit[]];
  skillMd?: string;
};

/** Input of the `propose_skills` tool: one to three skill proposals. */
export interface ProposeSkillsInput {
  proposals: [SkillProposal] | [SkillProposal, SkillProposal] | [SkillProposal, SkillProposal, SkillProposal];
}

/** Result of the `propose_skills` tool. */
export interface ProposeSkillsOutput {
  proposalCount: number;
}

/** Input of the tool that proposes a goal: the condition that ends it. */
export interface ProposeGoalInput {
  condition: string;
  ask_user?: boolean;
}

/** Result of the goal proposal. */
export interface ProposeGoalOutput {
  condition: string;
  askUser: boolean;
}
