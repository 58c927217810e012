/**
 * JSON Schema for a tool's input, read from the user's own zod schema objects (zod 3's `_def`,
 * zod 4's `_zod.def`), so the browser entry needs no zod and no converter of its own; used where
 * the schema has no Standard JSON Schema converter of its own (zod 3, zod 4 before 4.2). Written
 * as zod-to-json-schema writes zod 3's (the MCP library's converter for it): string (with its
 * length bounds), number (integer when `.int()`, with its bounds), boolean, enum, literal, array
 * (with its length bounds), object (closed by `additionalProperties: false` unless passthrough),
 * optional, nullable and union (a list of types when every member is a bare primitive), default
 * and `.describe()` (plus zod 3's refinements, read through). Anything else becomes `{}`, which
 * accepts any value: the user's schema still validates the call.
 */

/** A JSON Schema object. */
export type JsonSchemaObject = Record<string, unknown>;

/** Deepest nesting read before giving up with `{}` (a recursive `z.lazy` would never end). */
export const ZOD_READ_MAX_DEPTH = 32;

interface ZodDefinition {
  readonly kind: string;
  readonly def: Record<string, unknown>;
  readonly description: string | undefined;
}

/** The definition of a zod 3 or zod 4 schema in one form; `undefined` for anything else. */
function definitionOf(schema: unknown): ZodDefinition | undefined {
  if (typeof schema !== 'object' || schema === null) return undefined;
  const v4 = (schema as { _zod?: { def?: Record<string, unknown> } })._zod?.def;
  if (v4 !== undefined && typeof v4['type'] === 'string') {
    const description = (schema as { description?: unknown }).description;
    return {
      kind: v4['type'],
      def: v4,
      description: typeof description === 'string' ? description : undefined,
    };
  }
  const v3 = (schema as { _def?: Record<string, unknown> })._def;
  if (v3 !== undefined && typeof v3['typeName'] === 'string') {
    const kind = v3['typeName'].replace(/^Zod/, '').toLowerCase();
    const description = v3['description'];
    return { kind, def: v3, description: typeof description === 'string' ? description : undefined };
  }
  return undefined;
}

/** True when a property of this schema may be left out (optional, or with a default). */
export function isOptionalSchema(schema: unknown): boolean {
  const kind = definitionOf(schema)?.kind;
  return kind === 'optional' || kind === 'default';
}

/** The JSON Schema of one zod schema. */
export function jsonSchemaOf(schema: unknown, depth = 0): JsonSchemaObject {
  const definition = definitionOf(schema);
  if (definition === undefined || depth > ZOD_READ_MAX_DEPTH) return {};
  const out = read(definition, depth + 1);
  if (definition.description !== undefined && out['description'] === undefined) {
    out['description'] = definition.description;
  }
  return out;
}

/** The JSON Schema of an object whose properties are `shape` (a zod raw shape). */
function jsonSchemaOfShape(shape: Record<string, unknown>, depth = 0): JsonSchemaObject {
  const properties: Record<string, JsonSchemaObject> = {};
  const required: string[] = [];
  for (const [key, value] of Object.entries(shape)) {
    properties[key] = jsonSchemaOf(value, depth);
    if (!isOptionalSchema(value)) required.push(key);
  }
  return { type: 'object', properties, ...(required.length > 0 ? { required } : {}) };
}

/** The JSON type names zod-to-json-schema folds into a `type` list for nullable and union. */
const PRIMITIVE_TYPES = new Set(['string', 'number', 'integer', 'boolean', 'null']);

/** The type of a schema that is nothing but one primitive `type`, else `undefined`. */
function barePrimitiveType(schema: JsonSchemaObject): string | undefined {
  const keys = Object.keys(schema);
  const type = schema['type'];
  return keys.length === 1 && typeof type === 'string' && PRIMITIVE_TYPES.has(type) ? type : undefined;
}

type Check = { kind?: unknown; value?: unknown; inclusive?: unknown };

/** zod 3's checks of a string, number or array as JSON Schema bounds. */
function boundsOf(kind: string, def: Record<string, unknown>): JsonSchemaObject {
  const out: JsonSchemaObject = {};
  if (kind === 'array') {
    const at = (key: string) => (def[key] as { value?: unknown } | null | undefined)?.value;
    if (at('exactLength') !== undefined) return { minItems: at('exactLength'), maxItems: at('exactLength') };
    if (at('minLength') !== undefined) out['minItems'] = at('minLength');
    if (at('maxLength') !== undefined) out['maxItems'] = at('maxLength');
    return out;
  }
  const checks = Array.isArray(def['checks']) ? (def['checks'] as Check[]) : [];
  for (const check of checks) {
    if (kind === 'string') {
      if (check.kind === 'min' || check.kind === 'length') out['minLength'] = check.value;
      if (check.kind === 'max' || check.kind === 'length') out['maxLength'] = check.value;
    } else if (kind === 'number') {
      if (check.kind === 'min') out[check.inclusive === false ? 'exclusiveMinimum' : 'minimum'] = check.value;
      if (check.kind === 'max') out[check.inclusive === false ? 'exclusiveMaximum' : 'maximum'] = check.value;
    }
  }
  return out;
}

function read({ kind, def }: ZodDefinition, depth: number): JsonSchemaObject {
  switch (kind) {
    case 'string':
      return { type: 'string', ...boundsOf(kind, def) };
    case 'number':
      return { type: isInteger(def) ? 'integer' : 'number', ...boundsOf(kind, def) };
    case 'boolean':
      return { type: 'boolean' };
    case 'enum': {
      const values = Array.isArray(def['values'])
        ? def['values']
        : Object.values((def['entries'] as Record<string, unknown> | undefined) ?? {});
      return { type: 'string', enum: values };
    }
    case 'literal': {
      const values = Array.isArray(def['values']) ? def['values'] : [def['value']];
      if (values.length !== 1) return { enum: values };
      const type = typeof values[0];
      return type === 'string' || type === 'number' || type === 'boolean'
        ? { type, const: values[0] }
        : { const: values[0] };
    }
    case 'array': {
      const items = jsonSchemaOf(def['element'] ?? def['type'], depth);
      return { type: 'array', items, ...boundsOf(kind, def) };
    }
    case 'object': {
      const shape = typeof def['shape'] === 'function' ? (def['shape'] as () => unknown)() : def['shape'];
      if (typeof shape !== 'object' || shape === null) return { type: 'object' };
      const object = jsonSchemaOfShape(shape as Record<string, unknown>, depth);
      // zod 3 (its `typeName`) closes an object unless it passes unknown keys through.
      return typeof def['typeName'] === 'string' && def['unknownKeys'] !== 'passthrough'
        ? { ...object, additionalProperties: false }
        : object;
    }
    case 'optional':
      return jsonSchemaOf(def['innerType'], depth);
    case 'nullable': {
      const inner = jsonSchemaOf(def['innerType'], depth);
      const type = barePrimitiveType(inner);
      return type === undefined ? { anyOf: [inner, { type: 'null' }] } : { type: [type, 'null'] };
    }
    case 'default': {
      const inner = jsonSchemaOf(def['innerType'], depth);
      const value = def['defaultValue'];
      return { ...inner, default: typeof value === 'function' ? (value as () => unknown)() : value };
    }
    case 'union': {
      const members = Array.isArray(def['options']) ? def['options'] : [];
      const options = members.map((option: unknown) => jsonSchemaOf(option, depth));
      const types = options.map(barePrimitiveType);
      return options.length > 0 && types.every((type) => type !== undefined)
        ? { type: [...new Set(types)] }
        : { anyOf: options };
    }
    case 'effects':
      // zod 3's refine / superRefine / preprocess wrap the schema they check.
      return jsonSchemaOf(def['schema'], depth);
    default:
      return {};
  }
}

function isInteger(def: Record<string, unknown>): boolean {
  if (typeof def['format'] === 'string' && def['format'].includes('int')) return true;
  const checks = def['checks'];
  if (!Array.isArray(checks)) return false;
  return checks.some((check: unknown) => {
    const c = check as { kind?: unknown; _zod?: { def?: { format?: unknown } } };
    if (c.kind === 'int') return true;
    const format = c._zod?.def?.format;
    return typeof format === 'string' && format.includes('int');
  });
}
