import type {
  ExtendedSdkMcpToolDefinition,
  SdkMcpToolExtras,
  SdkMcpToolHandler,
  ToolInputSchema,
} from '@ccsdk/mcp-inproc';
import { type JsonSchemaObject, jsonSchemaOf, jsonSchemaOfShape } from './zod-json-schema.js';

/**
 * Characters a tool or server name may use: `^[A-Za-z0-9_-]{1,64}$`, the same as the root entry's
 * `TOOL_NAME_PATTERN` (the model API accepts only these in tool names).
 */
export const PAGE_TOOL_NAME_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

/** The outcome of checking a call's arguments with the user's schemas. */
export type PageToolInputCheck =
  | { readonly ok: true; readonly value: Record<string, unknown> }
  | { readonly ok: false; readonly issues: readonly string[] };

interface SchemaIssue {
  readonly path?: readonly PropertyKey[];
  readonly message?: string;
}

type ParseResult = { success: true; data: unknown } | { success: false; error: { issues?: SchemaIssue[] } };

/** True for a zod schema object (zod 3 or 4): it has `safeParse`. */
function isParser(value: unknown): value is { safeParse(input: unknown): ParseResult } {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { safeParse?: unknown }).safeParse === 'function'
  );
}

/** The JSON Schema of a tool's input: a raw shape, or one object schema. */
export function inputJsonSchemaOf(schema: ToolInputSchema): JsonSchemaObject {
  if (isParser(schema)) {
    const out = jsonSchemaOf(schema);
    return out['type'] === 'object' ? out : { type: 'object', ...out };
  }
  return jsonSchemaOfShape(schema as Record<string, unknown>);
}

/**
 * Checks a call's arguments with the user's own schema objects (their `safeParse`; no zod of
 * ours): a raw shape key by key (unknown keys dropped, as `z.object` does), an object schema
 * whole. Issues name the field, as the root entry's `tool()` reports them.
 */
export function checkToolInput(schema: ToolInputSchema, args: unknown): PageToolInputCheck {
  if (isParser(schema)) {
    const result = safeParse(schema, args);
    if (!result.success) return { ok: false, issues: issuesOf(result, []) };
    return { ok: true, value: result.data as Record<string, unknown> };
  }
  if (typeof args !== 'object' || args === null || Array.isArray(args)) {
    return {
      ok: false,
      issues: [`expected an object of arguments, got ${args === null ? 'null' : typeof args}`],
    };
  }
  const input = args as Record<string, unknown>;
  const value: Record<string, unknown> = {};
  const issues: string[] = [];
  for (const [key, field] of Object.entries(schema as Record<string, unknown>)) {
    if (!isParser(field)) {
      issues.push(`${key}: the schema has no safeParse`);
      continue;
    }
    const result = safeParse(field, input[key]);
    if (!result.success) issues.push(...issuesOf(result, [key]));
    else if (result.data !== undefined || key in input) value[key] = result.data;
  }
  return issues.length > 0 ? { ok: false, issues } : { ok: true, value };
}

function safeParse(schema: { safeParse(input: unknown): ParseResult }, input: unknown): ParseResult {
  try {
    return schema.safeParse(input);
  } catch (error) {
    return {
      success: false,
      error: {
        issues: [{ message: `the schema threw: ${error instanceof Error ? error.message : String(error)}` }],
      },
    };
  }
}

function issuesOf(result: { error: { issues?: SchemaIssue[] } }, prefix: readonly PropertyKey[]): string[] {
  const issues = result.error.issues ?? [];
  if (issues.length === 0) return [`${prefix.map(String).join('.') || 'arguments'}: invalid`];
  return issues.map((issue) => {
    const path = [...prefix, ...(issue.path ?? [])].map(String).join('.');
    return `${path || 'arguments'}: ${issue.message ?? 'invalid'}`;
  });
}

/**
 * Defines an in-page MCP tool, with the signature of the root entry's `tool()`: the handler's
 * arguments typed from `inputSchema` (a zod raw shape, or a zod object schema), checked with the
 * schema's own `safeParse` before the handler runs; input that fails, or a handler that throws,
 * becomes an `isError` result naming the field, so the model can retry. Throws a `TypeError` at
 * once for a bad name or a missing handler.
 */
export function tool<Schema extends ToolInputSchema>(
  name: string,
  description: string,
  inputSchema: Schema,
  handler: SdkMcpToolHandler<Schema>,
  extras: SdkMcpToolExtras = {},
): ExtendedSdkMcpToolDefinition<Schema> {
  if (typeof name !== 'string' || !PAGE_TOOL_NAME_PATTERN.test(name)) {
    throw new TypeError(`A tool name must match ${PAGE_TOOL_NAME_PATTERN}, got ${JSON.stringify(name)}.`);
  }
  if (typeof handler !== 'function')
    throw new TypeError(`tool ${JSON.stringify(name)}: handler must be a function.`);
  if (typeof inputSchema !== 'object' || inputSchema === null) {
    throw new TypeError(
      `tool ${JSON.stringify(name)}: inputSchema must be a zod raw shape or object schema.`,
    );
  }
  const meta: Record<string, unknown> = { ...extras._meta };
  if (extras.alwaysLoad === true) meta['anthropic/alwaysLoad'] = true;
  if (extras.maxResultSizeChars !== undefined)
    meta['anthropic/maxResultSizeChars'] = extras.maxResultSizeChars;
  const definition: ExtendedSdkMcpToolDefinition<Schema> = { name, description, inputSchema, handler };
  if (extras.title !== undefined) definition.title = extras.title;
  if (extras.annotations !== undefined) definition.annotations = extras.annotations;
  if (extras.outputSchema !== undefined) definition.outputSchema = extras.outputSchema;
  if (extras.timeoutMs !== undefined) definition.timeoutMs = extras.timeoutMs;
  if (Object.keys(meta).length > 0) definition._meta = meta;
  return definition;
}
