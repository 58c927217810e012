import { type AnySchema, safeParseAsync } from '@modelcontextprotocol/sdk/server/zod-compat.js';
import type { StandardSchemaV1 } from '@standard-schema/spec';
import { jsonTypeName, quoteValue } from './describe-value.js';
import { isPlainObject } from './json-rpc.js';
import {
  type JsonSchema,
  type SchemaIo,
  schemaToJsonSchema,
  zodObjectJsonSchema,
  zodObjectOf,
} from './json-schema.js';
import {
  declaredZod4Optin,
  inOfficialShapeForm,
  isSingleZodShape,
  isZodSchema,
  isZodShape,
} from './official-tool-form.js';
import { isStandardSchema, type ToolInputSchema } from './schema-types.js';

/** The outcome of validating one argument object. `issues` name the field each problem is in. */
export type ValidationOutcome =
  | { ok: true; value: Record<string, unknown> }
  | {
      ok: false;
      issues: readonly string[];
      /**
       * For a shape of zod schemas, zod's own issues as parsing the whole object gives them (each
       * path from the argument's key), for the error text the official SDK's tools answer with.
       */
      zodIssues?: readonly StandardSchemaV1.Issue[];
      /**
       * For a zod schema that threw while checking (a refinement that throws), what it threw, as
       * the official SDK's tools answer with it: the error's message alone.
       */
      thrown?: string;
    };

/** A tool schema made ready for use: its JSON Schema for listings, and a validator for calls. */
export interface CompiledObjectSchema {
  /** The object schema published in `tools/list`. */
  readonly jsonSchema: JsonSchema;
  /** Validates an argument object; never throws (a throwing schema becomes an issue). */
  validate(value: unknown): Promise<ValidationOutcome>;
}

/**
 * Compiles a raw shape or an object Standard Schema. Throws a `TypeError` naming `label` and the
 * bad property when a value is not a schema or has no JSON Schema form.
 */
export function compileObjectSchema(
  schema: ToolInputSchema,
  io: SchemaIo,
  label: string,
): CompiledObjectSchema {
  if (isStandardSchema(schema)) return compileWholeSchema(schema, io, label);
  if (!isPlainObject(schema)) {
    throw new TypeError(`${label} must be a raw shape or a Standard Schema, got ${quoteValue(schema)}.`);
  }
  return compileShape(schema, io, label);
}

/**
 * Compiles a whole object schema. A zod object is listed and refused as the official SDK (through
 * the MCP library) lists and refuses it: its input schema with the converter's `$schema` where the
 * converter put it, and zod's own issues for refused arguments.
 */
function compileWholeSchema(schema: StandardSchemaV1, io: SchemaIo, label: string): CompiledObjectSchema {
  const zod = isZodSchema(schema);
  const jsonSchema =
    zod && io === 'input' ? zodObjectJsonSchema(schema, label) : schemaToJsonSchema(schema, io, label);
  if (jsonSchema['type'] !== 'object') {
    throw new TypeError(
      `${label} must describe an object, but its JSON Schema type is ${quoteValue(jsonSchema['type'])}.`,
    );
  }
  return { jsonSchema, validate: wholeValidator(schema, zod) };
}

/**
 * Validates arguments with one object schema; a zod one as the MCP library does for the official
 * SDK (`safeParseAsync`), its refusals carrying zod's own issues.
 */
function wholeValidator(schema: StandardSchemaV1, zod: boolean): CompiledObjectSchema['validate'] {
  return async (value) => {
    const input = value === undefined ? {} : value;
    const result = zod ? await runZodSchema(schema, input) : await runSchema(schema, input);
    if (result.issues) {
      const issues = result.issues.map((issue) => formatIssue([], issue));
      if (!zod) return { ok: false, issues };
      return 'threw' in result
        ? { ok: false, issues, thrown: String(result.threw) }
        : { ok: false, issues, zodIssues: result.issues };
    }
    if (!isPlainObject(result.value)) {
      return { ok: false, issues: [`the schema produced ${jsonTypeName(result.value)}, not an object`] };
    }
    return { ok: true, value: result.value };
  };
}

function compileShape(shape: Record<string, unknown>, io: SchemaIo, label: string): CompiledObjectSchema {
  const entries: [string, StandardSchemaV1][] = [];
  for (const [key, value] of Object.entries(shape)) {
    if (!isStandardSchema(value)) {
      throw new TypeError(
        `${label}: property ${JSON.stringify(key)} is not a schema (zod 3.25+, zod 4 or any Standard Schema), got ${quoteValue(value)}.`,
      );
    }
    entries.push([key, value]);
  }
  const values = entries.map(([, value]) => value);
  // The MCP library takes a zod shape as one zod object of its keys, to list it (which keys are
  // required, $refs) and to check calls (what a missing z.any() key gets, the order of issues).
  if (io === 'input' && isSingleZodShape(values)) return compileWholeSchema(zodObjectOf(shape), io, label);
  // Whether refusals answer in zod's words: decided once for the tool, not per call.
  const zodShape = isZodShape(values);
  return {
    jsonSchema: shapeJsonSchema(entries, io, label),
    async validate(value) {
      const input = value === undefined ? {} : value;
      if (!isPlainObject(input))
        return { ok: false, issues: [`expected an object of arguments, got ${jsonTypeName(input)}`] };
      const output: Record<string, unknown> = {};
      const issues: StandardSchemaV1.Issue[] = [];
      let threw = false;
      for (const [key, schema] of entries) {
        const present = Object.hasOwn(input, key);
        const result = await runSchema(schema, present ? input[key] : undefined);
        threw ||= 'threw' in result;
        if (result.issues)
          issues.push(...result.issues.map((issue) => ({ ...issue, path: [key, ...(issue.path ?? [])] })));
        else if (present || result.value !== undefined) defineKey(output, key, result.value);
      }
      if (issues.length === 0) return { ok: true, value: output };
      const described = issues.map((issue) => formatIssue([], issue));
      return zodShape && !threw
        ? { ok: false, issues: described, zodIssues: issues }
        : { ok: false, issues: described };
    },
  };
}

/**
 * A shape's JSON Schema built property by property, each from its own schema's converter (so any
 * Standard Schema may sit beside zod); an input schema in the official SDK's form for a zod 4 shape.
 */
function shapeJsonSchema(
  entries: readonly (readonly [string, StandardSchemaV1])[],
  io: SchemaIo,
  label: string,
): JsonSchema {
  const properties: JsonSchema = {};
  const defs: JsonSchema = {};
  const required: string[] = [];
  for (const [key, value] of entries) {
    const { $defs, definitions, ...property } = schemaToJsonSchema(
      value,
      io,
      `${label}, property ${JSON.stringify(key)}`,
    );
    Object.assign(defs, isPlainObject($defs) ? $defs : {}, isPlainObject(definitions) ? definitions : {});
    defineKey(properties, key, property);
    if (!mayBeLeftOut(value)) required.push(key);
  }
  const built: JsonSchema = { type: 'object', properties };
  if (required.length > 0) built['required'] = required;
  if (Object.keys(defs).length > 0) built['$defs'] = defs;
  return io === 'input'
    ? inOfficialShapeForm(
        built,
        entries.map(([, value]) => value),
      )
    : built;
}

/**
 * A zod schema's result as the MCP library gets it for the official SDK: `safeParseAsync`, whose
 * issues come in the order zod's async parse gives them (a union's after a plain field's), not the
 * synchronous order of `~standard.validate`. `threw` as with {@link runSchema}.
 */
async function runZodSchema(
  schema: StandardSchemaV1,
  value: unknown,
): Promise<StandardSchemaV1.Result<unknown> | { issues: StandardSchemaV1.Issue[]; threw: string }> {
  try {
    const result = await safeParseAsync(schema as unknown as AnySchema, value);
    return result.success
      ? { value: result.data }
      : { issues: (result.error as { issues: StandardSchemaV1.Issue[] }).issues };
  } catch (error) {
    const thrown = error instanceof Error ? error.message : String(error);
    return { issues: [{ message: `the schema threw: ${thrown}` }], threw: thrown };
  }
}

/** A schema's result; `threw` when the schema threw instead of answering (its issue says so). */
async function runSchema(
  schema: StandardSchemaV1,
  value: unknown,
): Promise<StandardSchemaV1.Result<unknown> | { issues: StandardSchemaV1.Issue[]; threw: true }> {
  try {
    return await schema['~standard'].validate(value);
  } catch (error) {
    return {
      issues: [{ message: `the schema threw: ${error instanceof Error ? error.message : String(error)}` }],
      threw: true,
    };
  }
}

/**
 * True when a key of a shape listed key by key (one mixing zod 3 and zod 4, or of other schemas) is
 * not required: for a zod 4 schema, when its declared input is optional, as zod's converter decides
 * (see {@link declaredZod4Optin}); for any other, when it accepts a missing value.
 */
function mayBeLeftOut(schema: StandardSchemaV1): boolean {
  return '_zod' in schema ? declaredZod4Optin(schema) !== undefined : acceptsUndefined(schema);
}

/** True when the schema accepts a missing value synchronously, so the key is optional. */
function acceptsUndefined(schema: StandardSchemaV1): boolean {
  try {
    const result = schema['~standard'].validate(undefined);
    if (result instanceof Promise) {
      result.catch(() => undefined);
      return false;
    }
    return result.issues === undefined;
  } catch {
    return false;
  }
}

function formatIssue(prefix: readonly PropertyKey[], issue: StandardSchemaV1.Issue): string {
  const segments = [...prefix, ...(issue.path ?? []).map((s) => (typeof s === 'object' ? s.key : s))];
  const path = segments
    .map((s, i) => (typeof s === 'number' ? `[${s}]` : i === 0 ? String(s) : `.${String(s)}`))
    .join('');
  return path === '' ? issue.message : `${path}: ${issue.message}`;
}

function defineKey(target: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}
