import { declaredZod4Optin, UnconvertibleSchemaError } from '@ccsdk/mcp-inproc';
/**
 * JSON Schema for a tool's input, read from the user's own zod schema objects (zod 3's `_def`,
 * zod 4's `_zod.def`), so the browser entry needs no zod and no converter of its own; used where
 * the schema has no Standard JSON Schema converter of its own (zod 3, zod 4 before 4.2). Written
 * as zod-to-json-schema writes zod 3's (the MCP library's converter for it): string (with its
 * length bounds), number (integer when `.int()`, with its bounds), boolean, enum, literal, array
 * (with its length bounds), set, map, object (closed by `additionalProperties: false` unless
 * passthrough), optional, nullable and union (a list of types when every member is a bare
 * primitive), default and `.describe()` (plus zod 3's refinements, promises, lazy schemas, catch
 * and readonly, read through), date (a date-time string), bigint (an int64 integer), null, and
 * `{ not: {} }` for never, undefined and NaN. A zod 3 schema met a second time is a `$ref` to where it was first
 * (`#/properties/from`), and a function, symbol or void has no JSON form: its property is left
 * out. Anything else becomes `{}`, which accepts any value: the user's schema still validates the
 * call. A zod 4 type that zod's own converter refuses (a date, a bigint, a map) throws an
 * {@link UnconvertibleSchemaError}, as that converter would.
 */

/** A JSON Schema object. */
export type JsonSchemaObject = Record<string, unknown>;

/** Deepest nesting read before giving up with `{}` (a recursive `z.lazy` would never end). */
export const ZOD_READ_MAX_DEPTH = 32;

interface ZodDefinition {
  readonly kind: string;
  readonly def: Record<string, unknown>;
  readonly description: string | undefined;
  /** A zod 3 schema (its `typeName`), read as zod-to-json-schema reads it. */
  readonly zod3: boolean;
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
      zod3: false,
    };
  }
  const v3 = (schema as { _def?: Record<string, unknown> })._def;
  if (v3 !== undefined && typeof v3['typeName'] === 'string') {
    const kind = v3['typeName'].replace(/^Zod/, '').toLowerCase();
    const description = v3['description'];
    return {
      kind,
      def: v3,
      description: typeof description === 'string' ? description : undefined,
      zod3: true,
    };
  }
  return undefined;
}

/**
 * True when a property of this schema is not required in the listing: for zod 4, as zod's
 * converter decides (see `declaredZod4Optin`); for zod 3, its own `isOptional()`, as
 * zod-to-json-schema asks; else an optional or a default.
 */
export function isOptionalSchema(schema: unknown): boolean {
  const definition = definitionOf(schema);
  if (definition === undefined) return false;
  if (!definition.zod3) return declaredZod4Optin(schema) !== undefined;
  const ask = (schema as { isOptional?: unknown }).isOptional;
  if (typeof ask === 'function') {
    try {
      return ask.call(schema) === true;
    } catch {
      return false;
    }
  }
  return definition.kind === 'optional' || definition.kind === 'default';
}

/**
 * Where a schema is being read: its JSON Pointer from the root (`['#', 'properties', 'from']`) and
 * the zod 3 definitions already read, by where they were first, for zod-to-json-schema's `$ref`s.
 */
export interface ReadPlace {
  readonly path: readonly string[];
  readonly seen: Map<object, readonly string[]>;
  /** True at a property of an object itself, where a zod 3 optional is read as what it wraps. */
  readonly property?: boolean;
}

/** A fresh read from the root of a document. */
export function rootPlace(): ReadPlace {
  return { path: ['#'], seen: new Map() };
}

/** The place `steps` below `place` (`below(root, 'properties', 'from')`). */
export function below(place: ReadPlace, ...steps: string[]): ReadPlace {
  return { path: [...place.path, ...steps], seen: place.seen };
}

/** zod 4 types its JSON Schema converter refuses by default, by their `def.type`. */
const ZOD4_UNREPRESENTABLE = new Map([
  ['bigint', 'BigInt cannot be represented in JSON Schema'],
  ['date', 'Date cannot be represented in JSON Schema'],
  ['map', 'Map cannot be represented in JSON Schema'],
  ['set', 'Set cannot be represented in JSON Schema'],
  ['symbol', 'Symbols cannot be represented in JSON Schema'],
  ['undefined', 'Undefined cannot be represented in JSON Schema'],
  ['void', 'Void cannot be represented in JSON Schema'],
  ['nan', 'NaN cannot be represented in JSON Schema'],
  ['custom', 'Custom types cannot be represented in JSON Schema'],
]);

/** zod 3 types zod-to-json-schema gives no JSON form: a property of one is left out. */
const ZOD3_WITHOUT_FORM = new Set(['function', 'symbol', 'void']);

/**
 * The JSON Schema of one zod schema at `place`; `undefined` for a zod 3 type with no JSON form.
 * Throws an {@link UnconvertibleSchemaError} for a zod 4 type zod's converter refuses.
 */
export function jsonSchemaOf(
  schema: unknown,
  depth = 0,
  place: ReadPlace = rootPlace(),
): JsonSchemaObject | undefined {
  const definition = definitionOf(schema);
  if (definition === undefined || depth > ZOD_READ_MAX_DEPTH) return {};
  if (!definition.zod3) {
    const refused = ZOD4_UNREPRESENTABLE.get(definition.kind);
    if (refused !== undefined) throw new UnconvertibleSchemaError(refused);
  } else {
    const first = place.seen.get(definition.def);
    if (first !== undefined) return { $ref: first.join('/') };
    place.seen.set(definition.def, place.path);
    if (ZOD3_WITHOUT_FORM.has(definition.kind)) return undefined;
  }
  const out = read(definition, depth + 1, place);
  if (out !== undefined && definition.description !== undefined && out['description'] === undefined) {
    out['description'] = definition.description;
  }
  return out;
}

/** The JSON Schema of an object whose properties are `shape` (a zod raw shape) at `place`. */
function jsonSchemaOfShape(
  shape: Record<string, unknown>,
  depth: number,
  place: ReadPlace,
): JsonSchemaObject {
  const properties: Record<string, JsonSchemaObject> = {};
  const required: string[] = [];
  for (const [key, value] of Object.entries(shape)) {
    const property = jsonSchemaOf(value, depth, { ...below(place, 'properties', key), property: true });
    if (property === undefined) continue;
    properties[key] = property;
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

/** A read that must give a schema (an item, a member): a type with no JSON form gives `{}`. */
function schemaAt(schema: unknown, depth: number, place: ReadPlace): JsonSchemaObject {
  return jsonSchemaOf(schema, depth, place) ?? {};
}

function read(
  { kind, def, zod3 }: ZodDefinition,
  depth: number,
  place: ReadPlace,
): JsonSchemaObject | undefined {
  switch (kind) {
    case 'string':
      return { type: 'string', ...boundsOf(kind, def) };
    case 'number':
      return { type: isInteger(def) ? 'integer' : 'number', ...boundsOf(kind, def) };
    case 'boolean':
      return { type: 'boolean' };
    case 'null':
      return { type: 'null' };
    case 'date':
      return { type: 'string', format: 'date-time' };
    case 'bigint':
      return { type: 'integer', format: 'int64' };
    case 'never':
    case 'undefined':
    case 'nan':
      return { not: {} };
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
      const element = def['element'] ?? def['type'];
      // zod 3: a list of anything states no items.
      const items =
        zod3 && kindOf(element) === 'any' ? undefined : jsonSchemaOf(element, depth, below(place, 'items'));
      return { type: 'array', ...(items === undefined ? {} : { items }), ...boundsOf(kind, def) };
    }
    case 'set':
      return {
        type: 'array',
        uniqueItems: true,
        items: schemaAt(def['valueType'], depth, below(place, 'items')),
      };
    case 'map':
      // zod-to-json-schema's "entries" form: a list of [key, value] pairs.
      return {
        type: 'array',
        maxItems: 125,
        items: {
          type: 'array',
          items: [
            schemaAt(def['keyType'], depth, below(place, 'items', 'items', '0')),
            schemaAt(def['valueType'], depth, below(place, 'items', 'items', '1')),
          ],
          minItems: 2,
          maxItems: 2,
        },
      };
    case 'object': {
      const shape = typeof def['shape'] === 'function' ? (def['shape'] as () => unknown)() : def['shape'];
      if (typeof shape !== 'object' || shape === null) return { type: 'object' };
      const object = jsonSchemaOfShape(shape as Record<string, unknown>, depth, place);
      // zod 3 closes an object unless it passes unknown keys through.
      return zod3 && def['unknownKeys'] !== 'passthrough'
        ? { ...object, additionalProperties: false }
        : object;
    }
    case 'optional':
      // zod 3, anywhere but at a property itself: "nothing, or the schema".
      if (zod3 && place.property !== true) {
        return { anyOf: [{ not: {} }, schemaAt(def['innerType'], depth, below(place, 'anyOf', '1'))] };
      }
      return jsonSchemaOf(def['innerType'], depth, place);
    case 'promise':
      return jsonSchemaOf(def['type'], depth, place);
    case 'catch':
    case 'readonly':
      // What it wraps: a fallback or a frozen value changes nothing a caller may send.
      return jsonSchemaOf(def['innerType'], depth, place);
    case 'lazy': {
      const getter = def['getter'];
      return typeof getter === 'function' ? jsonSchemaOf((getter as () => unknown)(), depth, place) : {};
    }
    case 'nullable': {
      if (zod3) {
        // A plain primitive (no checks) folds into a list of types, without reading it.
        const plain = plainZod3Type(def['innerType']);
        if (plain !== undefined) return { type: [plain, 'null'] };
        return { anyOf: [schemaAt(def['innerType'], depth, below(place, 'anyOf', '0')), { type: 'null' }] };
      }
      const inner = schemaAt(def['innerType'], depth, below(place, 'anyOf', '0'));
      const type = barePrimitiveType(inner);
      return type === undefined ? { anyOf: [inner, { type: 'null' }] } : { type: [type, 'null'] };
    }
    case 'default': {
      const inner = jsonSchemaOf(def['innerType'], depth, place);
      const value = def['defaultValue'];
      return { ...inner, default: typeof value === 'function' ? (value as () => unknown)() : value };
    }
    case 'union': {
      const members = Array.isArray(def['options']) ? def['options'] : [];
      if (zod3) return zod3Union(members, depth, place);
      const options = members.flatMap((option: unknown, i: number) => {
        const read = jsonSchemaOf(option, depth, below(place, 'anyOf', String(i)));
        return read === undefined ? [] : [read];
      });
      const types = options.map(barePrimitiveType);
      return options.length > 0 && types.every((type) => type !== undefined)
        ? { type: [...new Set(types)] }
        : { anyOf: options };
    }
    case 'effects':
      // zod 3's refine / superRefine / preprocess wrap the schema they check.
      return jsonSchemaOf(def['schema'], depth, place);
    default:
      return {};
  }
}

/** The kind of a zod schema (`string`, `any`, ...), or `undefined` for anything else. */
function kindOf(schema: unknown): string | undefined {
  return definitionOf(schema)?.kind;
}

/** zod 3 kinds a plain instance of which (no checks) is one JSON type. */
const ZOD3_PLAIN_TYPES = new Map([
  ['string', 'string'],
  ['number', 'number'],
  ['bigint', 'integer'],
  ['boolean', 'boolean'],
  ['null', 'null'],
]);

/** The JSON type of a zod 3 primitive without checks, else `undefined`. */
function plainZod3Type(schema: unknown): string | undefined {
  const definition = definitionOf(schema);
  if (definition === undefined || !definition.zod3) return undefined;
  const checks = definition.def['checks'];
  if (Array.isArray(checks) && checks.length > 0) return undefined;
  return ZOD3_PLAIN_TYPES.get(definition.kind);
}

/**
 * A zod 3 union as zod-to-json-schema writes it: plain primitives as a list of types, enums as one
 * enum of their values, undescribed literals as one enum of their values with their types, else `anyOf` of its members, leaving out those that state nothing (`{}`);
 * `undefined` (no JSON form) when none is left.
 */
function zod3Union(
  members: readonly unknown[],
  depth: number,
  place: ReadPlace,
): JsonSchemaObject | undefined {
  const plain = members.map(plainZod3Type);
  if (members.length > 0 && plain.every((type) => type !== undefined)) {
    const types = [...new Set(plain)];
    return { type: types.length === 1 ? types[0] : types };
  }
  if (members.length > 0 && members.every((member) => kindOf(member) === 'enum')) {
    const values = members.flatMap((member) => {
      const def = definitionOf(member)?.def ?? {};
      return Array.isArray(def['values']) ? (def['values'] as unknown[]) : [];
    });
    return { type: 'string', enum: [...new Set(values)] };
  }
  // Literals fold into one enum only when none is described.
  const literals = members.map((member) => {
    const definition = definitionOf(member);
    return definition?.kind === 'literal' && definition.description === undefined
      ? definition.def['value']
      : undefined;
  });
  if (members.length > 0 && literals.every(isPlainLiteral)) {
    const types = [...new Set(literals.map((value) => typeof value))];
    return { type: types.length === 1 ? types[0] : types, enum: [...new Set(literals)] };
  }
  const options = members.flatMap((member, i) => {
    const read = jsonSchemaOf(member, depth, below(place, 'anyOf', String(i)));
    return read === undefined || Object.keys(read).length === 0 ? [] : [read];
  });
  // Nothing left to say: no JSON form, as for a function (its property is left out).
  return options.length === 0 ? undefined : { anyOf: options };
}

/** A string, number or boolean: a literal a union of literals lists in one `enum`. */
function isPlainLiteral(value: unknown): value is string | number | boolean {
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';
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
