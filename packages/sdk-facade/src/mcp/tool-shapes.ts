import type { ToolInputShape } from '@ccsdk/mcp-inproc';

/**
 * A raw input shape of `tool()`: property names mapped to schemas. The official SDK names zod 3
 * and zod 4 shapes here; ccsdk takes any Standard Schema (zod 3.24+, zod 4, valibot, arktype, ...),
 * so every zod shape fits.
 */
export type AnyZodRawShape = ToolInputShape;

export type { InferShape } from '@ccsdk/mcp-inproc';
