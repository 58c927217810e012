/**
 * A schema its own library refused to describe as JSON Schema (a zod 4 `z.date()`, `z.bigint()` or
 * `z.custom()` anywhere in it): the schema is fine for validation, but a tool cannot be listed with
 * it, so the server registers the tool disabled. Imports nothing, so the browser entry's page
 * server throws and catches the same class.
 */
export class UnconvertibleSchemaError extends TypeError {
  /** Why the library refused, in its words (e.g. "Date cannot be represented in JSON Schema"). */
  readonly reason: string;

  /** `label` names what was converted (`tool "x": inputSchema`); the message is then about it. */
  constructor(reason: string, options: { label?: string; cause?: unknown } = {}) {
    const { label, cause } = options;
    super(
      label === undefined ? reason : `${label} cannot be described as JSON Schema: ${reason}`,
      cause === undefined ? undefined : { cause },
    );
    this.name = 'UnconvertibleSchemaError';
    this.reason = reason;
  }
}
