import type { RequestHandlerExtra } from '@modelcontextprotocol/sdk/shared/protocol.js';
import type {
  CallToolResult,
  ServerNotification,
  ServerRequest,
  ToolAnnotations,
} from '@modelcontextprotocol/sdk/types.js';
import { quoteValue } from './describe-value.js';
import { isPlainObject } from './json-rpc.js';
import { type CompiledObjectSchema, compileObjectSchema } from './object-schema.js';
import { officialToolDefinition } from './official-tool-form.js';
import type { InferToolInput, ToolInputSchema } from './schema-types.js';
import { validateTimeoutMs } from './timeout.js';
import { UnconvertibleSchemaError } from './unconvertible-schema-error.js';

/**
 * Tool and server names the model API takes as they are. Any other string is a name too, as with
 * the official SDK: the CLI rewrites what the model API refuses (`get.weather` is offered as
 * `mcp__<key>__get_weather`), and the MCP library warns (`console.warn`) of names outside the MCP
 * naming standard. A test against names, not a rule this package enforces.
 */
export const TOOL_NAME_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * What a tool handler receives besides its arguments: the MCP request context. `signal` aborts when
 * the CLI cancels the call, when the tool's timeout passes (reason: a `TimeoutError`), or when the
 * router closes.
 */
export type SdkMcpToolExtra = RequestHandlerExtra<ServerRequest, ServerNotification>;

/** A tool handler: validated, typed arguments in; an MCP `CallToolResult` out. A throw becomes `isError`. */
export type SdkMcpToolHandler<Schema extends ToolInputSchema> = (
  args: InferToolInput<Schema>,
  extra: SdkMcpToolExtra,
) => CallToolResult | Promise<CallToolResult>;

/** Optional settings of one tool (the fifth argument of {@link tool}). */
export interface SdkMcpToolExtras {
  /** Human-readable title shown by clients. */
  title?: string;
  /** MCP hints: `readOnlyHint`, `destructiveHint`, `idempotentHint`, `openWorldHint`, `title`. */
  annotations?: ToolAnnotations;
  /** Schema of `structuredContent`; a successful result that does not match becomes `isError`. */
  outputSchema?: ToolInputSchema;
  /** Wall-clock limit of one call in ms; overrides the router's `toolTimeoutMs`. `Infinity` disables it. */
  timeoutMs?: number;
  /**
   * Words tool search matches this tool by, when the CLI defers it behind tool search
   * (`_meta['anthropic/searchHint']`).
   */
  searchHint?: string;
  /** Always list this tool to the model, never defer it behind tool search (`_meta['anthropic/alwaysLoad']`). */
  alwaysLoad?: boolean;
  /** Largest result the CLI keeps before truncating, in characters (`_meta['anthropic/maxResultSizeChars']`). */
  maxResultSizeChars?: number;
  /** Extra `_meta` published with the tool in `tools/list`. */
  _meta?: Record<string, unknown>;
}

/**
 * One in-process tool, as `createSdkMcpServer({ tools })` takes it. A plain object; it holds a
 * function, so it is not serializable. The official type's keys exactly; {@link tool} returns an
 * {@link ExtendedSdkMcpToolDefinition}, which may also carry a title, an output schema and a timeout.
 */
export interface SdkMcpToolDefinition<Schema extends ToolInputSchema = ToolInputSchema> {
  /** The tool's name within its server (any string; see `TOOL_NAME_PATTERN`). */
  name: string;
  /** What the tool does, as the model reads it. */
  description: string;
  /** The schema of the arguments; the handler's argument type comes from it. */
  inputSchema: Schema;
  /** MCP hints such as `readOnlyHint` and `destructiveHint`. */
  annotations?: ToolAnnotations;
  /** `_meta` published with the tool in `tools/list` (also carries `alwaysLoad` and `maxResultSizeChars`). */
  _meta?: Record<string, unknown>;
  /** Runs the tool. Declared as a method so a typed definition fits `SdkMcpToolDefinition[]`. */
  handler(args: InferToolInput<Schema>, extra: SdkMcpToolExtra): CallToolResult | Promise<CallToolResult>;
}

/**
 * A {@link SdkMcpToolDefinition} with the ccsdk extensions {@link tool} sets from its extras (and a
 * definition made by hand may set): a title, an output schema, a per-call timeout.
 */
export interface ExtendedSdkMcpToolDefinition<Schema extends ToolInputSchema = ToolInputSchema>
  extends SdkMcpToolDefinition<Schema> {
  /** Human-readable title shown by clients. */
  title?: string;
  /** Schema of `structuredContent`; a successful result that does not match becomes `isError`. */
  outputSchema?: ToolInputSchema;
  /** Wall-clock limit of one call in ms; overrides the router's `toolTimeoutMs`. */
  timeoutMs?: number;
}

/** A tool definition checked and made ready: its schemas compiled, its listing entry built. */
export interface UsableTool {
  readonly kind: 'usable';
  readonly definition: ExtendedSdkMcpToolDefinition;
  readonly input: CompiledObjectSchema;
  readonly output: CompiledObjectSchema | undefined;
  /** The entry of `tools/list`. */
  readonly listing: Record<string, unknown>;
}

/**
 * A tool whose input schema its library cannot describe as JSON Schema (a zod 4 `z.date()` in it,
 * say). As with the official SDK, it is not an error: the server registers it disabled, so it is
 * left out of `tools/list` and a call to it is refused, and the server warns once (see
 * `UNLISTABLE_TOOL_WARNING_CODE`). Its other tools work.
 */
export interface UnlistableTool {
  readonly kind: 'unlistable';
  readonly definition: ExtendedSdkMcpToolDefinition;
  /** The library's reason (e.g. "Date cannot be represented in JSON Schema"). */
  readonly reason: string;
  /** The entry's fields besides the input schema (`_meta` for `alwaysLoad`). */
  readonly listing: Record<string, unknown>;
}

/** A compiled tool: usable, or registered disabled because its input schema has no JSON form. */
export type CompiledTool = UsableTool | UnlistableTool;

/**
 * Defines an in-process MCP tool. The handler's arguments are typed from `inputSchema` and
 * validated against it before the handler runs; input that fails becomes an `isError` result naming
 * the field, so the model can retry.
 *
 * Throws a `TypeError` at once (quoting the bad value) for a name that is not a string (any string
 * will do, as with the official SDK: see `TOOL_NAME_PATTERN`), a missing handler, or a value
 * in the shape that is not a schema. An input schema its library cannot describe as JSON Schema (a
 * zod 4 `z.date()`) is no error here: as with the official SDK, the server leaves that tool out of
 * its list, refuses calls to it and warns (`UNLISTABLE_TOOL_WARNING_CODE`).
 *
 * @example
 * tool('add', 'Add two numbers', { a: z.number(), b: z.number() }, async ({ a, b }) => ({
 *   content: [{ type: 'text', text: String(a + b) }],
 * }));
 */
export function tool<Schema extends ToolInputSchema>(
  name: string,
  description: string,
  inputSchema: Schema,
  handler: SdkMcpToolHandler<Schema>,
  extras: SdkMcpToolExtras = {},
): ExtendedSdkMcpToolDefinition<Schema> {
  if (!isPlainObject(extras as unknown))
    throw new TypeError(`tool(${quoteValue(name)}): extras must be an object, got ${quoteValue(extras)}.`);
  if (extras._meta !== undefined && !isPlainObject(extras._meta as unknown)) {
    throw new TypeError(
      `tool(${quoteValue(name)}): _meta must be an object, got ${quoteValue(extras._meta)}.`,
    );
  }
  if (extras.searchHint !== undefined && typeof extras.searchHint !== 'string') {
    throw new TypeError(
      `tool(${quoteValue(name)}): searchHint must be a string, got ${quoteValue(extras.searchHint)}.`,
    );
  }
  const definition = officialToolDefinition<ExtendedSdkMcpToolDefinition<Schema>>(
    name,
    description,
    inputSchema,
    handler,
    extras,
  );
  compileTool(definition as unknown as ExtendedSdkMcpToolDefinition);
  return definition;
}

const compiledTools = new WeakMap<object, CompiledTool>();

/**
 * Checks a tool definition (made by {@link tool} or by hand) and compiles its schemas; cached per
 * definition object. Throws a `TypeError` naming the tool and quoting the bad value; an input schema
 * with no JSON Schema form gives an {@link UnlistableTool}.
 */
export function compileTool(definition: ExtendedSdkMcpToolDefinition): CompiledTool {
  if (!isPlainObject(definition as unknown))
    throw new TypeError(`A tool definition must be an object, got ${quoteValue(definition)}.`);
  const cached = compiledTools.get(definition);
  if (cached !== undefined) return cached;
  const { name, description, handler } = definition;
  if (typeof name !== 'string') throw new TypeError(`A tool name must be a string, got ${quoteValue(name)}.`);
  const label = `tool ${JSON.stringify(name)}`;
  if (typeof description !== 'string')
    throw new TypeError(`${label}: description must be a string, got ${quoteValue(description)}.`);
  if (typeof handler !== 'function')
    throw new TypeError(`${label}: handler must be a function, got ${quoteValue(handler)}.`);
  if (definition.annotations !== undefined && !isPlainObject(definition.annotations as unknown)) {
    throw new TypeError(
      `${label}: annotations must be an object, got ${quoteValue(definition.annotations)}.`,
    );
  }
  if (definition._meta !== undefined && !isPlainObject(definition._meta as unknown)) {
    throw new TypeError(`${label}: _meta must be an object, got ${quoteValue(definition._meta)}.`);
  }
  const maxChars = definition._meta?.['anthropic/maxResultSizeChars'];
  if (maxChars !== undefined && !(Number.isSafeInteger(maxChars) && (maxChars as number) > 0)) {
    throw new TypeError(
      `${label}: maxResultSizeChars must be a positive integer, got ${quoteValue(maxChars)}.`,
    );
  }
  if (definition.timeoutMs !== undefined) validateTimeoutMs(definition.timeoutMs, `${label}: timeoutMs`);
  let input: CompiledObjectSchema;
  try {
    input = compileObjectSchema(definition.inputSchema, 'input', `${label}: inputSchema`);
  } catch (error) {
    if (!(error instanceof UnconvertibleSchemaError)) throw error;
    const unlistable: UnlistableTool = {
      kind: 'unlistable',
      definition,
      reason: error.reason,
      listing: { name, description, ...(definition._meta === undefined ? {} : { _meta: definition._meta }) },
    };
    compiledTools.set(definition, unlistable);
    return unlistable;
  }
  const output =
    definition.outputSchema === undefined
      ? undefined
      : compileObjectSchema(definition.outputSchema, 'output', `${label}: outputSchema`);
  const listing: Record<string, unknown> = { name, description, inputSchema: input.jsonSchema };
  if (definition.title !== undefined) listing['title'] = definition.title;
  if (output !== undefined) listing['outputSchema'] = output.jsonSchema;
  if (definition.annotations !== undefined) listing['annotations'] = definition.annotations;
  if (definition._meta !== undefined) listing['_meta'] = definition._meta;
  const compiled: UsableTool = { kind: 'usable', definition, input, output, listing };
  compiledTools.set(definition, compiled);
  return compiled;
}
