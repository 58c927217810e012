import {
  type ExtendedSdkMcpToolDefinition,
  inOfficialShapeForm,
  isZodShape,
  JSON_SCHEMA_DIALECT_URI,
  officialToolDefinition,
  type SdkMcpToolExtras,
  type SdkMcpToolHandler,
  type ToolInputSchema,
  UnconvertibleSchemaError,
} from '@ccsdk/mcp-inproc';
import {
  below,
  isOptionalSchema,
  type JsonSchemaObject,
  jsonSchemaOf,
  rootPlace,
} from './zod-json-schema.js';

/**
 * Tool and server names the model API takes as they are (`^[A-Za-z0-9_-]{1,64}$`, the root entry's
 * `TOOL_NAME_PATTERN`). Any other string is a name too, as with the official SDK: the CLI rewrites
 * what the model API refuses (`get.weather` is offered as `mcp__<key>__get_weather`).
 */
export const PAGE_TOOL_NAME_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

/** The outcome of checking a call's arguments with the user's schemas. */
export type PageToolInputCheck =
  | { readonly ok: true; readonly value: Record<string, unknown> }
  | {
      readonly ok: false;
      readonly issues: readonly string[];
      /** zod's own issues, each path from the argument's key, when every schema is zod's and none threw. */
      readonly zodIssues?: readonly SchemaIssue[];
    };

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

/**
 * The JSON Schema of a tool's input, as the official SDK lists it (see `inOfficialShapeForm`): a raw
 * shape property by property, or one object schema. A zod 4.2+ schema is converted by its own
 * Standard JSON Schema converter (the page's zod, so no zod of ours); an older one is read from its
 * definition (`zod-json-schema.ts`). Throws an {@link UnconvertibleSchemaError} when zod has no
 * JSON form for it (a zod 4 `z.date()`): the page server then registers the tool disabled.
 */
export function inputJsonSchemaOf(schema: ToolInputSchema): JsonSchemaObject {
  if (isParser(schema)) {
    const standard = standardInputJsonSchema(schema);
    if (standard !== undefined) return standard;
    const read = jsonSchemaOf(schema) ?? {};
    const object = read['type'] === 'object' ? read : { type: 'object', ...read };
    return '_zod' in schema
      ? { $schema: JSON_SCHEMA_DIALECT_URI, ...object }
      : { ...object, $schema: JSON_SCHEMA_DIALECT_URI };
  }
  const shape = schema as Record<string, unknown>;
  const root = rootPlace();
  const properties: Record<string, JsonSchemaObject> = {};
  const required: string[] = [];
  for (const [key, value] of Object.entries(shape)) {
    const read =
      standardInputJsonSchema(value) ??
      jsonSchemaOf(value, 0, { ...below(root, 'properties', key), property: true });
    // A zod 3 type with no JSON form (a function): left out, as zod-to-json-schema leaves it.
    if (read === undefined) continue;
    const { $schema: _dialect, ...property } = read;
    Object.defineProperty(properties, key, {
      value: property,
      enumerable: true,
      writable: true,
      configurable: true,
    });
    if (!isOptionalSchema(value)) required.push(key);
  }
  const built = { type: 'object', properties, ...(required.length > 0 ? { required } : {}) };
  return inOfficialShapeForm(built, Object.values(shape));
}

/**
 * The Standard JSON Schema (draft-07) of what `schema` accepts, from its own converter; `undefined`
 * when it has none. Throws an {@link UnconvertibleSchemaError} when the converter refuses (zod 4's
 * `z.date()`): the tool is then not listed.
 */
function standardInputJsonSchema(schema: unknown): JsonSchemaObject | undefined {
  const standard = (schema as { '~standard'?: { jsonSchema?: { input?: unknown } } } | null)?.['~standard'];
  const input = standard?.jsonSchema?.input;
  if (typeof input !== 'function') return undefined;
  let converted: unknown;
  try {
    converted = input.call(standard?.jsonSchema, { target: 'draft-07' });
  } catch (error) {
    throw new UnconvertibleSchemaError(error instanceof Error ? error.message : String(error));
  }
  return typeof converted === 'object' && converted !== null ? (converted as JsonSchemaObject) : undefined;
}

/**
 * Checks a call's arguments with the user's own schema objects (their `safeParse`; no zod of
 * ours): a raw shape key by key (unknown keys dropped, as `z.object` does), an object schema
 * whole. Issues name the field, as the root entry's `tool()` reports them.
 */
export function checkToolInput(schema: ToolInputSchema, args: unknown): PageToolInputCheck {
  if (isParser(schema)) {
    const result = safeParse(schema, args);
    if (!result.success) return failed(issuesOf(result, []), zodIssuesOf(result, []));
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
  let zodIssues: SchemaIssue[] | undefined = isZodShape(Object.values(schema as object)) ? [] : undefined;
  for (const [key, field] of Object.entries(schema as Record<string, unknown>)) {
    if (!isParser(field)) {
      issues.push(`${key}: the schema has no safeParse`);
      continue;
    }
    const absent = !Object.hasOwn(input, key);
    const zod4 = (field as { _zod?: { optin?: unknown; optout?: unknown } })._zod;
    const result = absent && zod4 !== undefined ? absentZod4Key(field, zod4) : safeParse(field, input[key]);
    if (result === 'left out') continue;
    if (!result.success) {
      issues.push(...issuesOf(result, [key]));
      const own = zodIssuesOf(result, [key]);
      zodIssues = own === undefined ? undefined : zodIssues?.concat(own);
    } else if (result.data !== undefined || !absent || zod4?.optin === 'defaulted') value[key] = result.data;
  }
  return issues.length > 0 ? failed(issues, zodIssues) : { ok: true, value };
}

/**
 * What a zod 4 object makes of a key its arguments leave out, as the official SDK's check of the
 * whole object gives it: nothing at all for a key that is optional both in and out (`'left out'`);
 * else the schema's answer for `undefined`, except that its refusal is ignored for a key optional
 * out, a key with no optional input is refused ("expected nonoptional", a `z.any()` too), and a
 * `catch()` gives its fallback.
 */
function absentZod4Key(
  field: { safeParse(input: unknown): ParseResult },
  zod4: { optin?: unknown; optout?: unknown },
): ParseResult | 'left out' {
  const optionalOut = zod4.optout === 'optional';
  if (zod4.optin === 'optional' && optionalOut) return 'left out';
  const result = safeParse(field, undefined);
  if (!result.success) return zod4.optin !== undefined && optionalOut ? 'left out' : result;
  if (zod4.optin !== undefined) return result.data === undefined && optionalOut ? 'left out' : result;
  const issue = {
    code: 'invalid_type',
    expected: 'nonoptional',
    path: [],
    message: 'Invalid input: expected nonoptional, received undefined',
  };
  return { success: false, error: { issues: [issue] } };
}

function failed(
  issues: readonly string[],
  zodIssues: readonly SchemaIssue[] | undefined,
): PageToolInputCheck {
  return zodIssues === undefined ? { ok: false, issues } : { ok: false, issues, zodIssues };
}

/** zod's issues of a failed parse, each path after `prefix`; `undefined` when the schema threw. */
function zodIssuesOf(result: { error: { issues?: SchemaIssue[] } }, prefix: readonly PropertyKey[]) {
  if (THREW.has(result)) return undefined;
  return (result.error.issues ?? []).map((issue) => ({ ...issue, path: [...prefix, ...(issue.path ?? [])] }));
}

function safeParse(schema: { safeParse(input: unknown): ParseResult }, input: unknown): ParseResult {
  try {
    return schema.safeParse(input);
  } catch (error) {
    const threw: ParseResult = {
      success: false,
      error: {
        issues: [{ message: `the schema threw: ${error instanceof Error ? error.message : String(error)}` }],
      },
    };
    THREW.add(threw);
    return threw;
  }
}

/** Parse results made for a schema that threw: their issue is ours, not zod's. */
const THREW = new WeakSet<object>();

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
 * once for a name that is not a string (any string will do, as with the official SDK) or a missing
 * handler.
 */
export function tool<Schema extends ToolInputSchema>(
  name: string,
  description: string,
  inputSchema: Schema,
  handler: SdkMcpToolHandler<Schema>,
  extras: SdkMcpToolExtras = {},
): ExtendedSdkMcpToolDefinition<Schema> {
  if (typeof name !== 'string') throw new TypeError(`A tool name must be a string, got ${typeof name}.`);
  if (typeof handler !== 'function')
    throw new TypeError(`tool ${JSON.stringify(name)}: handler must be a function.`);
  if (typeof inputSchema !== 'object' || inputSchema === null) {
    throw new TypeError(
      `tool ${JSON.stringify(name)}: inputSchema must be a zod raw shape or object schema.`,
    );
  }
  return officialToolDefinition<ExtendedSdkMcpToolDefinition<Schema>>(
    name,
    description,
    inputSchema,
    handler,
    extras,
  );
}
