/**
 * The official SDK's form of a tool, for servers that stand in for its in-process server: the
 * definition `tool()` returns, and the input schema of a zod shape as the MCP library lists it.
 * Imports nothing at run time, so a browser bundle may use it without the MCP SDK or zod.
 */
import type { SdkMcpToolExtras } from './tool.js';

/** The `$schema` URI of draft-07, as the MCP library states it in a zod schema's JSON Schema. */
export const JSON_SCHEMA_DIALECT_URI = 'http://json-schema.org/draft-07/schema#';

/** True for a zod 3 or zod 4 schema (zod 4 carries `_zod`; zod 3 a `_def` and `safeParse`). */
export function isZodSchema(schema: unknown): boolean {
  if (typeof schema !== 'object' || schema === null) return false;
  return '_zod' in schema || ('_def' in schema && 'safeParse' in schema);
}

/** What a shape's values are, as far as its listing goes: all zod 3, all zod 4 (or none), or other. */
type ShapeKind = 'zod3' | 'zod4' | 'other';

function shapeKindOf(values: readonly unknown[]): ShapeKind {
  if (!values.every(isZodSchema)) return 'other';
  return values.length > 0 && values.every((value) => !('_zod' in (value as object))) ? 'zod3' : 'zod4';
}

/** True when every value of a shape is a zod schema (an empty shape too): its tool errors as zod's. */
export function isZodShape(values: readonly unknown[]): boolean {
  return shapeKindOf(values) !== 'other';
}

/**
 * A zod 4 schema's optional input as its declared type states it, which decides whether a key is
 * required in a listing: a `catch()` and a transform are looked through (they accept a missing value
 * at run time, but what they declare is what they wrap), so `z.string().catch('x')` and `z.any()`
 * are required and `optional()`, `default()` and `nullish()` are not.
 */
export function declaredZod4Optin(schema: unknown): unknown {
  const zod = (schema as { _zod?: { optin?: unknown; def?: Record<string, unknown> } })._zod;
  const def = zod?.def;
  if (def?.['type'] === 'catch') return declaredZod4Optin(def['innerType']);
  const into = (def?.['in'] as { _zod?: { def?: { type?: unknown } } } | undefined)?._zod?.def?.type;
  if (def?.['type'] === 'pipe' && into === 'transform') return declaredZod4Optin(def['out']);
  return zod?.optin;
}

/**
 * True when a shape is all zod 3 or all zod 4 (an empty one too): the MCP library makes it one zod
 * object. A shape mixing the two (which the MCP library refuses) is not.
 */
export function isSingleZodShape(values: readonly unknown[]): boolean {
  const kind = shapeKindOf(values);
  return kind === 'zod3' || (kind === 'zod4' && values.every((value) => '_zod' in (value as object)));
}

/**
 * The input schema of a shape whose `values` built `jsonSchema` (`type`, `properties`,
 * `required`), as the official SDK lists it through the MCP library's converters: for a shape of
 * zod 3 schemas, closed by `additionalProperties: false` with the dialect as `$schema` last; for a
 * zod 4 shape (an empty one too), the dialect first. The CLI hands a tool's input schema to the
 * model as listed. Shapes of other schemas are left as built.
 */
export function inOfficialShapeForm(
  jsonSchema: Record<string, unknown>,
  values: readonly unknown[],
): Record<string, unknown> {
  const kind = shapeKindOf(values);
  if (kind === 'zod3')
    return { ...jsonSchema, additionalProperties: false, $schema: JSON_SCHEMA_DIALECT_URI };
  if (kind === 'zod4') return { $schema: JSON_SCHEMA_DIALECT_URI, ...jsonSchema };
  return jsonSchema;
}

/**
 * The definition `tool()` returns, with the official definition's keys in its order (`annotations`
 * and `_meta` present, undefined when unset) and `_meta` made of the extras as the official makes
 * it (`anthropic/searchHint`, then `anthropic/alwaysLoad`), after the caller's own `_meta`; then
 * ccsdk's extensions (`title`, `outputSchema`, `timeoutMs`, `anthropic/maxResultSizeChars`).
 * Checks nothing: each `tool()` checks what it needs.
 */
export function officialToolDefinition<Definition>(
  name: string,
  description: string,
  inputSchema: unknown,
  handler: unknown,
  extras: SdkMcpToolExtras,
): Definition {
  const meta: Record<string, unknown> = { ...extras._meta };
  if (extras.searchHint !== undefined) meta['anthropic/searchHint'] = extras.searchHint;
  if (extras.alwaysLoad === true) meta['anthropic/alwaysLoad'] = true;
  if (extras.maxResultSizeChars !== undefined)
    meta['anthropic/maxResultSizeChars'] = extras.maxResultSizeChars;
  const definition: Record<string, unknown> = {
    name,
    description,
    inputSchema,
    handler,
    annotations: extras.annotations,
    _meta: Object.keys(meta).length > 0 ? meta : undefined,
  };
  if (extras.title !== undefined) definition['title'] = extras.title;
  if (extras.outputSchema !== undefined) definition['outputSchema'] = extras.outputSchema;
  if (extras.timeoutMs !== undefined) definition['timeoutMs'] = extras.timeoutMs;
  return definition as Definition;
}
