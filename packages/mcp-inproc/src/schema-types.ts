import type { StandardSchemaV1 } from '@standard-schema/spec';

/**
 * A raw shape: argument name to schema, as `tool()` takes it. Each schema may be a zod 4 schema, a
 * zod 3.25+ schema (`zod/v3` included), or any other Standard Schema (valibot, arktype, ...).
 */
export type ToolInputShape = Record<string, StandardSchemaV1>;

/**
 * What `tool()` accepts as an input (or output) schema: a raw shape, or one Standard Schema that
 * describes an object (e.g. `z.object({...}).strict()`).
 */
export type ToolInputSchema = ToolInputShape | StandardSchemaV1;

type OutputOf<S> = S extends StandardSchemaV1 ? StandardSchemaV1.InferOutput<S> : never;
type Simplify<T> = { [K in keyof T]: T[K] } & {};
type OptionalKeys<Shape> = {
  [K in keyof Shape]: undefined extends OutputOf<Shape[K]> ? K : never;
}[keyof Shape];

/**
 * The argument object a raw shape produces after validation: one key per schema, optional where
 * the schema accepts `undefined` (`.optional()`, `.default()`).
 */
export type InferShape<Shape extends ToolInputShape> = Simplify<
  { [K in Exclude<keyof Shape, OptionalKeys<Shape>>]: OutputOf<Shape[K]> } & {
    [K in OptionalKeys<Shape>]?: OutputOf<Shape[K]>;
  }
>;

/** The argument object a tool handler receives for a given input schema. */
export type InferToolInput<Schema extends ToolInputSchema> = Schema extends StandardSchemaV1
  ? OutputOf<Schema>
  : Schema extends ToolInputShape
    ? InferShape<Schema>
    : never;

/** True for a value that carries the Standard Schema `~standard` property with a `validate` function. */
export function isStandardSchema(value: unknown): value is StandardSchemaV1 {
  if ((typeof value !== 'object' && typeof value !== 'function') || value === null) return false;
  const props = (value as { '~standard'?: unknown })['~standard'];
  return (
    typeof props === 'object' &&
    props !== null &&
    typeof (props as { validate?: unknown }).validate === 'function'
  );
}
