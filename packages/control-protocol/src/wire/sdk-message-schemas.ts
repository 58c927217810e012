import { z } from 'zod';
import { contentBlockSchema } from './content-blocks.js';

/*
 * Zod schemas for the SDK messages the SDK acts on. Each checks the fields a consumer reads
 * (shallowly: the content of arrays and nested objects is not deep-checked) and lets every
 * other field through untouched.
 */

const usageSchema = z.looseObject({ input_tokens: z.number(), output_tokens: z.number() });

/** `system`/`init`. */
export const systemInitMessageSchema = z.looseObject({
  type: z.literal('system'),
  subtype: z.literal('init'),
  session_id: z.string(),
  model: z.string(),
  tools: z.array(z.string()),
  mcp_servers: z.array(z.looseObject({ name: z.string(), status: z.string() })),
  permissionMode: z.string(),
  cwd: z.string(),
  apiKeySource: z.string(),
  slash_commands: z.array(z.string()),
});

/** Any `system` message: a string subtype. */
export const systemMessageSchema = z.looseObject({ type: z.literal('system'), subtype: z.string() });

/** `system`/`task_started`. */
export const taskStartedMessageSchema = z.looseObject({
  type: z.literal('system'),
  subtype: z.literal('task_started'),
  session_id: z.string(),
  task_id: z.string(),
});

/** `system`/`task_notification`. */
export const taskNotificationMessageSchema = z.looseObject({
  type: z.literal('system'),
  subtype: z.literal('task_notification'),
  session_id: z.string(),
  task_id: z.string(),
  status: z.string(),
});

/** `assistant`. */
export const assistantMessageSchema = z.looseObject({
  type: z.literal('assistant'),
  message: z.looseObject({ content: z.array(contentBlockSchema) }),
  parent_tool_use_id: z.string().nullable(),
  session_id: z.string(),
});

/** `user`. */
export const userMessageSchema = z.looseObject({
  type: z.literal('user'),
  message: z.looseObject({ content: z.union([z.string(), z.array(contentBlockSchema)]) }),
  session_id: z.string(),
});

const resultBaseShape = {
  type: z.literal('result'),
  is_error: z.boolean(),
  duration_ms: z.number(),
  duration_api_ms: z.number(),
  num_turns: z.number(),
  total_cost_usd: z.number(),
  usage: usageSchema,
  session_id: z.string(),
  permission_denials: z.array(z.unknown()),
};

/** `result`/`success`. */
export const resultSuccessSchema = z.looseObject({
  ...resultBaseShape,
  subtype: z.literal('success'),
  result: z.string(),
});

/** `result` with one of the known error subtypes. */
export const resultErrorSchema = z.looseObject({
  ...resultBaseShape,
  subtype: z.enum([
    'error_max_turns',
    'error_during_execution',
    'error_max_budget_usd',
    'error_max_structured_output_retries',
  ]),
  errors: z.array(z.string()),
});

/** `stream_event`. */
export const partialAssistantMessageSchema = z.looseObject({
  type: z.literal('stream_event'),
  event: z.looseObject({ type: z.string() }),
  session_id: z.string(),
});
