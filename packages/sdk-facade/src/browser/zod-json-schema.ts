/**
 * JSON Schema for a tool's input, read from the user's own zod schema objects (zod 3's `_def`,
 * zod 4's `_zod.def`), so the browser entry needs no zod and no converter of its own. Read:
 * string, number (integer when `.int()`), boolean, enum, literal, array, object, optional,
 * nullable, default, union and `.describe()` (plus zod 3's refinements, read through). Anything
 * else becomes `{}`, which accepts any value: the user's schema still validates the call.
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
export function jsonSchemaOfShape(shape: Record<string, unknown>, depth = 0): JsonSchemaObject {
  const properties: Record<string, JsonSchemaObject> = {};
  const required: string[] = [];
  for (const [key, value] of Object.entries(shape)) {
    properties[key] = jsonSchemaOf(value, depth);
    if (!isOptionalSchema(value)) required.push(key);
  }
  return { type: 'object', properties, ...(required.length > 0 ? { required } : {}) };
}

function read({ kind, def }: ZodDefinition, depth: number): JsonSchemaObject {
  switch (kind) {
    case 'string':
      return { type: 'string' };
    case 'number':
      return { type: isInteger(def) ? 'integer' : 'number' };
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
      return values.length === 1 ? { const: values[0] } : { enum: values };
    }
    case 'array':
      return { type: 'array', items: jsonSchemaOf(def['element'] ?? def['type'], depth) };
    case 'object': {
      const shape = typeof def['shape'] === 'function' ? (def['shape'] as () => unknown)() : def['shape'];
      return typeof shape === 'object' && shape !== null
        ? jsonSchemaOfShape(shape as Record<string, unknown>, depth)
        : { type: 'object' };
    }
    case 'optional':
      return jsonSchemaOf(def['innerType'], depth);
    case 'nullable':
      return { anyOf: [jsonSchemaOf(def['innerType'], depth), { type: 'null' }] };
    case 'default': {
      const inner = jsonSchemaOf(def['innerType'], depth);
      const value = def['defaultValue'];
      return { ...inner, default: typeof value === 'function' ? (value as () => unknown)() : value };
    }
    case 'union':
      return {
        anyOf: Array.isArray(def['options'])
          ? def['options'].map((o: unknown) => jsonSchemaOf(o, depth))
          : [],
      };
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
