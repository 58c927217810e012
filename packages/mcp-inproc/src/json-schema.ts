import {
  type AnySchema,
  objectFromShape,
  type ZodRawShapeCompat,
} from '@modelcontextprotocol/sdk/server/zod-compat.js';
import { toJsonSchemaCompat } from '@modelcontextprotocol/sdk/server/zod-json-schema-compat.js';
import type { StandardJSONSchemaV1, StandardSchemaV1 } from '@standard-schema/spec';
import { isZodSchema } from './official-tool-form.js';
import { UnconvertibleSchemaError } from './unconvertible-schema-error.js';

/** A JSON Schema document, as plain JSON. */
export type JsonSchema = Record<string, unknown>;

/** The JSON Schema dialect tool schemas are published in (the one the MCP SDK publishes by default). */
export const JSON_SCHEMA_TARGET = 'draft-07';

/** Which side of a transforming schema to describe: what the tool accepts, or what it returns. */
export type SchemaIo = 'input' | 'output';

/**
 * Converts one schema to JSON Schema, preserving descriptions and defaults.
 *
 * Order: the schema's own Standard JSON Schema converter (zod 4.2+, arktype, valibot with its
 * adapter), which uses the caller's library copy so `.describe()` text is kept; then zod 3 / zod 4
 * conversion through the MCP SDK. The converter's `$schema` is dropped (the schema is a property's,
 * or a ccsdk extension's: a zod tool input is listed by {@link zodObjectJsonSchema}). Throws a
 * `TypeError` for anything else, and an {@link UnconvertibleSchemaError} when the library refuses
 * (e.g. a `z.date()` has no JSON form).
 */
export function schemaToJsonSchema(schema: StandardSchemaV1, io: SchemaIo, label: string): JsonSchema {
  const props = schema['~standard'] as Partial<StandardJSONSchemaV1.Props>;
  try {
    const converter = props.jsonSchema;
    if (converter !== undefined && typeof converter[io] === 'function') {
      return stripDialect(converter[io]({ target: JSON_SCHEMA_TARGET }));
    }
    if (isZodSchema(schema)) return stripDialect(zodToJsonSchema(schema as AnySchema, io));
  } catch (cause) {
    throw new UnconvertibleSchemaError(describeCause(cause), { label, cause });
  }
  throw new TypeError(
    `${label} (vendor ${JSON.stringify(props.vendor)}) cannot be described as JSON Schema. ` +
      'Use zod, or a Standard Schema that also implements Standard JSON Schema (`~standard.jsonSchema`).',
  );
}

/**
 * A raw shape of zod schemas (all zod 3, or all zod 4) as the MCP library takes it, and so the
 * official SDK: one zod object of its keys. Validated whole, zod's issues carry each key's path all
 * the way down (into a union's errors too) and come in zod's order, and a missing key is judged as
 * zod judges it in an object; a zod 3 one listed whole lists a schema used twice as a `$ref` to its
 * first place and leaves out a field with no JSON form (a function, a symbol, `void`).
 */
export function zodObjectOf(shape: Record<string, unknown>): StandardSchemaV1 {
  return objectFromShape(shape as ZodRawShapeCompat) as unknown as StandardSchemaV1;
}

/**
 * A zod object's input schema exactly as the MCP library lists it for the official SDK (its
 * converter, strict unions, the input side of pipes): which keys are required, `$schema` and its
 * place, `$ref`s. Throws an {@link UnconvertibleSchemaError} when the converter refuses.
 */
export function zodObjectJsonSchema(object: StandardSchemaV1, label: string): JsonSchema {
  try {
    return toJsonSchemaCompat(object as unknown as AnySchema, {
      strictUnions: true,
      pipeStrategy: 'input',
    }) as JsonSchema;
  } catch (cause) {
    throw new UnconvertibleSchemaError(describeCause(cause), { label, cause });
  }
}

/**
 * Converts a zod 3 or zod 4 schema through the MCP SDK. A zod 3 `.optional()` is unwrapped first:
 * alone it would come out as `anyOf: [{ not: {} }, ...]`, while in a shape optionality belongs to
 * `required`. Its description is kept.
 */
function zodToJsonSchema(schema: AnySchema, io: SchemaIo): JsonSchema {
  const v3 = schema as { _def?: { typeName?: string; innerType?: AnySchema }; description?: string };
  if (!('_zod' in schema) && v3._def?.typeName === 'ZodOptional' && v3._def.innerType !== undefined) {
    const inner = zodToJsonSchema(v3._def.innerType, io);
    return v3.description === undefined || 'description' in inner
      ? inner
      : { ...inner, description: v3.description };
  }
  return toJsonSchemaCompat(schema, { pipeStrategy: io }) as JsonSchema;
}

function stripDialect(document: JsonSchema): JsonSchema {
  const { $schema: _dialect, ...rest } = document;
  return rest;
}

function describeCause(cause: unknown): string {
  return cause instanceof Error ? cause.message : String(cause);
}
