/** One named item of the context usage breakdown and the tokens it takes (a tool, a prompt section, ...). */
export type NamedTokens = { name: string; tokens: number };

/** What `get_context_usage` answers: how the context window is used, by category and item. */
export type SDKControlGetContextUsageResponse = {
  categories: {
    id?:
      | 'system_prompt'
      | 'system_tools'
      | 'mcp_tools'
      | 'mcp_instructions'
      | 'mcp_tools_deferred'
      | 'system_tools_deferred'
      | 'custom_agents'
      | 'memory_files'
      | 'skills'
      | 'messages'
      | 'autocompact_buffer'
      | 'compact_buffer'
      | 'free_space';
    name: string;
    tokens: number;
    color: string;
    isDeferred?: boolean;
    kind: 'used' | 'free' | 'buffer' | 'deferred';
  }[];
  totalTokens: number;
  maxTokens: number;
  rawMaxTokens: number;
  percentage: number;
  /** The grid the CLI's `/context` draws, row by row. */
  gridRows: {
    color: string;
    isFilled: boolean;
    categoryName: string;
    tokens: number;
    percentage: number;
    squareFullness: number;
  }[][];
  model: string;
  memoryFiles: { path: string; type: string; tokens: number }[];
  mcpTools: { name: string; serverName: string; tokens: number; isLoaded?: boolean }[];
  mcpInstructions?: { serverName: string; tokens: number }[];
  deferredBuiltinTools?: { name: string; tokens: number; isLoaded: boolean }[];
  systemTools?: NamedTokens[];
  systemPromptSections?: NamedTokens[];
  agents: { agentType: string; source: string; pluginId?: string; path?: string; tokens: number }[];
  slashCommands?: { totalCommands: number; includedCommands: number; tokens: number };
  skills?: {
    totalSkills: number;
    includedSkills: number;
    tokens: number;
    skillFrontmatter: {
      name: string;
      source: string;
      pluginName?: string;
      pluginId?: string;
      path?: string;
      tokens: number;
    }[];
  };
  autoCompactThreshold?: number;
  isAutoCompactEnabled: boolean;
  messageBreakdown?: {
    toolCallTokens: number;
    toolResultTokens: number;
    attachmentTokens: number;
    assistantMessageTokens: number;
    userMessageTokens: number;
    redirectedContextTokens: number;
    unattributedTokens: number;
    toolCallsByType: { name: string; callTokens: number; resultTokens: number }[];
    attachmentsByType: NamedTokens[];
  };
  apiUsage: {
    input_tokens: number;
    output_tokens: number;
    cache_creation_input_tokens: number;
    cache_read_input_tokens: number;
  } | null;
};
