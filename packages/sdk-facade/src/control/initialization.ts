import type { SDKControlInitializeResponse } from '@ccsdk/control-protocol';

export type { AccountInfo, AgentInfo, ModelInfo, SlashCommand } from '@ccsdk/control-protocol';

/**
 * ccsdk's earlier name of the CLI's `initialize` answer ({@link SDKControlInitializeResponse}),
 * kept as an alias. Fields the CLI adds later pass through untouched at run time.
 */
export type InitializationResult = SDKControlInitializeResponse;
