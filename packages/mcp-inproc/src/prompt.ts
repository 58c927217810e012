import type { ShapeOutput, ZodRawShapeCompat } from '@modelcontextprotocol/sdk/server/zod-compat.js';
import type { GetPromptResult } from '@modelcontextprotocol/sdk/types.js';
import { quoteValue } from './describe-value.js';
import { isPlainObject } from './json-rpc.js';
import type { SdkMcpRequestExtra } from './resource.js';

/**
 * One prompt of an SDK MCP server. Prompt arguments arrive as strings, so `argsSchema` is a zod
 * (3.25+ or 4) raw shape of string schemas; the MCP library validates them and lists them.
 */
export interface SdkMcpPromptDefinition<Args extends ZodRawShapeCompat = ZodRawShapeCompat> {
  /** The prompt's name, unique within its server. */
  name: string;
  /** Human-readable title shown by clients. */
  title?: string;
  /** What the prompt is for. */
  description?: string;
  /** The arguments' zod shape; the handler's argument type comes from it. */
  argsSchema?: Args;
  /** Builds the prompt's messages from its validated arguments. */
  handler(args: ShapeOutput<Args>, extra: SdkMcpRequestExtra): GetPromptResult | Promise<GetPromptResult>;
}

/**
 * Defines a prompt with arguments typed from `argsSchema`.
 * Throws a `TypeError` quoting the bad value for a bad name, schema or handler.
 */
export function prompt<Args extends ZodRawShapeCompat>(
  name: string,
  description: string,
  argsSchema: Args,
  handler: (args: ShapeOutput<Args>, extra: SdkMcpRequestExtra) => GetPromptResult | Promise<GetPromptResult>,
): SdkMcpPromptDefinition<Args> {
  return validatePrompt({ name, description, argsSchema, handler }) as SdkMcpPromptDefinition<Args>;
}

/** Checks a prompt definition; throws a `TypeError` quoting the bad value. */
export function validatePrompt(definition: unknown): SdkMcpPromptDefinition {
  if (!isPlainObject(definition))
    throw new TypeError(`A prompt definition must be an object, got ${quoteValue(definition)}.`);
  const { name, argsSchema, handler } = definition;
  if (typeof name !== 'string' || name === '') {
    throw new TypeError(`A prompt name must be a non-empty string, got ${quoteValue(name)}.`);
  }
  if (typeof handler !== 'function') {
    throw new TypeError(
      `prompt ${JSON.stringify(name)}: handler must be a function, got ${quoteValue(handler)}.`,
    );
  }
  if (argsSchema !== undefined) {
    if (!isPlainObject(argsSchema)) {
      throw new TypeError(
        `prompt ${JSON.stringify(name)}: argsSchema must be a zod raw shape, got ${quoteValue(argsSchema)}.`,
      );
    }
    for (const [key, value] of Object.entries(argsSchema)) {
      const isZod = typeof value === 'object' && value !== null && ('_zod' in value || '_def' in value);
      if (!isZod) {
        throw new TypeError(
          `prompt ${JSON.stringify(name)}: argument ${JSON.stringify(key)} must be a zod schema, got ${quoteValue(value)}.`,
        );
      }
    }
  }
  return definition as unknown as SdkMcpPromptDefinition;
}
