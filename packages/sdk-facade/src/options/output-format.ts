/** The kinds of structured output the CLI supports. */
export type OutputFormatType = 'json_schema';

/** The part every output format has. */
export type BaseOutputFormat = {
  type: OutputFormatType;
};

/** The final result must be JSON matching `schema`; it arrives as the result's `structured_output`. */
export type JsonSchemaOutputFormat = {
  type: 'json_schema';
  schema: Record<string, unknown>;
};

/** The `outputFormat` option. */
export type OutputFormat = JsonSchemaOutputFormat;

/** A beta feature of the API the session may turn on (`--betas`). */
export type SdkBeta = 'context-1m-2025-08-07';
